/**
 * Shows the consent notice until the visitor answers this version of it, and remembers
 * the answer under `consent` as {"version","choice","at"}. A new version asks again.
 */
export const CONSENT_KEY = 'consent';

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

const region = document.querySelector<HTMLElement>('[data-consent]');
if (region) {
  const version = region.dataset.consentVersion ?? '';
  if (readConsent()?.version !== version) region.hidden = false;
  region.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-consent-choice]');
    if (!button) return;
    const choice = button.dataset.consentChoice === 'accepted' ? 'accepted' : 'declined';
    try {
      localStorage.setItem(CONSENT_KEY, JSON.stringify({ version, choice, at: new Date().toISOString() }));
    } catch {
      // cannot remember: hide for this page anyway
    }
    region.hidden = true;
    document.getElementById('main')?.focus({ preventScroll: true });
  });
}
