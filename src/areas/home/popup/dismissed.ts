/**
 * "Closed once, not shown again this browser session" for the popup island, in sessionStorage
 * under the same key as src/stores/popup.ts (POPUP_DISMISSED_KEY, 'popup:dismissed'). The key is
 * read before React by PopupSlot.astro's inline script, which decides whether to open it.
 *
 * Why not import the store: its module builds a store that loads GET /home/popup through the
 * API boundary at import time, which would add the whole validation library (~24 KB gzipped)
 * to the home page for a popup whose content is already in the page's HTML. The key is
 * checked against the store's by tests/e2e/popup.spec.ts.
 */
export const POPUP_DISMISSED_KEY = 'popup:dismissed';

export function rememberPopupDismissed(): void {
  try {
    sessionStorage.setItem(POPUP_DISMISSED_KEY, '1');
  } catch {
    // storage full or blocked: it may show again on the next page, nothing worse
  }
}
