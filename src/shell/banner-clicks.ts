/**
 * Banner click statistics (spec point 7, POST /banner/statistic/{uuid}): one delegated
 * listener for every link that carries data-banner-uuid (main banners, exchange links,
 * learning banners — wherever they are on the page).
 *
 * The click must never hold up the navigation it starts, so the count goes out as a
 * keepalive request the browser finishes even after the page is gone. It is a CORS "simple"
 * request (POST without a body, only a safelisted header), so no preflight is needed. The
 * answer is not read: nothing on the page depends on it.
 */
import { API_PREFIX } from '../api/config';
import { getApiBaseUrl } from '../api/client';
import { analyticsAllowed } from './consent-choice';

const lang = document.documentElement.lang === 'en' ? 'en' : 'th';

function bannerStatisticUrl(uuid: string): string {
  return `${getApiBaseUrl()}${API_PREFIX}/banner/statistic/${encodeURIComponent(uuid)}`;
}

function countClick(uuid: string): void {
  if (!analyticsAllowed()) return; // declined in the consent notice
  try {
    void fetch(bannerStatisticUrl(uuid), {
      method: 'POST',
      keepalive: true,
      headers: { 'Accept-Language': lang },
    }).catch(() => {
      // a lost count is not the visitor's problem
    });
  } catch {
    // very old browsers without keepalive: nothing to do
  }
}

// auxclick covers the middle button (open in a new tab); keyboard Enter on a link fires click.
for (const type of ['click', 'auxclick'] as const) {
  document.addEventListener(type, (event) => {
    if (type === 'auxclick' && (event as MouseEvent).button !== 1) return;
    const link = (event.target as Element | null)?.closest?.('a[data-banner-uuid]');
    const uuid = link?.getAttribute('data-banner-uuid');
    if (uuid) countClick(uuid);
  });
}
