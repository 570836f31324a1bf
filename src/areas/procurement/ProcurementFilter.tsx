/** The list filter island of the procurement lists: the shared filter with only the procurement kind's loader. */
import { ListFilterIsland, type ListFilterProps } from '../../ui/list-filter/ListFilterIsland';

const loadKind = () => import('./filter');

export default function ProcurementFilter(props: ListFilterProps) {
  return <ListFilterIsland {...props} loadKind={loadKind} />;
}
