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
      'moved far down (an older date): the count does not add up',
      (l: Item[]) => [...l.filter((a) => a.slug !== 's45'), item(45, 'old')],
      's45',
      'update',
    ],
    [
      'a new record dated in the past, on a page not read',
      (l: Item[]) => [...l.slice(0, 35), item(99), ...l.slice(35)],
      's99',
      'create',
    ],
    [
      'a change no webhook announced, on a page read',
      (l: Item[]) => l.map((a) => (a.slug === 's48' ? item(48, 'x') : a)),
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
