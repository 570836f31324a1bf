/**
 * store-writes.ts against Astro's own content store (its 500 ms debounced write): a sync whose
 * loaders pause is written once, at its end, not at each pause; a sync that changes nothing,
 * Astro's own meta values included, is not written at all.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { mutableDataStoreClass } from './astro-internals';
import { holdStoreWrites } from './store-writes';
import { quietUnchangedMeta } from './unchanged-meta';

// Astro's store as the build's sync uses it (not exported).
const MutableDataStore = await mutableDataStoreClass();
type MutableDataStore = InstanceType<typeof MutableDataStore>;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freshStore() {
  const file = pathToFileURL(path.join(mkdtempSync(path.join(tmpdir(), 'store-writes-')), 'data-store.json'));
  const store = await MutableDataStore.fromFile(file);
  const writes = vi.spyOn(store, 'writeToDisk');
  return { store, writes };
}

/** A loader: sets its records after `fetchMs` (none when it finds nothing changed), then ends. */
async function loader(store: MutableDataStore, name: string, fetchMs: number, records: number, hold: boolean) {
  const scoped = store.scopedStore(name);
  const h = hold ? holdStoreWrites(scoped) : undefined;
  try {
    await pause(fetchMs);
    if (records > 0) h?.changed();
    for (let i = 0; i < records; i++) scoped.set({ id: `th/${i}`, data: { title: `${name} ${i}` } });
  } finally {
    h?.release();
  }
}

/** The sync: loaders side by side, then Astro's write at the end (ContentLayer.sync). */
async function sync(store: MutableDataStore, hold: boolean) {
  await Promise.all([loader(store, 'menu', 0, 2, hold), loader(store, 'articles', 1300, 3, hold)]);
  await store.waitUntilSaveComplete();
}

describe('holdStoreWrites', () => {
  it('without it, Astro writes the whole store while a slow loader is still fetching', async () => {
    const { store, writes } = await freshStore();
    await sync(store, false);
    expect(writes.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('with it, the store is written once, when the sync ends, with every record', async () => {
    const { store, writes } = await freshStore();
    await sync(store, true);
    expect(writes).toHaveBeenCalledTimes(1);
    expect(store.keys('articles')).toHaveLength(3);
    expect(store.keys('menu')).toHaveLength(2);
    expect(store.has('menu', '\0store-writes')).toBe(false);
  });

  it('holds a write made by a change to a loader’s meta alone (the ETags it kept, a count)', async () => {
    const { store, writes } = await freshStore();
    const metaOnly = async () => {
      const meta = store.metaStore('menu');
      const h = holdStoreWrites(store.scopedStore('menu'), meta);
      await pause(50);
      h.changed();
      meta.set('gets:th', '["/menu"]');
      h.release();
    };
    await Promise.all([metaOnly(), loader(store, 'articles', 1300, 2, true)]);
    await store.waitUntilSaveComplete();
    expect(writes).toHaveBeenCalledTimes(1);
  });

  it('leaves a sync that changes nothing clean: nothing to write', async () => {
    const { store, writes } = await freshStore();
    await Promise.all([loader(store, 'menu', 0, 0, true), loader(store, 'articles', 900, 0, true)]);
    await store.waitUntilSaveComplete();
    expect(writes).not.toHaveBeenCalled();
  });
});

describe('quietUnchangedMeta', () => {
  /** What Astro's sync does first, every time (content-layer.js #doSync). */
  const astroMeta = (store: MutableDataStore, version: string) => {
    store.metaStore().set('astro-version', version);
    store.metaStore().set('content-config-digest', 'abc');
  };

  it('keeps a store whose meta values are set to what they hold from being written', async () => {
    quietUnchangedMeta();
    const { store, writes } = await freshStore();
    astroMeta(store, '7.3.5');
    store.metaStore('articles').set('count:th', '3');
    await store.waitUntilSaveComplete();
    expect(writes).toHaveBeenCalledTimes(1);

    // The next sync: the same values again, nothing else.
    astroMeta(store, '7.3.5');
    store.metaStore('articles').set('count:th', '3');
    await store.waitUntilSaveComplete();
    await pause(600);
    expect(writes).toHaveBeenCalledTimes(1);

    // A value that changed, or a record set again, is written as before.
    astroMeta(store, '7.4.0');
    await store.waitUntilSaveComplete();
    expect(writes).toHaveBeenCalledTimes(2);
    expect(store.metaStore().get('astro-version')).toBe('7.4.0');
    store.set('articles', 'th/1', { id: 'th/1', data: { title: 'same' } });
    store.set('articles', 'th/1', { id: 'th/1', data: { title: 'same' } });
    await store.waitUntilSaveComplete();
    expect(writes).toHaveBeenCalledTimes(3);
  });
});
