/**
 * The day a page is printed, in the page's language (Buddhist era in Thai), written into the
 * print foot (BaseLayout, src/shell/print.css) when the page loads and again just before it
 * is printed: a page left open overnight still prints the right day.
 */
import { formatDate } from '../lib/dates';
import { isLang } from '../i18n/config';

function fill(): void {
  const lang = document.documentElement.lang;
  if (!isLang(lang)) return;
  const today = formatDate(new Date(), lang);
  for (const el of document.querySelectorAll<HTMLElement>('[data-print-date]')) el.textContent = today;
}

fill();
addEventListener('beforeprint', fill);
