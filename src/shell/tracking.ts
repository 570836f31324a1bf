/**
 * Page-view tracking (spec points 2 and 7): POST /api/frontend/tracking {url} once when
 * a page loads and once per client-side route change — history.pushState/replaceState
 * from islands that move the URL, back/forward (popstate), and Astro's astro:page-load
 * in case view transitions are ever turned on. The same address is never counted twice
 * in a row, and hash-only changes are not page views. A failure is logged by
 * trackPageView ('Error on tracking page view.') and nothing else happens. A visitor who
 * declined the statistics in the consent notice is never tracked.
 */
import { analyticsAllowed, CONSENT_CHANGED_EVENT } from './consent-choice';
import { trackPageView } from './tracking-api';

const lang = document.documentElement.lang === 'en' ? 'en' : 'th';
let lastTracked: string | null = null;

function currentUrl(): string {
  return location.href.replace(/#.*$/, '');
}

function track(): void {
  // The visitor declined the statistics in the consent notice: no call at all (consent-choice.ts).
  if (!analyticsAllowed()) return;
  const url = currentUrl();
  if (url === lastTracked) return;
  lastTracked = url;
  void trackPageView(url, lang);
}

for (const method of ['pushState', 'replaceState'] as const) {
  const original = history[method];
  history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
    const result = original.apply(this, args);
    track();
    return result;
  };
}
addEventListener('popstate', track);
document.addEventListener('astro:page-load', track);
// Accepting on this page counts it (once: the same address is not counted twice in a row).
addEventListener(CONSENT_CHANGED_EVENT, track);

track();
