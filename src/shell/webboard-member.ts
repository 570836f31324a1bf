/**
 * The web board member's name in the header of every page, without React: reads the stored
 * web board profile (the key of src/areas/webboard/store.ts, WEBBOARD_PROFILE_KEY — not imported,
 * because that module brings the API client and its schemas; src/shell/webboard-member.test.ts
 * keeps the two equal), and fills the header's `[data-webboard-member]` slot when the token is
 * still valid. Another tab's login or logout updates it through the `storage` event.
 */
import { isTokenValid } from '../lib/token';

export const PROFILE_KEY = 'webboard:profile';
/** Dispatched on window by the web board store when the stored profile changes in this tab. */
export const PROFILE_CHANGED_EVENT = 'webboard:profile-changed';

export interface MemberName {
  name: string;
}

/** The name to show for a stored profile, or null when there is none or its token has expired. */
export function memberFromStorage(raw: string | null, now: number = Date.now()): MemberName | null {
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as Record<string, unknown> | null;
    if (!p || typeof p !== 'object' || !isTokenValid(p.token, now)) return null;
    const full = [p.firstName, p.lastName]
      .filter((v) => typeof v === 'string' && v.trim())
      .join(' ')
      .trim();
    const name = full || (typeof p.username === 'string' ? p.username : '');
    return name ? { name } : null;
  } catch {
    return null;
  }
}

function readStored(): string | null {
  try {
    return localStorage.getItem(PROFILE_KEY);
  } catch {
    return null; // storage blocked: show nothing
  }
}

function render(): void {
  const slot = document.querySelector<HTMLElement>('[data-webboard-member]');
  const nameEl = slot?.querySelector<HTMLElement>('[data-webboard-member-name]');
  if (!slot || !nameEl) return;
  const member = memberFromStorage(readStored());
  nameEl.textContent = member?.name ?? ''; // text, never HTML
  slot.hidden = member === null;
}

/** The header's logout link: forget the member here and now, then go to the login page that says so. */
function logOutAtOnce(event: Event): void {
  const link = (event.target as Element | null)?.closest?.('[data-webboard-member] a');
  if (!link) return;
  try {
    localStorage.removeItem(PROFILE_KEY);
  } catch {
    // storage blocked: nothing was stored either
  }
  render();
}

if (typeof document !== 'undefined') {
  render();
  document.addEventListener('click', logOutAtOnce);
  addEventListener(PROFILE_CHANGED_EVENT, render);
  addEventListener('storage', (e) => {
    if (e.key === null || e.key === PROFILE_KEY) render();
  });
  // Back/forward cache restores an old DOM: read storage again.
  addEventListener('pageshow', (e) => {
    if (e.persisted) render();
  });
}
