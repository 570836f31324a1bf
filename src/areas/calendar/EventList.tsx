/**
 * Events as a list: category (colour swatch + name), title (linked to its page when it has one),
 * when, where, and its "add to calendar" file.
 */
import { useTranslation } from '../../ui/island/translation';
import type { Lang } from '../../i18n/config';
import type { CalendarCategory, CalendarItem } from './store';
import { eventWhen } from './event-text';

interface Props {
  events: CalendarItem[];
  categories: ReadonlyMap<string, CalendarCategory>;
  lang: Lang;
}

export function EventList({ events, categories, lang }: Props) {
  const { t } = useTranslation('common');
  return (
    <ul className="list-none m-0 p-0 flex flex-col gap-3">
      {events.map((event) => {
        const category = categories.get(event.categoryId);
        return (
          <li
            key={event.id}
            className="p-3 rounded border border-solid border-border border-l-6 [border-left-color:var(--cat-color)]"
            data-cat={event.categoryId}
          >
            <p className="m-0 text-sm text-muted">{category?.title}</p>
            <p className="m-0 font-semibold">{event.link ? <a href={event.link}>{event.title}</a> : event.title}</p>
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
            <p className="m-0 text-sm">
              <a href={event.ics} download>
                {t('calendarPage.addToCalendar')}
                <span className="sr-only">: {event.title}</span>
              </a>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
