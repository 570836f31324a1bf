/**
 * Remembers the language a visitor switches to (spec point 2: key `locale`). The link
 * itself navigates; this only writes the choice first. Runs on every page.
 */
const LOCALE_KEY = 'locale';

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('a[data-lang-switch]');
  if (!link) return;
  const lang = link.getAttribute('data-lang-switch');
  if (lang !== 'th' && lang !== 'en') return;
  try {
    localStorage.setItem(LOCALE_KEY, lang);
  } catch {
    // storage blocked (private mode): the link still works
  }
});

// Keep the stored value true to the page being read, so islands and the next visit agree.
try {
  const pageLang = document.documentElement.lang === 'en' ? 'en' : 'th';
  if (localStorage.getItem(LOCALE_KEY) !== pageLang) localStorage.setItem(LOCALE_KEY, pageLang);
} catch {
  // ignore
}
