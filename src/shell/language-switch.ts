/**
 * Remembers the language a visitor switches to (spec point 2: key `locale`, through the
 * shared store in src/shell/locale-store.ts). The link itself navigates; this only records
 * the choice first. Reading a page in a language without switching is not a choice, so
 * page loads write nothing.
 */
import { isLang } from '../i18n/config';
import { setLocale } from './locale-store';

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('a[data-lang-switch]');
  const lang = link?.getAttribute('data-lang-switch');
  if (!isLang(lang)) return;
  try {
    setLocale(lang);
  } catch {
    // storage blocked (private mode): the link still works
  }
});
