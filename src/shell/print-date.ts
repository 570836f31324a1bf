/**
 * The day a page is printed, in the page's language (Buddhist era in Thai, as src/lib/dates.ts
 * writes dates), written into the print foot (BaseLayout, src/shell/print.css) when the page
 * loads and again just before it is printed: a page left open overnight still prints the right
 * day. Intl directly, not src/lib/dates: this runs on every page, islands' pages included,
 * whose JavaScript budget has no room for the date module.
 */
function fill(): void {
  const th = document.documentElement.lang === 'th';
  const today = new Intl.DateTimeFormat(th ? 'th-TH-u-ca-buddhist' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'Asia/Bangkok',
  }).format(new Date());
  for (const el of document.querySelectorAll('[data-print-date]')) el.textContent = today;
}

fill();
addEventListener('beforeprint', fill);
