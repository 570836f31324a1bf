/**
 * The content-layer plumbing every area's collection goes through (api-collection.ts, all-pages.ts):
 * retry with back-off, the request limit, the loader's digests and skip warnings, and page cache keys.
 * The loader runs against a stand-in of Astro's LoaderContext (store, meta, logger, digest).
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { ApiError, SchemaError } from '../api/errors';
import { parsePaged, setSkipReporter } from '../api/boundary';
import type { Paged } from '../api/boundary';
import { CACHE_KEY_RECORDS, CONTENT_VERSION, SYNCED_STORE } from '../lib/bridge';

vi.mock('astro:content', () => ({ defineCollection: (c: unknown) => c }));

const { ApiUnreachable, apiLoader, cacheKeyOf, createLimiter, withRetry } = await import('./api-collection');
const { fetchAllPages } = await import('./all-pages');
type AreaContext = import('./api-collection').AreaContext;

const httpError = (status: number, body: unknown = { message: 'x' }) =>
  new ApiError({ status, body, endpoint: '/x', message: `HTTP ${status}` });

afterEach(() => {
  vi.useRealTimers();
});

describe('withRetry', () => {
  it('retries a 5xx or 429 after each back-off delay, then gives up after three tries', async () => {
    vi.useFakeTimers();
    const task = vi.fn(() => Promise.reject(httpError(502)));
    const done = withRetry(task, [300, 900]).catch((e: unknown) => e);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(299);
    expect(task).toHaveBeenCalledTimes(1); // not before the first delay
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(899);
    expect(task).toHaveBeenCalledTimes(2); // the second delay is longer
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(3);
    const error = await done;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
  });

  it('answers with the first success', async () => {
    const task = vi.fn().mockRejectedValueOnce(httpError(429)).mockResolvedValueOnce('ok');
    await expect(withRetry(task, [0, 0])).resolves.toBe('ok');
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('does not retry what another try cannot fix: a 4xx or a schema error', async () => {
    for (const error of [httpError(404), new SchemaError({ endpoint: '/x', field: 'id', detail: 'missing' })]) {
      const task = vi.fn(() => Promise.reject(error));
      await expect(withRetry(task, [0, 0])).rejects.toBe(error);
      expect(task).toHaveBeenCalledTimes(1);
    }
  });
});

describe('createLimiter', () => {
  it('keeps at most `limit` tasks in flight and runs every task', async () => {
    const limit = createLimiter(3);
    let active = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limit(async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((r) => setTimeout(r, (i % 4) * 2));
          active--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('frees the slot of a task that failed', async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});

// ---- the loader, against a stand-in LoaderContext ----

function loaderContext() {
  const entries = new Map<string, { id: string; data: Record<string, unknown>; digest: string }>();
  const sets: string[] = [];
  const warnings: string[] = [];
  const meta = new Map<string, string>();
  const ctx = {
    collection: 'things',
    store: {
      has: (id: string) => entries.has(id),
      keys: () => [...entries.keys()],
      delete: (id: string) => void entries.delete(id),
      set: (e: { id: string; data: Record<string, unknown>; digest: string }) => {
        sets.push(e.id);
        entries.set(e.id, e);
        return true;
      },
    },
    meta: { get: (k: string) => meta.get(k), set: (k: string, v: string) => void meta.set(k, v) },
    logger: { warn: (m: string) => warnings.push(m), info: () => undefined },
    generateDigest: (data: unknown) => createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16),
  };
  return { ctx, entries, sets, warnings };
}

const thingSchema = z.object({ title: z.string().min(1) });

async function load(
  ctx: ReturnType<typeof loaderContext>['ctx'],
  fetch: (area: AreaContext) => Promise<{ key: string; data: unknown }[]>,
) {
  const loader = apiLoader({ endpoint: '/things', schema: thingSchema, langs: ['th'], fetch: fetch as never });
  await loader.load(ctx as never);
}

describe('apiLoader', () => {
  it('records its part of the store for the build’s renderer (synced-store.ts), unsealed', async () => {
    const { ctx } = loaderContext();
    await load(ctx, async () => []);
    const synced = SYNCED_STORE.get();
    expect(synced?.collections.get('things')).toBe(ctx.store);
    expect(synced?.sealed).toBe(false);
  });

  it('stores valid records by language and key, and skips the others naming endpoint, id and field', async () => {
    const { ctx, entries, warnings } = loaderContext();
    await load(ctx, async () => [
      { key: '1', data: { title: 'One' } },
      { key: '2', data: { title: '' } },
      { key: '1', data: { title: 'Again' } },
    ]);
    expect([...entries.keys()]).toEqual(['th/1']);
    expect(warnings).toContainEqual(expect.stringMatching(/skipped \/things id=2 \(th\): field "title"/));
    expect(warnings).toContainEqual('skipped /things id=1 (th): duplicate key');
  });

  it('rewrites nothing when the area is unchanged; a changed record is set again, a removed one deleted', async () => {
    const { ctx, entries, sets } = loaderContext();
    const records = [
      { key: '1', data: { title: 'One' } },
      { key: '2', data: { title: 'Two' } },
    ];
    await load(ctx, async () => records);
    const digestOfOne = entries.get('th/1')!.digest;
    expect(sets).toEqual(['th/1', 'th/2']);

    sets.length = 0;
    await load(ctx, async () => records);
    expect(sets).toEqual([]);

    await load(ctx, async () => [{ key: '1', data: { title: 'One, edited' } }]);
    expect([...entries.keys()]).toEqual(['th/1']);
    expect(entries.get('th/1')!.digest).not.toBe(digestOfOne);
  });

  it('in the publisher, hashes only the records whose values changed since the last sync (a build hashes every one)', async () => {
    const { ctx, entries } = loaderContext();
    const hashed: unknown[] = [];
    const digest = ctx.generateDigest;
    ctx.generateDigest = (data: unknown) => (typeof data === 'object' && hashed.push(data), digest(data));
    const records = (two: string) => [
      { key: '1', data: { title: 'One' } },
      { key: '2', data: { title: two } },
    ];
    await load(ctx, async () => records('Two'));
    expect(hashed).toHaveLength(2); // a build
    CONTENT_VERSION.set(1);
    try {
      hashed.length = 0;
      await load(ctx, async () => records('Two'));
      expect(hashed).toHaveLength(2); // nothing remembered yet
      hashed.length = 0;
      await load(ctx, async () => records('Two'));
      expect(hashed).toEqual([]);
      const before = entries.get('th/2')!.digest;
      await load(ctx, async () => records('Two, edited'));
      expect(hashed).toEqual([{ title: 'Two, edited' }]);
      expect(entries.get('th/2')!.digest).toBe(digest({ title: 'Two, edited' }));
      expect(entries.get('th/2')!.digest).not.toBe(before);
    } finally {
      CONTENT_VERSION.clear();
    }
  });
});

describe('apiLoader with malformed records', () => {
  it('keeps the last good version of a record that turns malformed, named in the warning; the others load', async () => {
    const { ctx, entries, warnings } = loaderContext();
    await load(ctx, async () => [
      { key: '1', data: { title: 'One' } },
      { key: '2', data: { title: 'Two' } },
    ]);
    await load(ctx, async () => [
      { key: '1', data: { title: 'One, edited' } },
      { key: '2', data: { title: 42 } },
      { key: '3', data: { title: '' } },
    ]);
    expect(entries.get('th/1')!.data).toEqual({ title: 'One, edited' });
    expect(entries.get('th/2')!.data).toEqual({ title: 'Two' });
    expect(entries.has('th/3')).toBe(false);
    expect(warnings).toContainEqual(
      expect.stringMatching(/^skipped \/things id=2 \(th\): field "title".*; its last good version stays$/),
    );
    expect(warnings).toContainEqual(
      expect.stringMatching(/^skipped \/things id=3 \(th\): field "title"(?!.*last good)/),
    );
  });

  it('keeps the last good version of a record whose detail answer turns malformed (not one that is gone)', async () => {
    const { ctx, entries, warnings } = loaderContext();
    const area = (bad: string | null, gone: string | null) => (a: AreaContext) =>
      a.all(
        ['a', 'b', 'c'],
        (key) => `/things/${key}`,
        async (key) => {
          if (key === bad)
            throw new SchemaError({ endpoint: `/things/${key}`, recordId: key, field: 'title', detail: 'is not text' });
          if (key === gone) throw httpError(404);
          return { key, data: { title: `${key} v2` } };
        },
      );
    await load(ctx, area(null, null));
    await load(ctx, area('b', 'c'));
    expect(entries.get('th/a')!.data).toEqual({ title: 'a v2' });
    expect(entries.get('th/b')!.data).toEqual({ title: 'b v2' });
    expect(entries.has('th/c')).toBe(false);
    expect(warnings).toContainEqual('/things id=b (th): its last good version stays');
  });

  it("skips a detail call that answers 4xx with a warning naming its endpoint; the area's other records load", async () => {
    const { ctx, entries, warnings } = loaderContext();
    await load(ctx, (area) =>
      area.all(
        ['a', 'gone', 'b'],
        (key) => `/things/${key}`,
        async (key) => {
          if (key === 'gone') throw httpError(404);
          return { key, data: { title: key } };
        },
      ),
    );
    expect([...entries.keys()]).toEqual(['th/a', 'th/b']);
    expect(warnings).toContainEqual(expect.stringMatching(/^\[th\] skipped \/things\/gone: HTTP 404/));
  });
});

describe('apiLoader: where warnings go, and an API that cannot be reached', () => {
  it('two areas loading at once: a record one of them reads malformed in a list keeps its last good version there, its warning in that area', async () => {
    // Areas load at the same time (a build, the publisher's re-read); records keyed with their kind.
    const schema = zm.object({ slug: zm.string(), title: zm.string() });
    const page = (items: unknown[]) => ({ result: items, total: items.length, page: 1, limit: 10 });
    const read = (area: AreaContext, items: unknown[], wait: number) =>
      new Promise((r) => setTimeout(r, wait)).then(
        () => parsePaged('/things', page(items), schema, (t) => ({ key: `thing:${t.slug}`, data: t })).items,
      );
    const a = loaderContext();
    const b = loaderContext();
    const good = [
      { slug: 'x', title: 'X' },
      { slug: 'y', title: 'Y' },
    ];
    await Promise.all([load(a.ctx, (area) => read(area, good, 0)), load(b.ctx, (area) => read(area, [], 0))]);
    expect([...a.entries.keys()]).toEqual(['th/thing:x', 'th/thing:y']);
    // `a` reads y malformed while `b` (started after it) loads too.
    const bad = [good[0], { slug: 'y', title: 42 }];
    await Promise.all([load(a.ctx, (area) => read(area, bad, 20)), load(b.ctx, (area) => read(area, [], 0))]);
    expect(a.entries.get('th/thing:y')?.data).toEqual({ title: 'Y' });
    expect(a.warnings).toContainEqual(
      expect.stringMatching(/skipped a malformed record from \/things id=y: field "title"/),
    );
    expect(a.warnings).toContainEqual('/things id=thing:y (th): its last good version stays');
    expect(b.warnings).toEqual([]);
  });

  it('routes the boundary skip warnings (endpoint, id, field) to the build log', async () => {
    const { ctx, warnings } = loaderContext();
    const schema = zm.object({ id: zm.number(), title: zm.string() });
    const raw = { result: [{ id: 1, title: 'ok' }, { id: 2 }], total: 2, page: 1, limit: 10 };
    const previous = setSkipReporter(() => undefined);
    try {
      await load(ctx, async () => parsePaged('/things', raw, schema, (t) => ({ key: String(t.id), data: t })).items);
    } finally {
      setSkipReporter(previous);
    }
    expect(warnings).toContainEqual(
      expect.stringMatching(/skipped a malformed record from \/things id=2: field "title"/),
    );
  });

  it('stops the build when the API cannot be reached, instead of publishing an empty area', async () => {
    const { ctx } = loaderContext();
    const unreachable = new ApiError({ status: 503, body: undefined, endpoint: '/things', message: 'fetch failed' });
    await expect(load(ctx, (area) => area.call('/things', () => Promise.reject(unreachable)))).rejects.toBeInstanceOf(
      ApiUnreachable,
    );
  });
});

describe('cacheKeyOf', () => {
  const a = { collection: 'laws', id: 'th/1', digest: 'aaa' };
  const b = { collection: 'laws', id: 'th/2', digest: 'bbb' };

  it('is the same for the same entries in every build', () => {
    expect(cacheKeyOf([a, b])).toBe(cacheKeyOf([{ ...a }, { ...b }]));
    expect(cacheKeyOf(a, null, undefined, [b])).toBe(cacheKeyOf([a, b]));
  });

  it('changes with a changed record, another entry or another order', () => {
    const key = cacheKeyOf([a, b]);
    expect(cacheKeyOf([a, { ...b, digest: 'ccc' }])).not.toBe(key);
    expect(cacheKeyOf([a])).not.toBe(key);
    expect(cacheKeyOf([b, a])).not.toBe(key);
    expect(cacheKeyOf([{ ...a, collection: 'faqs' }, b])).not.toBe(key);
  });

  it('inside the publisher, records which entries each key was made from, through keys made of keys', () => {
    const records = new Map<string, string[]>();
    CACHE_KEY_RECORDS.set(records);
    try {
      const shell = cacheKeyOf({ collection: 'menu', id: 'th/main', digest: 'm' });
      const page = cacheKeyOf({ id: 'shell', digest: shell }, [a, b], { id: 'menu:th/x:missing' });
      expect(records.get(page)).toEqual(['menu/th/main', 'laws/th/1', 'laws/th/2']);
      expect(page).toBe(cacheKeyOf({ id: 'shell', digest: shell }, [a, b], { id: 'menu:th/x:missing' }));
    } finally {
      CACHE_KEY_RECORDS.clear();
    }
    const size = records.size;
    cacheKeyOf([a]); // a build: nothing recorded
    expect(records.size).toBe(size);
  });

  it('works out the records a key names once, not again for each publish that makes the same key', () => {
    const sets: string[] = [];
    const records = new (class extends Map<string, string[]> {
      override set(key: string, value: string[]) {
        sets.push(key);
        return super.set(key, value);
      }
    })();
    CACHE_KEY_RECORDS.set(records);
    try {
      const shell = { lines: 'menu:th/main:m\n', named: ['menu/th/main'] };
      const first = cacheKeyOf(shell, [a, b]);
      expect(cacheKeyOf(shell, [a, b])).toBe(first);
      expect(cacheKeyOf(shell, [a, { ...b, digest: 'changed' }])).not.toBe(first);
      expect(sets).toEqual([first, expect.not.stringMatching(first)]);
      expect(records.get(first)).toEqual(['menu/th/main', 'laws/th/1', 'laws/th/2']);
      // The same key as a build makes (a build records nothing).
      CACHE_KEY_RECORDS.clear();
      expect(cacheKeyOf(shell, [a, b])).toBe(first);
      expect(first).toBe(
        createHash('sha256').update('menu:th/main:m\nlaws:th/1:aaa\nlaws:th/2:bbb\n').digest('base64url').slice(0, 32),
      );
    } finally {
      CACHE_KEY_RECORDS.clear();
    }
  });
});

describe('fetchAllPages', () => {
  it("reads every page by the API's echoed limit, at the area's limit, skipping a failed page", async () => {
    const warned: string[] = [];
    const area = {
      lang: 'th',
      warn: (m: string) => warned.push(m),
      call: <R>(_: string, task: () => Promise<R>) => task(),
      all: async <I, R>(items: readonly I[], endpointOf: (i: I) => string, task: (i: I) => Promise<R>) => {
        const out: R[] = [];
        for (const item of items) {
          try {
            out.push(await task(item));
          } catch {
            warned.push(`skipped ${endpointOf(item)}`);
          }
        }
        return out;
      },
      kept: <T>(_: string, load: () => Promise<T[]>) => load(),
    } as AreaContext;
    const asked: string[] = [];
    // 7 records; asked for 5 a page, the API clamps to 3.
    const page = async (n: number, size: number): Promise<Paged<number>> => {
      asked.push(`${n}/${size}`);
      if (n === 2) throw httpError(404);
      const items = [1, 2, 3, 4, 5, 6, 7].slice((n - 1) * 3, n * 3);
      return { items, total: 7, page: n, limit: 3 };
    };
    const items = await fetchAllPages(area, '/things', page, 5);
    expect(asked).toEqual(['1/5', '2/3', '3/3']);
    expect(items).toEqual([1, 2, 3, 7]);
    expect(warned).toEqual(['skipped /things?page=2']);
  });
});
