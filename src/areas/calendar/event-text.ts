/**
 * When an event happens, as one line in the page's language (same-day events show one date).
 * Shared by the build-time list (API events) and the island (its compact events), so it asks
 * only for the fields both have.
 */
import type { Lang } from '../../i18n/config';
import { bangkokDateKey, formatDate, formatDateTime, formatTime } from '../../lib/dates';

// A common-namespace t: the island's (src/i18n/translator.ts) or getT()'s in the static page.
type CommonT = (key: string, options?: Record<string, unknown>) => string;

export interface EventTimes {
  startAt: string;
  endAt: string;
  allDay: boolean;
}

export function eventWhen(event: EventTimes, lang: Lang, t: CommonT): string {
  const sameDay = bangkokDateKey(event.startAt) === bangkokDateKey(event.endAt);
  if (event.allDay) {
    const dates = sameDay
      ? formatDate(event.startAt, lang)
      : t('dates.range', { start: formatDate(event.startAt, lang), end: formatDate(event.endAt, lang) });
    return `${dates} (${t('dates.allDay')})`;
  }
  if (sameDay) return `${formatDateTime(event.startAt, lang)}–${formatTime(event.endAt, lang)}`;
  return t('dates.range', { start: formatDateTime(event.startAt, lang), end: formatDateTime(event.endAt, lang) });
}

/** The event's own page (not yet localised) when it is an activity with one, else null. */
export function eventPath(event: { type: 'activity' | null; activityId: string | null }): string | null {
  return event.type === 'activity' && event.activityId ? `/activity/${encodeURIComponent(event.activityId)}/` : null;
}
