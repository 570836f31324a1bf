/**
 * The home popup (spec points 3 and 4): GET /home/popup, a modal flag that can be set and reset
 * to false, and "closed once, not shown again this browser session" through sessionStorage.
 */
import { atom } from 'nanostores';
import { getPopup as realGetPopup, type Popup } from '../api';
import type { Lang } from '../../../i18n/config';
import { pageLang } from '../../../shell/locale-store';
import { createLoader, type LoadResult } from '../../../stores/request';

export const POPUP_DISMISSED_KEY = 'popup:dismissed';

export type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

/** sessionStorage when the browser offers it (absent in Node, may throw in private modes). */
export function browserSessionStorage(): SessionStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export interface PopupState {
  popup: Popup | null;
  isModal: boolean;
}

export function createPopupStore(
  getPopup: (lang: Lang) => Promise<Popup | null> = realGetPopup,
  storage: () => SessionStore | null = browserSessionStorage,
) {
  const $popup = atom<PopupState>({ popup: null, isModal: false });
  const request = createLoader((p: { lang: Lang }) => getPopup(p.lang));

  function isDismissed(): boolean {
    try {
      return storage()?.getItem(POPUP_DISMISSED_KEY) === '1';
    } catch {
      return false;
    }
  }

  function setModal(isModal: boolean): void {
    $popup.set({ ...$popup.get(), isModal });
  }

  /** The spec's reset: the flag back to false (the popup's content stays for a later set). */
  function resetModal(): void {
    setModal(false);
  }

  /** Closing by the visitor: hides it and remembers that for the rest of the session. */
  function dismiss(): void {
    resetModal();
    try {
      storage()?.setItem(POPUP_DISMISSED_KEY, '1');
    } catch {
      // storage full or blocked: the popup may show again on the next page, nothing worse
    }
  }

  /** Loads the popup; it opens only when the API says isModal and it was not closed this session. */
  function load(options: { lang?: Lang; onFailure?: (e: unknown) => void } = {}): Promise<LoadResult<Popup | null>> {
    return request.load(
      { lang: options.lang ?? pageLang() },
      {
        onSuccess: (popup) => $popup.set({ popup, isModal: Boolean(popup?.isModal) && !isDismissed() }),
        onFailure: options.onFailure,
      },
    );
  }

  /** For a popup already known from the static HTML: the same rule without a request. */
  function show(popup: Popup | null): void {
    $popup.set({ popup, isModal: Boolean(popup?.isModal) && !isDismissed() });
  }

  return { $popup, $popupRequest: request.$state, setModal, resetModal, dismiss, isDismissed, load, show };
}

export const {
  $popup,
  $popupRequest,
  setModal: setPopupModal,
  resetModal: resetPopupModal,
  dismiss: dismissPopup,
  isDismissed: isPopupDismissed,
  load: loadPopup,
  show: showPopup,
} = createPopupStore();
