/**
 * readArea (area-records.ts): an area's records of one language by key, read through astro:content;
 * in the long-lived publisher, once per content version (every route's getStaticPaths and every
 * page read the same area again and again between two re-reads).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_VERSION, NOTE_READS } from '../lib/bridge';

const entries = [
  { id: 'th/order', data: { kind: 'order', keys: ['a:1'] } },
  { id: 'th/a:1', data: { kind: 'a' } },
  { id: 'en/a:1', data: { kind: 'a' } },
];
const getCollection = vi.fn(async () => entries);
vi.mock('astro:content', () => ({ getCollection, defineCollection: (c: unknown) => c }));

const { readArea } = await import('./area-records');

afterEach(() => {
  CONTENT_VERSION.clear();
  NOTE_READS.clear();
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
    NOTE_READS.set((c: readonly string[]) => void noted.push([...c]));
    CONTENT_VERSION.set(7);
    const first = await readArea('things', 'th');
    expect(await readArea('things', 'th')).toBe(first);
    expect([...(await readArea('things', 'en')).keys()]).toEqual(['a:1']);
    expect(getCollection).toHaveBeenCalledTimes(1); // th and en from one read of the collection
    expect(noted).toEqual([['things'], ['things']]);
    CONTENT_VERSION.set(8); // a re-read changed the store
    expect(await readArea('things', 'th')).not.toBe(first);
    expect(await readArea('things', 'en')).not.toBe(first);
    expect(getCollection).toHaveBeenCalledTimes(2);
  });
});
