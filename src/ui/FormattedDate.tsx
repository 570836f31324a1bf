/** A date in the page's language: Buddhist era in Thai (21 พฤศจิกายน 2569), en-GB in English. */
import { formatDate, type DateStyle } from '../lib/dates';
import type { Lang } from '../i18n/config';

export function FormattedDate({ value, lang, style = 'long' }: { value: string; lang: Lang; style?: DateStyle }) {
  const text = formatDate(value, lang, style);
  return text ? <time dateTime={value}>{text}</time> : null;
}
