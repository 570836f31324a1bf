/**
 * Home popup island: rendered on the server and opened before React by PopupSlot.astro's inline
 * script; hydrated on the first interaction with it (client:interaction). Rendered only when the
 * API had a modal popup at build time.
 */
import type { Popup } from '../api';
import { IslandRoot, type IslandProps } from '../../../ui/island/IslandRoot';
import { PopupDialog, type PopupImageSize } from './PopupDialog';

export default function PopupIsland({
  lang,
  resources,
  popup,
  imageSize,
}: IslandProps & { popup: Popup; imageSize?: PopupImageSize }) {
  return (
    <IslandRoot lang={lang} resources={resources}>
      <PopupDialog popup={popup} lang={lang} imageSize={imageSize} />
    </IslandRoot>
  );
}
