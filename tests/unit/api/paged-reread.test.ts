// The publisher's re-read of a paged main list after an edit (src/collections/page-prediction.ts):
// the articles area's real loader against the reference API with 250 articles a language (three
// pages of /content/category/all). After each kind of edit the incremental re-read, which reads
// only the pages that can show the edit, stores exactly what a whole re-read of the same API
// stores; a record that moved where no page read shows it makes it read every page.
import { DatabaseSync } from 'node:sqlite';
import type { Loader } from 'astro/loaders';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startContentApi } from '../../../scripts/content-api/server.ts';
import { tempDir } from '../content-api/harness';
import { contentLayer as contentLayerOf } from './content-layer';

vi.mock('astro:content', () => ({ defineCollection: (c: unknown) => c, getCollection: async () => [] }));

const { setApiBaseUrl } = await import('../../../src/api/client');
const { collections } = await import('../../../src/areas/articles/collection');
const { detailCache } = await import('../../../scripts/publisher/detail-cache.ts');

const loader = (collections.articles as unknown as { loader: Loader }).loader;

const TOKEN = 'paged-reread-token';
let api: Awaited<ReturnType<typeof startContentApi>>;
/** Paths of every GET of the main list (`/content/category/all?page=2…`), in order. */
const listGets: string[] = [];
/** Conditional GETs (If-None-Match) of any endpoint: the loader revalidating its last sync. */
let revalidations = 0;
/** Every GET's path and language, in order. */
const allGets: string[] = [];

beforeAll(async () => {
  api = await startContentApi({
    host: '127.0.0.1',
    port: 0,
    dbPath: `${tempDir()}/api.sqlite`,
    scale: 250,
    editor: { token: TOKEN, log: () => {} },
  });
  setApiBaseUrl(api.url);
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    allGets.push(`${url.pathname}${url.search} ${new Headers(init?.headers).get('accept-language')}`);
    if (new Headers(init?.headers).has('if-none-match')) revalidations++;
    else if (url.pathname.endsWith('/content/category/all'))
      listGets.push(`${url.searchParams.get('page')} ${new Headers(init?.headers).get('accept-language')}`);
    return realFetch(input, init);
  });
}, 60_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await api.close();
});

/** The articles area's content layer (./content-layer.ts). */
const contentLayer = () => contentLayerOf(loader, 'articles');

