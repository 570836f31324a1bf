import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parityProblems } from '../../tests/support/locale-parity';
import { NAMESPACES } from './config';

const LOCALES = join(import.meta.dirname, '../../locales');
const read = (lang: string, file: string) => JSON.parse(readFileSync(join(LOCALES, lang, file), 'utf8'));

describe('locale files', () => {
  it('have the same namespace files in both languages, one per declared namespace', () => {
    const th = readdirSync(join(LOCALES, 'th')).sort();
    const en = readdirSync(join(LOCALES, 'en')).sort();
    expect(th).toEqual(en);
    expect(th).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: same keys, no empty text, real Thai, same placeholders`, () => {
      expect(parityProblems(ns, read('th', `${ns}.json`), read('en', `${ns}.json`))).toEqual([]);
    });
  }
});

describe('the parity check itself', () => {
  it('reports a key that exists in one language only', () => {
    expect(parityProblems('x', { a: 'ก', b: { c: 'ข' } }, { a: 'A' })).toEqual(['x:b.c exists in th only']);
    expect(parityProblems('x', { a: 'ก' }, { a: 'A', d: 'D' })).toEqual(['x:d exists in en only']);
  });

  it('reports empty values', () => {
    expect(parityProblems('x', { a: ' ' }, { a: 'A' })).toContain('x:a is empty in th');
    expect(parityProblems('x', { a: 'ก' }, { a: '' })).toContain('x:a is empty in en');
  });

  it('reports Thai values with no Thai letters where English has words', () => {
    expect(parityProblems('x', { a: 'Search' }, { a: 'Search' })).toEqual(['x:a has no Thai text in th: "Search"']);
    // placeholders are not words: "{{count}}" alone needs no Thai
    expect(parityProblems('x', { a: '{{count}}' }, { a: '{{count}}' })).toEqual([]);
    // symbols only on both sides are fine
    expect(parityProblems('x', { a: '©' }, { a: '©' })).toEqual([]);
  });

  it('reports placeholders that differ', () => {
    expect(parityProblems('x', { a: 'หน้า {{page}}' }, { a: 'Page {{n}}' })).toEqual([
      'x:a placeholders differ: th {page} en {n}',
    ]);
  });

  it('treats plural forms as one key, since Thai has only the _other form', () => {
    expect(
      parityProblems('x', { n_other: '{{count}} รายการ' }, { n_one: '{{count}} item', n_other: '{{count}} items' }),
    ).toEqual([]);
  });
});
