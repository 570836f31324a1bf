/**
 * The answers a render-path build's sync read, kept for the publisher (detail-answers.ts): the
 * recorder stands where the publisher's cache stands, reuses nothing, and writes what the
 * loaders handed it, one JSON line each.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DETAIL_CACHE } from '../../lib/bridge';
import { DETAIL_ANSWERS_FILE, recordDetailAnswers } from './detail-answers';
interface Stand {
  get(lang: string, endpoint: string): unknown;
  embeds(): boolean;
  set(lang: string, endpoint: string, value: unknown): void;
  setList(lang: string, endpoint: string, items: unknown[]): void;
  setPages(lang: string, endpoint: string, items: unknown[], limit: number): void;
  readInFull(collection: string, lang: string): void;
}

afterEach(() => {
  DETAIL_CACHE.clear();
});

describe('recordDetailAnswers', () => {
  it('writes what the loaders hand a cache as it comes, reuses nothing, and moves it next to the bundle', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'answers-'));
    const recorder = recordDetailAnswers(path.join(dir, 'writing.jsonl'))!;
    expect(recordDetailAnswers(path.join(dir, 'other.jsonl'))).toBe(recorder); // Astro may set the integration up twice
    const stand = DETAIL_CACHE.get() as unknown as Stand;
    expect(stand.get('th', '/content/page/a')).toBeUndefined();
    expect(stand.embeds()).toBe(true);
    stand.set('th', '/content/page/a', { slug: 'a', title: 'ข่าว' });
    stand.setList('en', '/content/category/own/x', [{ slug: 'a' }]);
    stand.setPages('en', '/content/category/all', [{ slug: 'a' }, { slug: 'b' }], 100);
    stand.readInFull('articles', 'th');
    const code = process.env.PORTAL_LOADER_CODE;
    process.env.PORTAL_LOADER_CODE = 'abc123';
    try {
      const bundle = path.join(dir, 'render-path');
      mkdirSync(bundle);
      expect(await recorder.write(bundle)).toBe(5);
      const lines = readFileSync(path.join(bundle, DETAIL_ANSWERS_FILE), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown);
      expect(lines).toEqual([
        ['set', 'th', '/content/page/a', { slug: 'a', title: 'ข่าว' }],
        ['list', 'en', '/content/category/own/x', [{ slug: 'a' }]],
        ['pages', 'en', '/content/category/all', [{ slug: 'a' }, { slug: 'b' }], 100],
        ['read', 'articles', 'th'],
        ['code', 'abc123'],
      ]);
      expect(existsSync(path.join(dir, 'writing.jsonl'))).toBe(false); // moved, not copied
      expect(DETAIL_CACHE.get()).toBeUndefined(); // the stand-in is gone
    } finally {
      if (code === undefined) delete process.env.PORTAL_LOADER_CODE;
      else process.env.PORTAL_LOADER_CODE = code;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stands aside where a cache is set already (inside the publisher)', () => {
    const cache = { get: () => undefined, set: () => {} };
    DETAIL_CACHE.set(cache);
    const file = path.join(tmpdir(), `answers-aside-${process.pid}.jsonl`);
    expect(recordDetailAnswers(file)).toBeNull();
    expect(DETAIL_CACHE.get()).toBe(cache);
    expect(existsSync(file)).toBe(false); // nothing opened
  });
});