const edit = (key: string, body: unknown, method = 'POST') =>
  fetch(`${api.url}/api/editor/article/${encodeURIComponent(key)}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: method === 'DELETE' ? undefined : JSON.stringify(body),
  }).then((r) => expect(r.ok).toBe(true));

/** The slug at `index` of the main list in the API's order (newest first). */
function slugAt(index: number): string {
  const db = new DatabaseSync(api.dbPath);
  try {
    const rows = db.prepare('SELECT slug FROM articles ORDER BY published_at DESC, id DESC').all() as Array<{
      slug: string;
    }>;
    return rows[index]!.slug;
  } finally {
    db.close();
  }
}

describe('an edit re-reads the pages of the main list it can change, and stores what a whole re-read does', () => {
  const publisher = contentLayer();

  /** GETs of the last re-read's second pass (a moved record's), of those its first pass made. */
  let askedAgain: string[] = [];
  /** GETs of the last re-read's second pass answered as the first pass's were. */
  let replayed = 0;

  /** The publisher's re-read of one edited record, then a whole re-read of a fresh store to compare with. */
  async function rereadAfter(event: { action: string; key: string }) {
    listGets.length = 0;
    revalidations = 0;
    askedAgain = [];
    replayed = 0;
    allGets.length = 0;
    detailCache.begin([{ type: 'article', ...event }]);
    await publisher.sync();
    // A record that moved is read again as a new one, answered as the first pass was where it
    // asks the same (scripts/publisher/stages/reread.ts).
    if (detailCache.moved.size > 0) {
      const first = new Set(allGets);
      allGets.length = 0;
      detailCache.begin([{ type: 'article', ...event, action: 'create' }], { replay: true });
      await publisher.sync();
      askedAgain = allGets.filter((g) => first.has(g));
      replayed = detailCache.counts.replayed;
    }
    detailCache.finish();
    const asked = [...listGets];
    // Read through the caches, not by asking every GET of the last sync again (hundreds on a full site).
    expect(revalidations).toBe(0);
    const whole = contentLayer();
    detailCache.begin(null);
    await whole.sync();
    expect(publisher.snapshot()).toEqual(whole.snapshot());
    return asked.map((g) => g.split(' ')[0]).sort();
  }

  it('starts from a whole read (the catch-up): three pages a language', async () => {
    detailCache.begin(null);
    await publisher.sync();
    expect(listGets.filter((g) => g.endsWith(' en')).length).toBe(3);
  });

  it('an English title alone: the Thai list read as the English one, not by revalidating every Thai GET', async () => {
    const slug = slugAt(160);
    await edit(slug, { en: { title: 'Only in English' } });
    expect(await rereadAfter({ action: 'update', key: slug })).toEqual(['1', '1', '2', '2']);
  });

  it('a new title on page 2: pages 1 and 2', async () => {
    const slug = slugAt(150);
    await edit(slug, { th: { title: 'หัวข้อใหม่' }, en: { title: 'A new title' } });
    expect(await rereadAfter({ action: 'update', key: slug })).toEqual(['1', '1', '2', '2']);
    expect(JSON.stringify(publisher.snapshot())).toContain('A new title');
  });

  it('a new article: page 1 alone, every later page one place on', async () => {
    await edit('a-new-article', { th: { title: 'บทความใหม่' }, en: { title: 'A new article' } });
    expect(await rereadAfter({ action: 'create', key: 'a-new-article' })).toEqual(['1', '1']);
  });

  it('a deletion on page 3: page 1 alone', async () => {
    const slug = slugAt(220);
    await edit(slug, null, 'DELETE');
    expect(await rereadAfter({ action: 'delete', key: slug })).toEqual(['1', '1']);
  });

  it('a category change: the second pass asks the API only what the first did not (the new neighbours)', async () => {
    const slug = slugAt(40);
    const db = new DatabaseSync(api.dbPath);
    const { category_id: from } = db.prepare('SELECT category_id FROM articles WHERE slug = ?').get(slug) as {
      category_id: number;
    };
    const to = (
      db.prepare("SELECT id FROM categories WHERE area = 'article' AND id != ? ORDER BY sort LIMIT 1").get(from) as {
        id: number;
      }
    ).id;
    db.close();
    await edit(slug, { category: to });
    await rereadAfter({ action: 'update', key: slug });
    expect(replayed).toBeGreaterThan(10);
    expect(askedAgain).toEqual([]);
  });

  it.each([
    ['delete', 'as the reference API announces it'],
    ['update', 'as a CMS may announce it'],
  ])(
    'an article unpublished (%s, %s) on page 2 and published again: each time what a whole re-read stores',
    async (action) => {
      const slug = slugAt(130 + (action === 'delete' ? 0 : 10));
      await edit(slug, { published: false });
      expect(await rereadAfter({ action, key: slug })).toEqual(action === 'delete' ? ['1', '1'] : ['1', '1', '2', '2']);
      await edit(slug, { published: true });
      // Back on page 2, which page 1 does not show: looked for on the pages after it.
      expect(await rereadAfter({ action: 'update', key: slug })).toEqual(['1', '1', '2', '2', '3', '3']);
      expect(Object.keys(publisher.snapshot()).some((id) => id.includes(slug))).toBe(true);
    },
  );

  it('a record dated back from page 1 to the last page: every page (page 1 cannot tell where it went), then as a moved record those pages as they answered', async () => {
    const slug = slugAt(3);
    const db = new DatabaseSync(api.dbPath);
    db.prepare("UPDATE articles SET published_at = '2000-01-01T00:00:00.000Z' WHERE slug = ?").run(slug);
    db.close();
    expect(await rereadAfter({ action: 'update', key: slug })).toEqual(['1', '1', '2', '2', '3', '3']);
  });
});
