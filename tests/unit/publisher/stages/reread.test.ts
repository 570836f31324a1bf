import { describe, expect, it } from 'vitest';
import { detailCache } from '../../../../scripts/publisher/content-store.ts';
import { reread, wholeKind } from '../../../../scripts/publisher/stages/reread.ts';
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

describe('re-read stage', () => {
  it('re-reads the collections of the events and hands over what changed and the requests it sent, as values', async () => {
    const { rp, stores } = fakeRp({ articles: 7, laws: 3 });
    const out = await reread(rp, [{ type: 'article', action: 'update', key: 'a' }]);
    expect(out.collections).toEqual(['articles']);
    expect(out.changed).toEqual(['articles/th/a']);
    expect(out.requests).toBe(7);
    expect(stores.get('articles')!.get('th/a')!.data).toEqual({ title: 'new' });
  });

  it('re-reads every area for a catch-up or a scheduled re-read', async () => {
    const { rp } = fakeRp({ articles: 7, laws: 3 });
    const out = await reread(rp, [{ type: '*', action: 'update', key: 'scheduled' }]);
    expect(out.collections.sort()).toEqual(['articles', 'laws']);
    expect(out.requests).toBe(10);
    expect(wholeKind([{ type: '*', action: 'update', key: 'scheduled' }])).toBe('scheduled');
    expect(wholeKind([{ type: '*', action: 'update', key: 'catch_up' }])).toBe('catch_up');
    expect(wholeKind([{ type: 'article', action: 'update', key: 'x' }])).toBeNull();
  });

  it('changes nothing when a loader fails', async () => {
    const { rp, stores } = fakeRp({ articles: 1, laws: 1 }, true);
    await expect(reread(rp, [{ type: 'article', action: 'update', key: 'a' }])).rejects.toThrow(/unreachable/);
    expect(stores.get('articles')!.get('th/a')!.data).toEqual({ title: 'old' });
  });
});
