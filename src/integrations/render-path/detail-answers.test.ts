/**
 * The answers a render-path build's sync read, kept for the publisher (detail-answers.ts): the
 * recorder stands where the publisher's cache stands, reuses nothing, and writes what the
 * loaders handed it, one JSON line each.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DETAIL_ANSWERS_FILE, recordDetailAnswers } from './detail-answers';

const KEY = Symbol.for('portal.render-path.detail-cache');
const g = globalThis as Record<symbol, unknown>;
interface Stand {
  get(lang: string, endpoint: string): unknown;
  embeds(): boolean;
  set(lang: string, endpoint: string, value: unknown): void;
  setList(lang: string, endpoint: string, items: unknown[]): void;
  setPages(lang: string, endpoint: string, items: unknown[], limit: number): void;
  readInFull(collection: string, lang: string): void;
}

afterEach(() => {
  delete g[KEY];
});

describe('recordDetailAnswers', () => {
  it('notes what the loaders hand a cache, reuses nothing, and writes it with the loader code', async () => {
    const recorder = recordDetailAnswers()!;
    expect(recordDetailAnswers()).toBe(recorder); // Astro may set the integration up twice
    const stand = g[KEY] as Stand;
    expect(stand.get('th', '/content/page/a')).toBeUndefined();
    expect(stand.embeds()).toBe(true);
    stand.set('th', '/content/page/a', { slug: 'a', title: 'ข่าว' });
    stand.setList('en', '/content/category/own/x', [{ slug: 'a' }]);
    stand.setPages('en', '/content/category/all', [{ slug: 'a' }, { slug: 'b' }], 100);
    stand.readInFull('articles', 'th');
    const dir = mkdtempSync(path.join(tmpdir(), 'answers-'));
    const code = process.env.PORTAL_LOADER_CODE;
    process.env.PORTAL_LOADER_CODE = 'abc123';
    try {
      expect(await recorder.write(dir)).toBe(4);
      const lines = readFileSync(path.join(dir, DETAIL_ANSWERS_FILE), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown);
      expect(lines).toEqual([
        ['code', 'abc123'],
        ['set', 'th', '/content/page/a', { slug: 'a', title: 'ข่าว' }],
        ['list', 'en', '/content/category/own/x', [{ slug: 'a' }]],
        ['pages', 'en', '/content/category/all', [{ slug: 'a' }, { slug: 'b' }], 100],
        ['read', 'articles', 'th'],
      ]);
      // Written once: the stand-in is gone and holds nothing more.
      expect(g[KEY]).toBeUndefined();
      expect(recorder.lines).toEqual([]);
    } finally {
      if (code === undefined) delete process.env.PORTAL_LOADER_CODE;
      else process.env.PORTAL_LOADER_CODE = code;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stands aside where a cache is set already (inside the publisher)', () => {
    const cache = { get: () => undefined, set: () => {} };
    g[KEY] = cache;
    expect(recordDetailAnswers()).toBeNull();
    expect(g[KEY]).toBe(cache);
  });
});
