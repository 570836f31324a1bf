/**
 * The popup's modal flag (spec point 4: set, or reset to false): set when the page's inline
 * script (PopupSlot.astro) opens the dialog, reset when the visitor closes it, and "closed once,
 * not shown again this browser session" kept in sessionStorage under POPUP_DISMISSED_KEY, which
 * that script reads before React. The popup's content is in the page's HTML (GET /home/popup at
 * build time), so no store loads it again in the browser.
 */
export const POPUP_DISMISSED_KEY = 'popup:dismissed';

export function rememberPopupDismissed(): void {
  try {
    sessionStorage.setItem(POPUP_DISMISSED_KEY, '1');
  } catch {
    // storage full or blocked: it may show again on the next page, nothing worse
  }
}
