import { describe, expect, it } from 'vitest';
import type { Paged } from '../api/boundary';
import type { AreaContext } from './api-collection';
import { fetchAllPages } from './all-pages';
import { predictList, type HeldList } from './page-prediction';

type Item = { slug: string; title: string };
const item = (n: number, title = `t${n}`): Item => ({ slug: `s${n}`, title });
/** 1 … n, newest first as the API lists them. */
const listOf = (n: number) => Array.from({ length: n }, (_, i) => item(n - i));

/** The API as fetchAllPages sees it: the pages of `list`, and the pages asked. */
function api(list: Item[], limit = 10) {
  const asked: number[] = [];
  const page = async (n: number): Promise<Paged<Item>> => {
    asked.push(n);
    return { items: list.slice((n - 1) * limit, n * limit), total: list.length, page: n, limit };
  };
  return { asked, page };
}

/** A re-read's context holding `before` for `/things`, with these dirty records. */
function context(before: Item[] | undefined, dirty: Record<string, string>) {
  const held: { items?: unknown[]; reused: string[] } = { reused: [] };
  const ctx = {
    lang: 'th',
    warn: () => {},
    call: <R>(_: string, task: () => Promise<R>) => task(),
    all: async <I, R>(items: readonly I[], _e: (i: I) => string, task: (i: I) => Promise<R>) =>
      Promise.all(items.map(task)),
    kept: <T>(_: string, load: () => Promise<T[]>) => load(),
    heldList: (): HeldList | undefined => before && { items: before, limit: 10, dirty: new Map(Object.entries(dirty)) },
    holdList: (_: string, items: readonly unknown[]) => void (held.items = [...items]),
    listPagesReused: (urls: readonly string[]) => void held.reused.push(...urls),
  } as AreaContext;
  return { ctx, held };
}

describe('a paged list re-read after an edit (fetchAllPages with a held list)', () => {
  it('reads page 1 and the page that holds an edited record, and answers the others from the held list', async () => {
    const before = listOf(50);
    const after = before.map((a) => (a.slug === 's23' ? item(23, 'new title') : a));
    const { asked, page } = api(after);
    const { ctx, held } = context(before, { s23: 'update' });
    const list = await fetchAllPages(ctx, '/things', page);
    expect(list).toEqual(after);
    expect(asked).toEqual([1, 3]); // s23 is the 28th: page 3
    expect(held.items).toEqual(after);
    expect(held.reused).toEqual(['/things?page=2', '/things?page=4', '/things?page=5']);
  });

  it('a new record at the top: page 1 alone, every later page shifted by one', async () => {
    const before = listOf(50);
    const after = [item(51), ...before];
    const { asked, page } = api(after);
    const list = await fetchAllPages(context(before, { s51: 'create' }).ctx, '/things', page);
    expect(list).toEqual(after);
    expect(asked).toEqual([1]);
  });

  it('a deletion: page 1 alone, the list closes up', async () => {
    const before = listOf(50);
    const after = before.filter((a) => a.slug !== 's7');
    const { asked, page } = api(after);
    expect(await fetchAllPages(context(before, { s7: 'delete' }).ctx, '/things', page)).toEqual(after);
    expect(asked).toEqual([1]);
  });

  it('a record that moved to page 1 (a newer date) is placed where page 1 shows it', async () => {
    const before = listOf(50);
    const moved = item(12, 'now newest');
    const after = [moved, ...before.filter((a) => a.slug !== 's12')];
    const { asked, page } = api(after);
    expect(await fetchAllPages(context(before, { s12: 'update' }).ctx, '/things', page)).toEqual(after);
    expect(asked).toEqual([1]); // seen on page 1: nothing else can have moved
  });

  it('a record that left the list (another category) is dropped once its page shows it gone', async () => {
    const before = listOf(50);
    const after = before.filter((a) => a.slug !== 's23');
    const { asked, page } = api(after);
    expect(await fetchAllPages(context(before, { s23: 'update' }).ctx, '/things', page)).toEqual(after);
    expect(asked).toEqual([1, 3]);
  });

  it.each([
    [
      'moved far down (an older date)',
      (l: Item[]) => [...l.filter((a) => a.slug !== 's45'), item(45, 'old')],
      's45',
      'update',
      [1, 2, 3, 4, 5], // a short list: the pages after page 1 in one round
    ],
    [
      'a new record dated in the past, on a page not read',
      (l: Item[]) => [...l.slice(0, 35), item(99), ...l.slice(35)],
      's99',
      'create',
      [1, 2, 3, 4, 5, 6],
    ],
  ])('looks for a record the pages read do not show: %s', async (_, change, key, action, pages) => {
    const before = listOf(50);
    const after = change(before);
    const { asked, page } = api(after);
    const { ctx, held } = context(before, { [key]: action });
    expect(await fetchAllPages(ctx, '/things', page)).toEqual(after);
    expect(asked).toEqual(pages);
    expect(held.items).toEqual(after);
  });
});

