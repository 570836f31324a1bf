/**
 * readArea (area-records.ts): an area's records of one language by key, read through astro:content;
 * in the long-lived publisher, once per content version (every route's getStaticPaths and every
 * page read the same area again and again between two re-reads).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const entries = [
  { id: 'th/order', data: { kind: 'order', keys: ['a:1'] } },
  { id: 'th/a:1', data: { kind: 'a' } },
  { id: 'en/a:1', data: { kind: 'a' } },
];
const getCollection = vi.fn(async () => entries);
vi.mock('astro:content', () => ({ getCollection, defineCollection: (c: unknown) => c }));

const { readArea } = await import('./area-records');

const VERSION = Symbol.for('portal.render-path.content-version');
const NOTE_READS = Symbol.for('portal.render-path.note-reads');
const g = globalThis as Record<symbol, unknown>;

afterEach(() => {
  delete g[VERSION];
  delete g[NOTE_READS];
  getCollection.mockClear();
});

describe('readArea', () => {
  it('reads the language’s records by key, through astro:content every time in a build', async () => {
    const th = await readArea('things', 'th');
    expect([...th.keys()]).toEqual(['order', 'a:1']);
    await readArea('things', 'th');
    expect(getCollection).toHaveBeenCalledTimes(2);
  });

  it('in the publisher, once per content version for both languages; a read from memory is still noted as a read of the area', async () => {
    const noted: string[][] = [];
    g[NOTE_READS] = (c: readonly string[]) => noted.push([...c]);
    g[VERSION] = 7;
    const first = await readArea('things', 'th');
    expect(await readArea('things', 'th')).toBe(first);
    expect([...(await readArea('things', 'en')).keys()]).toEqual(['a:1']);
    expect(getCollection).toHaveBeenCalledTimes(1); // th and en from one read of the collection
    expect(noted).toEqual([['things'], ['things']]);
    g[VERSION] = 8; // a re-read changed the store
    expect(await readArea('things', 'th')).not.toBe(first);
    expect(await readArea('things', 'en')).not.toBe(first);
    expect(getCollection).toHaveBeenCalledTimes(2);
  });
});
