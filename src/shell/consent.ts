/**
 * Shows the consent notice until the visitor answers this version of it, and remembers
 * the answer under `consent` as {"version","choice","at"} (consent-choice.ts). A new version
 * asks again. Accepting counts the page being read at once; declining stops the counting
 * (tracking.ts and banner-clicks.ts ask `analyticsAllowed()` before every call).
 */
import { CONSENT_CHANGED_EVENT, CONSENT_KEY, readConsent } from './consent-choice';

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
    dispatchEvent(new CustomEvent(CONSENT_CHANGED_EVENT, { detail: choice }));
    document.getElementById('main')?.focus({ preventScroll: true });
  });
}
