/** Events as a list: category (colour swatch + name), title (linked to its activity when it has one), when, where. */
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '../../api/events';
import type { Lang } from '../../i18n/config';
import { localizePath } from '../../i18n/paths';
import { eventPath, eventWhen } from './event-text';

export function EventList({ events, lang }: { events: CalendarEvent[]; lang: Lang }) {
  const { t } = useTranslation('common');
  return (
    <ul className="list-none m-0 p-0 flex flex-col gap-3">
      {events.map((event) => {
        const path = eventPath(event);
        return (
          <li key={event.id} className="p-3 rounded border border-solid border-border border-l-6" style={{ borderLeftColor: event.category.color }}>
            <p className="m-0 text-sm text-muted">{event.category.title}</p>
            <p className="m-0 font-semibold">{path ? <a href={localizePath(path, lang)}>{event.title}</a> : event.title}</p>
            <p className="m-0 text-sm">
              <span className="sr-only">{t('calendarPage.when')}: </span>
              {eventWhen(event, lang, t)}
            </p>
            {event.location && (
              <p className="m-0 text-sm">
                <span className="sr-only">{t('calendarPage.location')}: </span>
                {event.location}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
