/** Home popup island: hydrated client:idle, rendered only when the API had a modal popup at build time. */
import type { Popup } from '../../api/home';
import { IslandRoot, type IslandProps } from '../shared/IslandRoot';
import { PopupDialog } from './PopupDialog';

export default function PopupIsland({ lang, resources, popup }: IslandProps & { popup: Popup }) {
  return (
    <IslandRoot lang={lang} resources={resources}>
      <PopupDialog popup={popup} lang={lang} />
    </IslandRoot>
  );
}
