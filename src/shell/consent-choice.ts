/**
 * The visitor's answer to the consent notice, as stored under `consent`
 * ({"version","choice","at"}), and what it allows.
 *
 * Declining turns off the visitor statistics: the page-view call (POST /tracking, spec point 7)
 * and the banner click counts (POST /banner/statistic/{uuid}). The spec asks for a tracking call
 * on every page view; the portal makes it on every view of a visitor who has not declined
 * (before an answer too: the call carries only the address read, no cookie or identifier), and
 * none after a decline. No other call is needed for the site to work, so none is "essential".
 */
export const CONSENT_KEY = 'consent';
/** Dispatched on window when the visitor answers the notice; `detail` is the choice. */
export const CONSENT_CHANGED_EVENT = 'consent:changed';

export interface StoredConsent {
  version: string;
  choice: 'accepted' | 'declined';
  at: string;
}

export function readConsent(): StoredConsent | null {
  try {
    const value = JSON.parse(localStorage.getItem(CONSENT_KEY) ?? 'null') as Partial<StoredConsent> | null;
    if (value && typeof value.version === 'string' && (value.choice === 'accepted' || value.choice === 'declined')) {
      return value as StoredConsent;
    }
  } catch {
    // corrupted or blocked storage: ask again
  }
  return null;
}

/** Statistics calls are allowed unless the visitor declined (any version of the notice). */
export function analyticsAllowed(stored: StoredConsent | null = readConsent()): boolean {
  return stored?.choice !== 'declined';
}
