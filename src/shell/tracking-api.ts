/**
 * Page-view tracking: POST /tracking {url} on the first load and every route change
 * (spec points 2 and 7). Tracking must never disturb the page: a failure is logged
 * with the message of spec point 8 and the call still resolves.
 */
import { api, type Lang } from '../api/client';
import { logger } from '../lib/logger';

/** Spec point 8: the one message a tracking failure logs. */
const TRACKING_ERROR_MESSAGE = 'Error on tracking page view.';

/** POST /tracking {url}. Never rejects. */
export async function trackPageView(url: string, lang?: Lang): Promise<void> {
  try {
    await api.post('/tracking', { url }, lang ? { lang } : undefined);
  } catch {
    logger.error(TRACKING_ERROR_MESSAGE);
  }
}
