/**
 * Remembers the language a visitor switches to (spec point 2: key `locale`). The link
 * itself navigates; this only writes the choice first. Runs on every page. Reading a
 * page in a language without switching is not a choice, so page loads write nothing.
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

