/**
 * Editor HTML from a live API answer (FAQ answers, law texts) shown as plain text. The site's
 * sanitiser (sanitize-html) is build-time only; in the browser we never insert API HTML at all:
 * DOMParser builds an inert document (no scripts run, no images load) and only its text is
 * kept, with block elements turned into line breaks.
 */
export function htmlToText(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, ' ');
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
  doc.querySelectorAll('p,li,h1,h2,h3,h4,h5,h6,tr,blockquote,div').forEach((el) => el.append('\n'));
  return (doc.body.textContent ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
