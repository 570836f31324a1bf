import { describe, expect, it } from 'vitest';
import {
  cacheControlOf,
  contentTypeOf,
  encodeTag,
  headersFor,
  IMMUTABLE,
  SHORT,
  STATIC,
  tagHeaders,
} from '../../../scripts/publisher/release-store/headers.ts';

describe('content type', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['en/news/index.html', 'text/html; charset=utf-8'],
    ['rss.xml', 'application/xml; charset=utf-8'],
    ['sitemap-index.xml', 'application/xml; charset=utf-8'],
    ['manifest.json', 'application/json; charset=utf-8'],
    ['_astro/client.B1x2.js', 'text/javascript; charset=utf-8'],
    ['_astro/index.C3d4.css', 'text/css; charset=utf-8'],
    ['favicon.svg', 'image/svg+xml; charset=utf-8'],
    ['_astro/sarabun-thai-400.Dd5e.woff2', 'font/woff2'],
    ['images/banner.webp', 'image/webp'],
    ['images/photo.JPG', 'image/jpeg'],
    ['images/logo.png', 'image/png'],
    ['files/law-2567.pdf', 'application/pdf'],
    ['robots.txt', 'text/plain; charset=utf-8'],
    ['site.webmanifest', 'application/manifest+json; charset=utf-8'],
    ['files/unknown.weird-ext', 'application/octet-stream'],
    ['LICENSE', 'application/octet-stream'],
  ])('%s is served as %s', (file, type) => {
    expect(contentTypeOf(file)).toBe(type);
  });
});

describe('cache control', () => {
  it('hashed assets are immutable for a year', () => {
    expect(cacheControlOf('_astro/client.B1x2.js')).toBe('public, max-age=31536000, immutable');
    expect(IMMUTABLE).toContain('immutable');
  });

  it('pages, feeds and sitemaps get a short max-age and stale-while-revalidate', () => {
    for (const file of [
      'index.html',
      'en/article/some-slug/index.html',
      '404.html',
      'rss.xml',
      'en/rss.xml',
      'sitemap-0.xml',
      'en/news/',
    ]) {
      const value = cacheControlOf(file);
      expect(value, file).toBe(SHORT);
      const maxAge = Number(/max-age=(\d+)/.exec(value)?.[1]);
      expect(maxAge, file).toBeLessThanOrEqual(300);
      expect(value, file).toMatch(/stale-while-revalidate=\d+/);
      expect(value, file).not.toContain('immutable');
    }
  });

  it('an unhashed static file is not immutable (it could change under its name)', () => {
    expect(cacheControlOf('favicon.svg')).toBe(STATIC);
    expect(cacheControlOf('astro/not-hashed.js')).toBe(STATIC);
  });
});

describe('security headers', () => {
  it('every file carries nosniff, the referrer policy and a permissions policy', () => {
    for (const file of ['index.html', '_astro/a.js', 'favicon.svg', 'rss.xml', 'files/a.pdf']) {
      const headers = headersFor(file);
      expect(headers['X-Content-Type-Options']).toBe('nosniff');
      expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
      const policy = headers['Permissions-Policy'] ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics']) {
        expect(policy, feature).toContain(`${feature}=()`);
      }
    }
  });
});

describe('cache tags', () => {
  it('are sent as Surrogate-Key (spaces) and Cache-Tag (commas), deduplicated', () => {
    const headers = headersFor('en/article/a/index.html', ['article:a', 'shell:en', 'article:a', 'menu:main']);
    expect(headers['Surrogate-Key']).toBe('article:a shell:en menu:main');
    expect(headers['Cache-Tag']).toBe('article:a,shell:en,menu:main');
  });

  it('a page without tags has no tag headers', () => {
    expect(headersFor('_astro/a.js')).not.toHaveProperty('Surrogate-Key');
    expect(headersFor('_astro/a.js')).not.toHaveProperty('Cache-Tag');
  });

  it('Thai keys, spaces and commas become ASCII tokens, one-to-one', () => {
    expect(encodeTag('article:ข่าว-1')).toBe(`article:${encodeURIComponent('ข่าว')}-1`);
    expect(encodeTag('faq:a b,c')).toBe('faq:a%20b%2Cc');
    expect(encodeTag('law:50%')).toBe('law:50%25');
    expect(encodeTag('faq:a%20b')).not.toBe(encodeTag('faq:a b'));
    const headers = tagHeaders(['article:ข่าว', 'faq:a b']);
    expect(headers['Surrogate-Key']).toMatch(/^[\x21-\x7e ]+$/);
    expect(headers['Surrogate-Key']?.split(' ')).toHaveLength(2);
    expect(headers['Cache-Tag']?.split(',')).toHaveLength(2);
  });

  it('tags that would pass the length limit are left out whole', () => {
    const tags = Array.from({ length: 100 }, (_, i) => `article:slug-${String(i).padStart(3, '0')}`);
    const headers = tagHeaders(tags, 200);
    const kept = headers['Surrogate-Key']?.split(' ') ?? [];
    expect(headers['Surrogate-Key']!.length).toBeLessThanOrEqual(200);
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.every((tag) => tags.includes(tag))).toBe(true);
    expect(kept).toEqual(tags.slice(0, kept.length));
  });
});
