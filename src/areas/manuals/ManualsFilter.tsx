/** The list filter island of the manuals lists: the shared filter with only the manuals kind's loader. */
import { ListFilterIsland, type ListFilterProps } from '../../ui/list-filter/ListFilterIsland';

const loadKind = () => import('./filter');

export default function ManualsFilter(props: ListFilterProps) {
  return <ListFilterIsland {...props} loadKind={loadKind} />;
}
