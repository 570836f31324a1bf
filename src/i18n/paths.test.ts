import { describe, expect, it } from 'vitest';
import { alternatePath, langStaticPaths, localizePath } from './paths';

describe('localizePath', () => {
  it('prefixes English paths with /en and leaves Thai at the root', () => {
    expect(localizePath('/articles/', 'en')).toBe('/en/articles/');
    expect(localizePath('/articles/', 'th')).toBe('/articles/');
    expect(localizePath('/', 'en')).toBe('/en/');
    expect(localizePath('/', 'th')).toBe('/');
  });
  it('keeps query and hash, and does not double the prefix', () => {
    expect(localizePath('/search/?q=ภาษี#top', 'en')).toBe('/en/search/?q=ภาษี#top');
    expect(localizePath('/en/articles/', 'en')).toBe('/en/articles/');
    expect(localizePath('/en/articles/', 'th')).toBe('/articles/');
  });
  it('leaves external addresses and anchors alone', () => {
    expect(localizePath('https://www.moc.go.th/', 'en')).toBe('https://www.moc.go.th/');
    expect(localizePath('mailto:info@example.go.th', 'en')).toBe('mailto:info@example.go.th');
    expect(localizePath('#main', 'en')).toBe('#main');
  });
  it('does not mistake paths that merely start with "en"', () => {
    expect(localizePath('/english-courses/', 'en')).toBe('/en/english-courses/');
    expect(alternatePath('/english-courses/', 'en')).toBe('/en/english-courses/');
    expect(alternatePath('/en/english-courses/', 'th')).toBe('/english-courses/');
  });
});

describe('alternatePath', () => {
  it('gives the same page in the other language', () => {
    expect(alternatePath('/articles/page/2/', 'en')).toBe('/en/articles/page/2/');
    expect(alternatePath('/en/articles/page/2/', 'th')).toBe('/articles/page/2/');
    expect(alternatePath('/en/', 'th')).toBe('/');
  });
});

describe('language of a page', () => {
  it('getStaticPaths entries cover both languages', () => {
    expect(langStaticPaths()).toEqual([
      { params: { lang: undefined }, props: { lang: 'th' } },
      { params: { lang: 'en' }, props: { lang: 'en' } },
    ]);
  });
});
