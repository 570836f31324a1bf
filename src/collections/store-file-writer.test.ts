/**
 * store-file-writer.ts against Astro's own writer: the same bytes for what a content store
 * holds, Astro's writer for anything else, no write when the file already holds the store, and
 * a file Astro reads back.
 */
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PATCH_MARKS } from '../lib/bridge';
// Astro's writer and store, as the build uses them (not exported by the package).
import { mutableDataStoreClass, storeWriterModule } from './astro-internals';
import { streamStoreWrites, writeStoreFile } from './store-file-writer';

/** Writes to the disk fail once this many pieces are written (a disk filling up), when set. */
const disk = vi.hoisted(() => ({ failAfter: undefined as number | undefined, writes: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return {
    ...fs,
    writeSync: ((...args: Parameters<typeof fs.writeSync>) => {
      if (disk.failAfter !== undefined && disk.writes++ >= disk.failAfter) {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      }
      return fs.writeSync(...args);
    }) as typeof fs.writeSync,
  };
});

const dir = () => mkdtempSync(path.join(tmpdir(), 'store-file-writer-'));

/** The bytes Astro's own writer puts in the file (its string, written as UTF-8). */
const { FileWriter, serializeDataStore } = await storeWriterModule();
const MutableDataStore = await mutableDataStoreClass();
const astroBytes = (store: Map<string, Map<string, unknown>>) => Buffer.from(serializeDataStore(store), 'utf8');

/** A store with what records hold, and the strings and numbers that need care. */
function sampleStore(): Map<string, Map<string, unknown>> {
  const shared = { url: '/files/cover.svg', width: 1200, height: 675 };
  const article = (id: string, title: string) => ({
    id,
    data: {
      title,
      summary: 'ข่าวประชาสัมพันธ์ "สสว." <b>ไม่ใช่แท็ก</b> \\ back\nslash\ttab\u2028line\u2029para\u0001ctl',
      cover: shared,
      tags: ['ธุรกิจ', 'SME', title],
      views: 0,
      ratio: 1.5,
      negative: -0,
      notANumber: NaN,
      big: Infinity,
      small: -Infinity,
      missing: undefined,
      nothing: null,
      published: true,
      draft: false,
      nested: [[1, 2], { 'key with space': 'x', ไทย: 'คีย์ไทย', __safe: 'ok' }],
      emoji: 'วันที่ 😀',
    },
    digest: `d-${id}`,
  });
  return new Map<string, Map<string, unknown>>([
    [
      'meta:articles',
      new Map([
        ['count:th', '2'],
        ['lastSync', '2026-11-23T00:00:00.000Z'],
      ]),
    ],
    [
      'articles',
      new Map([
        ['th/b', article('th/b', 'หัวข้อที่สอง')],
        ['th/a', article('th/a', 'หัวข้อแรก')],
        ['en/a', article('en/a', 'First title')],
      ]),
    ],
    ['menu', new Map([['th/main', { id: 'th/main', data: { items: [] }, digest: 'm' }]])],
  ]);
}

beforeAll(() => {
  streamStoreWrites();
});

describe('writeStoreFile', () => {
  it('writes the bytes Astro’s writer writes, collections and entries sorted alike', async () => {
    const file = path.join(dir(), 'data-store.json');
    const store = sampleStore();
    expect(await writeStoreFile(file, store)).toBe(true);
    expect(readFileSync(file)).toEqual(astroBytes(store));
  });

  it('writes a lone surrogate as Astro’s writer does (U+FFFD, as UTF-8 has it)', async () => {
    const file = path.join(dir(), 'data-store.json');
    const store = new Map([['menu', new Map<string, unknown>([['th/x', { id: 'th/x', data: { t: 'a\ud800b' } }]])]]);
    await writeStoreFile(file, store);
    expect(readFileSync(file)).toEqual(astroBytes(store));
    expect(readFileSync(file, 'utf8')).toContain('a\ufffdb');
  });

  it('takes the place of Astro’s FileWriter, and leaves anything else to it (a Date here)', async () => {
    const folder = dir();
    const store = sampleStore();
    expect((FileWriter.prototype as unknown as Record<symbol, unknown>)[PATCH_MARKS.storeFileWriter]).toBe(true);
    const streamed = new FileWriter(pathToFileURL(path.join(folder, 'a.json')));
    expect(await streamed.write(store)).toBe(true);
    expect(readFileSync(path.join(folder, 'a.json'))).toEqual(astroBytes(store));

    store.get('menu')!.set('th/dated', { id: 'th/dated', data: { at: new Date('2026-11-23T00:00:00Z') } });
    expect(await writeStoreFile(path.join(folder, 'b.json'), store)).toBeUndefined();
    const fallback = new FileWriter(pathToFileURL(path.join(folder, 'c.json')));
    const ci = process.env.CI;
    try {
      // Under CI the fallback is an error (src/collections/astro-internals.ts internalFallback).
      process.env.CI = '1';
      await expect(fallback.write(store)).rejects.toThrow(/FileWriter: the store holds a value/);
      delete process.env.CI;
      expect(await fallback.write(store)).toBe(true);
    } finally {
      if (ci === undefined) delete process.env.CI;
      else process.env.CI = ci;
    }
    expect(readFileSync(path.join(folder, 'c.json'))).toEqual(astroBytes(store));
    expect(readFileSync(path.join(folder, 'c.json'), 'utf8')).toContain('["Date","2026-11-23T00:00:00.000Z"]');
  });
});

describe('writeStoreFile on disk', () => {
  it('leaves a file that already holds the store as it is', async () => {
    const file = path.join(dir(), 'data-store.json');
    await writeStoreFile(file, sampleStore());
    const before = statSync(file).mtimeMs;
    await new Promise((r) => setTimeout(r, 20));
    expect(await writeStoreFile(file, sampleStore())).toBe(false);
    expect(statSync(file).mtimeMs).toBe(before);
    const changed = sampleStore();
    changed.get('menu')!.set('en/main', { id: 'en/main', data: { items: [] }, digest: 'n' });
    expect(await writeStoreFile(file, changed)).toBe(true);
  });

  it('leaves the old file and no temporary one when the disk fails half way', async () => {
    const folder = dir();
    const file = path.join(folder, 'data-store.json');
    await writeStoreFile(file, sampleStore());
    const before = readFileSync(file);
    // A store of more than one 1 MB piece, so the first piece is on disk when the second fails.
    const store = sampleStore();
    const page = 'ข้อความ '.repeat(100_000);
    for (let i = 0; i < 3; i++)
      store.get('menu')!.set(`th/big-${i}`, { id: `th/big-${i}`, data: { body: `${i} ${page}` } });
    disk.writes = 0;
    disk.failAfter = 1;
    try {
      await expect(writeStoreFile(file, store)).rejects.toThrow('ENOSPC');
      expect(disk.writes).toBe(2);
    } finally {
      disk.failAfter = undefined;
    }
    expect(readFileSync(file)).toEqual(before);
    expect(readdirSync(folder)).toEqual(['data-store.json']);
  });

  it('is read back by Astro’s store: the same entries', async () => {
    const file = pathToFileURL(path.join(dir(), 'data-store.json'));
    const store = await MutableDataStore.fromFile(file);
    for (const [name, entries] of sampleStore()) for (const [id, entry] of entries) store.set(name, id, entry);
    await store.waitUntilSaveComplete();
    const again = await MutableDataStore.fromFile(file);
    expect(again.get('articles', 'th/a')).toEqual(sampleStore().get('articles')!.get('th/a'));
    expect(again.keys('articles')).toEqual(['en/a', 'th/a', 'th/b']);
    expect(Object.is((again.get('articles', 'en/a') as { data: { negative: number } }).data.negative, -0)).toBe(true);
  });
});
