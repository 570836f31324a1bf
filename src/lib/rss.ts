/**
 * RSS 2.0 documents (https://www.rssboard.org/rss-specification) for the article feeds
 * (/rss.xml, /en/rss.xml). Every text is XML-escaped; every link is absolute.
 */
interface RssItem {
  title: string;
  /** Absolute address of the item's page. */
  link: string;
  description: string;
  /** ISO 8601 date. */
  pubDate: string;
  category?: string;
}

export interface RssChannel {
  title: string;
  /** Absolute address of the site (in the feed's language). */
  link: string;
  /** Absolute address of this feed (atom:link rel="self"). */
  self: string;
  description: string;
  /** BCP 47 language tag: 'th', 'en'. */
  language: string;
  items: RssItem[];
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for XML and drops characters XML 1.0 forbids (control characters). */
function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- these are exactly the characters to drop
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!)
  );
}

/** RFC 822 date (what RSS 2.0 asks for): "Sat, 21 Nov 2026 02:00:00 GMT". */
function rfc822(iso: string): string | undefined {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? undefined : new Date(time).toUTCString();
}

export function renderRss(channel: RssChannel): string {
  const newest = channel.items
    .map((i) => Date.parse(i.pubDate))
    .filter((n) => !Number.isNaN(n))
    .sort((a, b) => b - a)[0];
  const tag = (name: string, value: string | undefined) =>
    value === undefined ? '' : `<${name}>${escapeXml(value)}</${name}>`;
  const items = channel.items.map((item) =>
    [
      '<item>',
      tag('title', item.title),
      tag('link', item.link),
      `<guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
      tag('description', item.description),
      tag('pubDate', rfc822(item.pubDate)),
      tag('category', item.category),
      '</item>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    tag('title', channel.title),
    tag('link', channel.link),
    `<atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    tag('description', channel.description),
    tag('language', channel.language),
    // The newest item's date, not the build time: an unchanged feed stays byte-identical.
    newest === undefined ? '' : tag('lastBuildDate', new Date(newest).toUTCString()),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
