/**
 * When and where an activity takes place: "21 พฤศจิกายน 2569 ถึง 23 พฤศจิกายน 2569", one date
 * when it lasts a day, and the location. On cards (static and live) and, labelled, on the
 * detail page.
 */
import { FormattedDate } from '../../ui/FormattedDate';
import { bangkokDateKey } from '../../lib/dates';
import type { Lang } from '../../i18n/config';
import type { Text } from '../../ui/text';

interface Props {
  activity: { startDate: string; endDate: string | null; location: string };
  lang: Lang;
  t: Text;
  /** Show the labels ("Date", "Location") — on the detail page. */
  labelled?: boolean;
}

export function ActivityWhen({ activity, lang, t, labelled = false }: Props) {
  const { startDate, endDate, location } = activity;
  const oneDay = !endDate || bangkokDateKey(endDate) === bangkokDateKey(startDate);
  // "{{start}} to {{end}}" / "{{start}} ถึง {{end}}": the words around the two dates.
  const [before = '', between = ' – ', after = ''] = t('dates.range', { start: '\u0001', end: '\u0001' }).split(
    '\u0001',
  );
  const dt = labelled ? 'font-bold' : 'sr-only';
  const dd = labelled ? 'm-0' : 'm-0 col-span-2';
  return (
    <dl className="m-0 text-sm text-muted grid gap-x-2 grid-cols-[auto_1fr]">
      <dt className={dt}>{t('activitiesPage.when')}</dt>
      <dd className={dd}>
        {oneDay || !endDate ? (
          <FormattedDate value={startDate} lang={lang} />
        ) : (
          <span>
            {before}
            <FormattedDate value={startDate} lang={lang} />
            {between}
            <FormattedDate value={endDate} lang={lang} />
            {after}
          </span>
        )}
      </dd>
      {location && (
        <>
          <dt className={dt}>{t('activitiesPage.where')}</dt>
          <dd className={dd}>{location}</dd>
        </>
      )}
    </dl>
  );
}
