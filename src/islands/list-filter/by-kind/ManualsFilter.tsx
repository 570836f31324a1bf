/** The list filter island of the manuals lists: the shared filter with only the manuals kind's loader. */
import { ListFilterIsland, type ListFilterProps } from '../ListFilterIsland';

const loadKind = () => import('../kinds/manuals');

export default function ManualsFilter(props: ListFilterProps) {
  return <ListFilterIsland {...props} loadKind={loadKind} />;
}
