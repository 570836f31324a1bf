import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as devalue from 'devalue';
import { afterEach, describe, expect, it } from 'vitest';
// Astro's own writer of the store file (not exported): the order the bundle must see.
import { astroDist, STORE_IMPORTER_FILES, storeWriterModule } from '../../collections/astro-internals';
import { recordSyncedCollection } from '../../collections/synced-store';
import { SYNCED_STORE } from '../../lib/bridge';
import { dataStoreFile, STORE_FILE } from './data-store-file';

const STORE = JSON.stringify([['Map', 1], 'articles']);
const { serializeDataStore } = await storeWriterModule();
const [RUNTIME, MUTABLE_RUNTIME] = STORE_IMPORTER_FILES.map((file) => path.join(astroDist(), file));
const RUNTIME_CODE = 'const data = await import("astro:data-layer-content");';

type Hook = (this: unknown, ...args: string[]) => { code: string; meta?: unknown } | string | undefined;

/** The plugin over a cache folder holding a store file, or none; `storage` as in Astro's config. */
function plugin({ store = true, storage, text = STORE }: { store?: boolean; storage?: unknown; text?: string } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'data-store-file-'));
  if (store) writeFileSync(path.join(dir, STORE_FILE), text);
  const emitted: Array<{ fileName?: string; source?: unknown }> = [];
  const p = dataStoreFile(() => ({ cacheDir: pathToFileURL(`${dir}/`), experimental: { collectionStorage: storage } }));
  const ctx = { emitFile: (f: { fileName?: string; source?: unknown }) => emitted.push(f) };
  const call = (hook: unknown, ...args: string[]) => (hook as Hook).call(ctx, ...args);
  return {
    dir,
    emitted,
    transform: (code: string, id: string) => call(p.transform, code, id) as { code: string } | undefined,
    resolve: (id: string) => call(p.resolveId, id) as string | undefined,
    load: (id: string) => call(p.load, id) as { code: string; meta?: unknown } | undefined,
  };
}

describe('dataStoreFile', () => {
  it('points Astro’s content runtime at a module that reads the same bytes, emitted next to the bundle', () => {
    const p = plugin();
    const transformed = p.transform(RUNTIME_CODE, RUNTIME)?.code;
    expect(transformed).not.toContain('astro:data-layer-content');
    const id = /import\("([^"]+)"\)/.exec(transformed ?? '')?.[1] ?? '';
    const resolved = p.resolve(id);
    expect(resolved).toBeDefined();
    const loaded = p.load(resolved!);
    expect(loaded?.code).toContain(`readFileSync(file, 'utf8')`);
    expect(loaded?.code).not.toContain('articles');
    // Tagged as content data, as Astro tags its own store module, for the incremental build.
    expect(loaded?.meta).toEqual({ astroIncremental: { kind: 'content-data' } });
    expect(p.emitted).toHaveLength(1);
    expect(p.emitted[0]?.fileName).toBe(STORE_FILE);
    expect(String(p.emitted[0]?.source)).toBe(STORE);
  });

  it('also redirects the import in the mutable store, and leaves other modules alone', () => {
    const p = plugin();
    const mutable = MUTABLE_RUNTIME!;
    expect(p.transform(RUNTIME_CODE, mutable)?.code).not.toContain('astro:data-layer-content');
    expect(p.transform(RUNTIME_CODE, '/repo/src/pages/index.astro')).toBeUndefined();
    expect(p.resolve('astro:data-layer-content')).toBeUndefined();
  });

  it('leaves a chunked store, or a build without a store file, to Astro', () => {
    expect(plugin({ storage: 'chunked' }).transform(RUNTIME_CODE, RUNTIME)).toBeUndefined();
    expect(plugin({ storage: { chunkSize: 1024 } }).transform(RUNTIME_CODE, RUNTIME)).toBeUndefined();
    expect(plugin({ store: false }).transform(RUNTIME_CODE, RUNTIME)).toBeUndefined();
    expect(plugin({ storage: 'single-file' }).transform(RUNTIME_CODE, RUNTIME)).toBeDefined();
  });
});

/** Collections as a sync leaves them in memory: in the order records arrived, not sorted. */
function syncedCollections() {
  const entry = (id: string, title: string) => ({ id, data: { title }, digest: `d${id}` });
  return new Map([
    [
      'news',
      new Map([
        ['th/9', entry('th/9', 'เก้า')],
        ['th/10', entry('th/10', 'สิบ')],
        ['en/2', entry('en/2', 'Two')],
      ]),
    ],
    [
      'articles',
      new Map([
        ['th/b', entry('th/b', 'บี')],
        ['th/a', entry('th/a', 'เอ')],
      ]),
    ],
  ]);
}

/** The bundle's store module as this plugin writes it while bundling (which seals the record). */
function bundle(p: ReturnType<typeof plugin>): string {
  return p.load(p.resolve('virtual:portal-data-store')!)!.code;
}

/**
 * That module next to the store file, evaluated, and its export made into collections as
 * Astro's ImmutableDataStore.fromModule does (a Map as it is; the file's flat array unflattened).
 */
async function evaluate(p: ReturnType<typeof plugin>, code: string): Promise<Map<string, Map<string, unknown>>> {
  const file = path.join(p.dir, `store-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, code);
  const { default: data } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { default: unknown };
  return (data instanceof Map ? data : devalue.unflatten(data as never)) as Map<string, Map<string, unknown>>;
}

describe('the store module in the bundle', () => {
  afterEach(() => {
    SYNCED_STORE.clear();
  });

  it('reads the store file when nothing this process synced is sealed (the publisher)', async () => {
    const collections = syncedCollections();
    const text = serializeDataStore(collections);
    const p = plugin({ text: text.replace('เก้า', 'from the file') });
    const code = bundle(p);
    // Another process: loaders of its own recorded their stores, and no bundling sealed them.
    SYNCED_STORE.clear();
    for (const [name, entries] of collections) recordSyncedCollection(name, { entries: () => [...entries] });
    const store = await evaluate(p, code);
    expect(devalue.stringify(store)).toBe(text.replace('เก้า', 'from the file'));
  });

  it('takes the entries the sync left in memory once bundling sealed them, in the order Astro writes the file', async () => {
    const collections = syncedCollections();
    for (const [name, entries] of collections) recordSyncedCollection(name, { entries: () => [...entries] });
    const p = plugin({ text: '"not read"' });
    const store = await evaluate(p, bundle(p));
    expect(devalue.stringify(store)).toBe(serializeDataStore(collections));
    // The same entry objects, not copies.
    expect(store.get('news')?.get('th/9')).toBe(collections.get('news')?.get('th/9'));
  });
});
