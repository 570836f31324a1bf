import { describe, expect, it } from 'vitest';
import { detailCache } from '../../../../scripts/publisher/detail-cache.ts';
import { reread, wholeKind, Yielded } from '../../../../scripts/publisher/stages/reread.ts';
import type { RenderPath, StoreEntry } from '../../../../scripts/publisher/render-path.ts';

/** A render path with two collections whose loaders report their requests as the site's do. */
function fakeRp(requests: Record<string, number>, fail = false) {
  const stores = new Map<string, Map<string, StoreEntry>>([
    ['articles', new Map([['th/a', { id: 'th/a', data: { title: 'old' }, digest: '1' }]])],
    ['laws', new Map()],
  ]);
  const loader = (collection: string) => ({
    name: collection,
    async load(ctx: unknown) {
      const { store, logger } = ctx as {
        store: { set(e: { id: string; data: Record<string, unknown>; digest: string }): boolean };
        logger: { info(m: string): void };
      };
      if (fail) throw new Error('API unreachable');
      store.set({ id: 'th/a', data: { title: 'new' }, digest: '2' });
      (detailCache as unknown as { requests(c: string, n: number): void }).requests(collection, requests[collection]!);
      // A note that would fool a parser: the count comes from the value above, not from here.
      logger.info('th: 1 record (999 requests, 0.1 s)');
    },
  });
  return {
    stores,
    rp: {
      collections: async () => stores,
      definitions: () => ({ articles: { loader: loader('articles') }, laws: { loader: loader('laws') } }),
    } as unknown as RenderPath,
  };
}

/** No edit waits; the changed entries are not looked at. */
const quiet = { yieldTo: () => false, applied: () => {} };

describe('re-read stage', () => {
  it('re-reads the collections of the events and hands over what changed and the requests it sent, as values', async () => {
    const { rp, stores } = fakeRp({ articles: 7, laws: 3 });
    const out = await reread(rp, [{ type: 'article', action: 'update', key: 'a' }], quiet);
    expect(out.collections).toEqual(['articles']);
    expect(out.changed).toEqual(['articles/th/a']);
    expect(out.requests).toBe(7);
    expect(stores.get('articles')!.get('th/a')!.data).toEqual({ title: 'new' });
  });

  it('re-reads every area for a catch-up or a scheduled re-read', async () => {
    const { rp } = fakeRp({ articles: 7, laws: 3 });
    const out = await reread(rp, [{ type: '*', action: 'update', key: 'scheduled' }], quiet);
    expect(out.collections.sort()).toEqual(['articles', 'laws']);
    expect(out.requests).toBe(10);
    expect(wholeKind([{ type: '*', action: 'update', key: 'scheduled' }])).toBe('scheduled');
    expect(wholeKind([{ type: '*', action: 'update', key: 'catch_up' }])).toBe('catch_up');
    expect(wholeKind([{ type: 'article', action: 'update', key: 'x' }])).toBeNull();
  });

  it('changes nothing when a loader fails', async () => {
    const { rp, stores } = fakeRp({ articles: 1, laws: 1 }, true);
    await expect(reread(rp, [{ type: 'article', action: 'update', key: 'a' }], quiet)).rejects.toThrow(/unreachable/);
    expect(stores.get('articles')!.get('th/a')!.data).toEqual({ title: 'old' });
  });

  it('steps aside for waiting edits between steps of a whole re-read, keeping the steps it applied', async () => {
    const names = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
    const stores = new Map<string, Map<string, StoreEntry>>(names.map((n) => [n, new Map()]));
    const loaded: string[] = [];
    const loader = (collection: string) => ({
      name: collection,
      async load(ctx: unknown) {
        loaded.push(collection);
        (ctx as { store: { set(e: { id: string; data: object; digest: string }): boolean } }).store.set({
          id: 'x',
          data: { n: 1 },
          digest: collection,
        });
      },
    });
    const rp = {
      collections: async () => stores,
      definitions: () => Object.fromEntries(names.map((n) => [n, { loader: loader(n) }])),
    } as unknown as RenderPath;
    const whole = [{ type: '*', action: 'update' as const, key: 'catch_up' }];
    let edits = false;
    const first = reread(rp, whole, { yieldTo: () => edits, applied: () => {} });
    edits = true; // an edit arrives while the first step loads
    const error = await first.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Yielded);
    expect(loaded).toEqual(['a1', 'a2', 'a3', 'a4']); // one step, then aside
    expect((error as Yielded).changed).toEqual(['a1/x', 'a2/x', 'a3/x', 'a4/x']); // applied: the next publish renders them
    expect(stores.get('a1')!.has('x')).toBe(true);
    expect(stores.get('a5')!.has('x')).toBe(false);
    // With no edit waiting it reads every area.
    edits = false;
    const out = await reread(rp, whole, { yieldTo: () => edits, applied: () => {} });
    expect(out.collections).toEqual(names);
  });

  it('stops a step of a whole re-read at its next GET when an edit arrives, applying nothing of that step', async () => {
    const names = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
    const stores = new Map<string, Map<string, StoreEntry>>(names.map((n) => [n, new Map()]));
    const gets: string[] = [];
    const ended: string[] = [];
    let edits = false;
    // As src/collections/api-collection.ts does: asks the detail cache before each GET.
    const loader = (collection: string) => ({
      name: collection,
      async load(ctx: unknown) {
        const { store } = ctx as { store: { set(e: { id: string; data: object; digest: string }): boolean } };
        try {
          for (let page = 1; page <= 3; page++) {
            if (detailCache.stops()) throw new Error(`stepped aside before ${collection} page ${page}`);
            gets.push(`${collection}/${page}`);
            if (collection === 'a5' && page === 2) edits = true; // the editor saves mid-step
            await new Promise((resolve) => setTimeout(resolve, collection === 'a6' ? 5 : 1));
            store.set({ id: `x${page}`, data: { page }, digest: `${collection}${page}` });
          }
        } finally {
          ended.push(collection);
        }
      },
    });
    const rp = {
      collections: async () => stores,
      definitions: () => Object.fromEntries(names.map((n) => [n, { loader: loader(n) }])),
    } as unknown as RenderPath;
    const whole = [{ type: '*', action: 'update' as const, key: 'catch_up' }];
    const error = await reread(rp, whole, { yieldTo: () => edits, applied: () => {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Yielded);
    // The first step (a1-a4) is applied; the second stopped before its third pages, its reads dropped.
    expect((error as Yielded).changed).toHaveLength(12);
    expect(stores.get('a4')!.size).toBe(3);
    expect(stores.get('a5')!.size).toBe(0);
    expect(stores.get('a6')!.size).toBe(0);
    expect(gets).not.toContain('a5/3');
    expect(gets).not.toContain('a6/3');
    // Both loaders of the stopped step had ended before the re-read stepped aside.
    expect(ended).toEqual(expect.arrayContaining(['a5', 'a6']));
    // An edit's own re-read is never stopped, however long edits wait.
    const edit = await reread(rp, [{ type: 'a5', action: 'update', key: 'x1' }], { ...quiet, yieldTo: () => true });
    expect(edit.changed.length).toBeGreaterThan(0);
  });
});