describe('a paged list re-read after an edit: records looked for', () => {
  it('a record republished deep in a long list is found in a few rounds, not by reading every page', async () => {
    const before = listOf(1000).filter((a) => a.slug !== 's371'); // unpublished: not held
    const after = listOf(1000); // back at its date: the 630th item, page 63 of 100
    const { asked, page } = api(after);
    const { ctx, held } = context(before, { s371: 'update' });
    expect(await fetchAllPages(ctx, '/things', page)).toEqual(after);
    expect(asked.length).toBeLessThanOrEqual(13); // page 1 and at most three rounds of four
    expect(asked).toContain(63);
    expect(held.items).toEqual(after);
    expect(held.reused).toHaveLength(100 - asked.length);
  });

  it('a new record at the top and one republished deep: the search counts the one page 1 shows', async () => {
    const before = listOf(1000).filter((a) => a.slug !== 's371');
    const after = [item(1001), ...listOf(1000)];
    const { asked, page } = api(after);
    const { ctx } = context(before, { s371: 'update', s1001: 'create' });
    expect(await fetchAllPages(ctx, '/things', page)).toEqual(after);
    expect(asked.length).toBeLessThanOrEqual(13);
  });

  it.each([
    [
      'a change no webhook announced, on a page read',
      (l: Item[]) => l.map((a) => (a.slug === 's48' ? item(48, 'x') : a)),
      's23',
      'update',
    ],
    [
      'a record no webhook announced, on a page not read',
      (l: Item[]) => [...l.slice(0, 35), item(99), ...l.slice(35)],
      's23',
      'update',
    ],
  ])('reads every page when the pages read do not fit: %s', async (_, change, key, action) => {
    const before = listOf(50);
    const after = change(before);
    const { asked, page } = api(after);
    const { ctx, held } = context(before, { [key]: action });
    expect(await fetchAllPages(ctx, '/things', page)).toEqual(after);
    expect(new Set(asked)).toEqual(new Set([1, 2, 3, 4, 5, 6].filter((p) => p <= Math.ceil(after.length / 10))));
    expect(held.items).toEqual(after);
    expect(held.reused).toEqual([]);
  });
});

describe('a paged list re-read after an edit, against a whole read', () => {
  it('gives the list a whole read gives, whatever the announced records did (200 random edits)', async () => {
    let seed = 23;
    const random = (n: number) => (((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n) + n) % n;
    for (let trial = 0; trial < 200; trial++) {
      const before = listOf(40 + random(160)).filter(() => random(10) > 0); // some unpublished
      const after = [...before];
      const dirty: Record<string, string> = {};
      for (let e = 1 + random(3); e > 0; e--) {
        const kind = random(4);
        if (kind === 0 && after.length) {
          const [gone] = after.splice(random(after.length), 1);
          dirty[gone!.slug] = 'delete';
        } else if (kind === 1 && after.length) {
          const [moved] = after.splice(random(after.length), 1);
          after.splice(random(after.length + 1), 0, { ...moved!, title: `moved ${trial}` });
          dirty[moved!.slug] = 'update';
        } else if (kind === 2 && after.length) {
          const at = random(after.length);
          after[at] = { ...after[at]!, title: `edited ${trial}` };
          dirty[after[at]!.slug] = 'update';
        } else {
          const added = item(1000 + trial * 10 + e); // new, or back from unpublished
          after.splice(random(after.length + 1), 0, added);
          dirty[added.slug] = random(2) ? 'create' : 'update';
        }
      }
      const { page } = api(after);
      expect(await fetchAllPages(context(before, dirty).ctx, '/things', page), `trial ${trial}`).toEqual(after);
    }
  });

  it('a build (nothing held) reads every page and holds nothing', async () => {
    const { asked, page } = api(listOf(25));
    const { ctx, held } = context(undefined, {});
    delete (ctx as Partial<AreaContext>).holdList;
    expect(await fetchAllPages(ctx, '/things', page)).toEqual(listOf(25));
    expect(asked).toEqual([1, 2, 3]);
    expect(held.items).toBeUndefined();
  });
});

describe('predictList', () => {
  const held = (items: Item[], dirty: Record<string, string>): HeldList => ({
    items,
    limit: 10,
    dirty: new Map(Object.entries(dirty)),
  });

  it('asks for the page each edited record of the held list would be on, then gives the list', () => {
    const before = listOf(30);
    const after = before.map((a) => (a.slug === 's5' || a.slug === 's28' ? { ...a, title: 'x' } : a));
    const h = held(before, { s5: 'update', s28: 'update' });
    const fetched = new Map([[1, after.slice(0, 10)]]);
    expect(predictList(h, 30, fetched)).toEqual({ need: [3] });
    fetched.set(3, after.slice(20, 30));
    expect(predictList(h, 30, fetched)).toEqual({ list: after });
  });

  it('never a list that names a record twice or skips one', () => {
    const before = listOf(30);
    const h = held(before, { s30: 'update' });
    const twice = [item(30), item(30), ...before.slice(1, 9)];
    expect(predictList(h, 30, new Map([[1, twice]]))).toBeNull();
    expect(predictList(h, 31, new Map([[1, before.slice(0, 10)]]))).toBeNull();
  });
});
