/** The list filter island of the activities lists: the shared filter with only the activities kind's loader. */
import { ListFilterIsland, type ListFilterProps } from '../../ui/list-filter/ListFilterIsland';

const loadKind = () => import('./filter');

export default function ActivitiesFilter(props: ListFilterProps) {
  return <ListFilterIsland {...props} loadKind={loadKind} />;
}
