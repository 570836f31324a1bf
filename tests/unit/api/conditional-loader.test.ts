// The content-layer loader's conditional requests: the second sync of an unchanged
// area only revalidates (every GET answers 304, nothing is fetched in full or written), and an
// edit that only a detail answer carries is still seen: with one request per record (a list that
// does not embed its details) and with one per list page (a list that embeds them).
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DETAIL_CACHE } from '../../../src/lib/bridge';
import { startTestApi, type TestApi } from '../content-api/harness';
import { contentLayer as contentLayerOf } from './content-layer';

vi.mock('astro:content', () => ({ defineCollection: (c: unknown) => c }));

const { apiLoader } = await import('../../../src/collections/api-collection');
const { api: client, setApiBaseUrl } = await import('../../../src/api/client');

let api: TestApi;
const statuses: number[] = [];
beforeAll(async () => {
  api = await startTestApi();
  setApiBaseUrl(api.url);
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (...args) => {
    const response = await realFetch(...args);
    statuses.push(response.status);
    return response;
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await api.dispose();
});
beforeEach(() => {
  statuses.length = 0;
});

type Listed = { result: Array<{ slug: string }> };
type Detail = { data: { title: string; body_html: string } };

/**
 * A small area: the first page of an article list and the detail of each listed article. The
 * list of every article embeds the details when asked (the reference API's `Prefer: embed=detail`);
 * a category's list does not, so each detail is its own GET.
 */
const areaLoader = (listEndpoint: string) =>
  apiLoader({
    endpoint: listEndpoint,
    schema: z.object({ title: z.string(), body: z.string() }),
    langs: ['en'],
    fetch: async ({ lang, call, all }) => {
      const list = await call(listEndpoint, () =>
        client.get<Listed>(listEndpoint, { lang, query: { page: 1, limit: 3 } }),
      );
      const details = await all(
        list.result,
        (a) => `/content/page/${a.slug}`,
        (a) => client.get<Detail>(`/content/page/${a.slug}`, { lang }),
      );
      return details.map(({ data }, i) => ({
        key: list.result[i]!.slug,
        data: { title: data.title, body: data.body_html },
      }));
    },
  });

const PER_DETAIL = '/content/category/export';
const EMBEDDING = '/content/category/all';

/** The content layer (./content-layer.ts) of a small area over `listEndpoint`. */
const contentLayer = (listEndpoint = PER_DETAIL) => contentLayerOf(areaLoader(listEndpoint), 'articles');

describe('apiLoader with conditional requests', () => {
  it('costs only 304s and writes nothing when the API did not change', async () => {
    const layer = contentLayer();
    await layer.sync();
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(layer.entries.size).toBe(3);
    const writes = layer.writes();
    const metaWrites = layer.metaWrites();

    statuses.length = 0;
    await layer.sync();
    expect(statuses).toEqual([304, 304, 304, 304]);
    expect(layer.writes()).toBe(writes);
    // Any meta write would make Astro rewrite its whole data store.
    expect(layer.metaWrites()).toBe(metaWrites);
    expect(layer.info.at(-1)).toBe('en: unchanged (4 requests answered 304 Not Modified)');
  });

  it('reads the area again when a record changed that only its detail answer shows', async () => {
    const layer = contentLayer();
    await layer.sync();
    const [id] = [...layer.entries.keys()];
    const slug = id!.slice('en/'.length);
    const db = new DatabaseSync(api.dbPath);
    db.prepare("UPDATE articles SET body_en = '<p>Edited body</p>' WHERE slug = ?").run(slug);
    db.close();

    statuses.length = 0;
    await layer.sync();
    // The revalidation stops at the first 200; then the whole area is read again.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(4);
    expect(layer.entries.get(id!)?.data.body).toBe('<p>Edited body</p>');
    expect(layer.info.at(-1)).toMatch(/^en: 3 records \(4 requests, [\d.]+ s\)$/);
  });

  it('reads the area in full when the loader code changed, though the API did not', async () => {
    const before = process.env.PORTAL_LOADER_CODE;
    try {
      process.env.PORTAL_LOADER_CODE = 'code-a';
      const layer = contentLayer();
      await layer.sync();
      statuses.length = 0;
      await layer.sync();
      expect(statuses).toEqual([304, 304, 304, 304]);

      process.env.PORTAL_LOADER_CODE = 'code-b';
      statuses.length = 0;
      await layer.sync();
      expect(statuses).toEqual([200, 200, 200, 200]);
      statuses.length = 0;
      await layer.sync();
      expect(statuses).toEqual([304, 304, 304, 304]);
    } finally {
      if (before === undefined) delete process.env.PORTAL_LOADER_CODE;
      else process.env.PORTAL_LOADER_CODE = before;
    }
  });
});

describe('apiLoader with conditional requests, after the store or the caches changed', () => {
  it('reads the area again when the store lost its records', async () => {
    const layer = contentLayer();
    await layer.sync();
    layer.entries.clear();
    statuses.length = 0;
    await layer.sync();
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(layer.entries.size).toBe(3);
  });

  it('reads the area in full after a sync that reused a detail answer (the publisher) instead of fetching it', async () => {
    const layer = contentLayer();
    const reused = { data: { title: 'Reused answer', body_html: '<p>kept</p>' } };
    DETAIL_CACHE.set({
      get: (_lang: string, endpoint: string) => (endpoint.startsWith('/content/page/') ? { value: reused } : undefined),
      set: () => {},
    });
    try {
      await layer.sync();
    } finally {
      DETAIL_CACHE.clear();
    }
    expect([...layer.entries.values()].every((e) => e.data.title === 'Reused answer')).toBe(true);
    statuses.length = 0;
    await layer.sync();
    // No revalidation: the reused details have no ETag to ask with, so the list and every detail are read.
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect([...layer.entries.values()].some((e) => e.data.title === 'Reused answer')).toBe(false);
  });
});

describe('apiLoader with a list that embeds its details', () => {
  it('reads the area in one request per list page, the same records as one request per detail', async () => {
    const embedded = contentLayer(EMBEDDING);
    await embedded.sync();
    // The list answered with every detail: no detail was asked.
    expect(statuses).toEqual([200]);
    expect(embedded.entries.size).toBe(3);
    for (const [id, entry] of embedded.entries) {
      const detail = await api.call(`/content/page/${id.slice('en/'.length)}`, { lang: 'en' });
      expect(entry.data).toEqual({ title: detail.body.data.title, body: detail.body.data.body_html });
    }

    statuses.length = 0;
    const writes = embedded.writes();
    await embedded.sync();
    expect(statuses).toEqual([304]);
    expect(embedded.writes()).toBe(writes);
    expect(embedded.info.at(-1)).toBe('en: unchanged (1 requests answered 304 Not Modified)');
  });

  it('still brings a body edit to the store: the 304 of the list covers the details it embedded', async () => {
    const layer = contentLayer(EMBEDDING);
    await layer.sync();
    const id = [...layer.entries.keys()].at(-1)!;
    const slug = id.slice('en/'.length);
    const db = new DatabaseSync(api.dbPath);
    db.prepare("UPDATE articles SET body_en = '<p>Edited where only the detail shows it</p>' WHERE slug = ?").run(slug);
    db.close();

    statuses.length = 0;
    await layer.sync();
    // The revalidation of the list answered 200 (its embedded detail changed); the list is read again.
    expect(statuses).toEqual([200, 200]);
    expect(layer.entries.get(id)?.data.body).toBe('<p>Edited where only the detail shows it</p>');

    statuses.length = 0;
    await layer.sync();
    expect(statuses).toEqual([304]);
  });
});
