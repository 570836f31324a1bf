/**
 * The shell's reused HTML: what makes two pages share a header, and that the page's
 * own values still reach it.
 */
import { describe, expect, it } from 'vitest';
import { currentLinks, fillPlaceholders, renderOnce } from './render-cache';
import { PLACEHOLDER } from './shell-splice';
import type { MenuItem } from './navigation-api';

const item = (path: string, children: MenuItem[] = []): MenuItem => ({
  id: path,
  title: path,
  path,
  children,
});
const menu = [
  item('/articles/', [item('/articles/category/news/')]),
  item('/activities/'),
  item('https://example.org/'),
];

describe('currentLinks', () => {
  it('gives pages under the same menu link the same key, and other pages another', () => {
    const a = currentLinks('th', '/articles/some-article/', '/', [menu]);
    const b = currentLinks('th', '/articles/other-article/', '/', [menu]);
    expect(a).toBe(b);
    expect(currentLinks('th', '/activities/', '/', [menu])).not.toBe(a);
    expect(currentLinks('th', '/articles/category/news/', '/', [menu])).not.toBe(a);
  });

  it('tells the home page, the current page and its ancestors apart', () => {
    expect(currentLinks('th', '/', '/', [menu])).toBe('home');
    expect(currentLinks('th', '/articles/', '/', [menu])).toBe('page:/articles/');
    expect(currentLinks('en', '/en/articles/category/news/', '/en/', [menu])).toBe(
      'location:/en/articles/ page:/en/articles/category/news/',
    );
    expect(currentLinks('th', '/laws/', '/', [menu])).toBe('');
  });
});

describe('fillPlaceholders', () => {
  it("writes the page's address where the placeholder was, escaped as Astro escapes attributes", () => {
    const html = `<a href="${PLACEHOLDER.alternateHref}">EN</a>`;
    expect(fillPlaceholders(html, { alternateHref: '/en/search/?q=a&b="c"' })).toBe(
      '<a href="/en/search/?q=a&amp;b=&quot;c&quot;">EN</a>',
    );
  });

  it('writes a `$` in the address as it is (not as a replacement pattern)', () => {
    const html = `<a href="${PLACEHOLDER.alternateHref}">EN</a>`;
    expect(fillPlaceholders(html, { alternateHref: "/en/article/a$&b$'/" })).toBe(
      `<a href="/en/article/a$&amp;b$'/">EN</a>`,
    );
  });
});

describe('renderOnce', () => {
  it('renders a key once and reuses it, and renders again for another key', async () => {
    let renders = 0;
    const render = () => Promise.resolve(`<p>${++renders}</p>`);
    const key = `test:${Math.random()}`;
    expect(await Promise.all([renderOnce(key, render), renderOnce(key, render)])).toEqual(['<p>1</p>', '<p>1</p>']);
    expect(await renderOnce(key, render)).toBe('<p>1</p>');
    expect(await renderOnce(`${key}:changed-digest`, render)).toBe('<p>2</p>');
  });

  it('does not keep a failed render', async () => {
    const key = `test:${Math.random()}`;
    await expect(renderOnce(key, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await renderOnce(key, () => Promise.resolve('ok'))).toBe('ok');
  });
});
