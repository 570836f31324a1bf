/** The list filter island of the articles lists: the shared filter with only the articles kind's loader. */
import { ListFilterIsland, type ListFilterProps } from '../../ui/list-filter/ListFilterIsland';

const loadKind = () => import('./filter');

export default function ArticlesFilter(props: ListFilterProps) {
  return <ListFilterIsland {...props} loadKind={loadKind} />;
}
