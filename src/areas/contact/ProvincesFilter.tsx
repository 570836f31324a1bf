/** The list filter island of the provinces lists: the shared filter with only the provinces kind's loader. */
import { ListFilterIsland, type ListFilterProps } from '../../ui/list-filter/ListFilterIsland';

const loadKind = () => import('./filter');

export default function ProvincesFilter(props: ListFilterProps) {
  return <ListFilterIsland {...props} loadKind={loadKind} />;
}
