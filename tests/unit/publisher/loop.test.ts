/**
 * The publisher end to end at demo scale: the publisher suites' shared build's render path
 * (scripts/test/built-site.ts), the reference API with its editor endpoint, signed webhooks, releases on disk
 * and the sirv site server; every run starts from a copy of the seeded database. The tests run in
 * order and share one publisher.
 *
 * The site and the API run where the build says they are (site 8814, API 8815; TEST_BUILD_PORT=N
 * moves them to N and N+1, and rebuilds): the build bakes the API's address into the render path,
 * and the site's origin into every page. The publisher listens on the next port.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startContentApi } from '../../../scripts/content-api/server.ts';
import { startPublisher } from '../../../scripts/publisher/main.ts';
import { memoryLogger } from '../../../scripts/publisher/log.ts';
import { startSiteServer } from '../../../scripts/publisher/site-server.ts';
import { PathsStopped } from '../../../scripts/publisher/render-path.ts';
import { signWebhook } from '../../../scripts/publisher/send-webhook.ts';
import {
  BUILD_API_PORT,
  BUILD_SITE,
  BUILD_SITE_PORT,
  sharedBuild,
  type BuiltSite,
} from '../../../scripts/test/built-site.ts';
import { startEditingApi } from './editing-api.ts';
import { fakeClock } from './fake-clock.ts';
import { Schedule } from '../../../scripts/publisher/schedule.ts';
import { markStale, setClock } from '../../../src/lib/clock.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WORK = path.join(ROOT, '.data/test-publisher');
const SITE_PORT = BUILD_SITE_PORT;
const API_PORT = BUILD_API_PORT;
const PUBLISHER_PORT = BUILD_SITE_PORT + 2;
const SITE = BUILD_SITE;
const SECRET = `whsec_${Buffer.from('loop-test-secret-0123456789').toString('base64')}`;
const TOKEN = 'loop-test-token';
const publishDir = path.join(WORK, 'releases');
const runDb = path.join(WORK, 'run.sqlite');

type Api = Awaited<ReturnType<typeof startContentApi>>;
type Running = Awaited<ReturnType<typeof startPublisher>>;
/** A render stage's log line (stages/report.ts). */
type RenderLine = { spliced: number; twinsOwed: number; twinsMade: number };
let api: Api;
let running: Running;
let built: BuiltSite;
let site: Awaited<ReturnType<typeof startSiteServer>>;
const logs: string[] = [];

const startApi = () =>
  startEditingApi({ port: API_PORT, dbPath: runDb, token: TOKEN, publisherPort: PUBLISHER_PORT, secret: SECRET });

const start = () =>
  startPublisher({
    renderPathDir: built.renderPathDir,
    baseDist: built.dist,
    publishDir,
    secrets: [SECRET],
    insecureDev: false,
    host: '127.0.0.1',
    port: PUBLISHER_PORT,
    keepReleases: 5,
    logger: memoryLogger(logs),
  });

function* files(dir: string, base = dir): Generator<string> {
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    if (d.name.startsWith('.')) continue;
    const full = path.join(dir, d.name);
    if (d.isDirectory()) yield* files(full, base);
    else yield path.relative(base, full);
  }
}
/** `.br` / `.gz` twins next to the files they were made from (compared on their own below). */
const isTwin = (f: string) => /\.(br|gz)$/.test(f);
const hashes = (dir: string) =>
  new Map(
    [...files(dir)]
      .filter((f) => !isTwin(f))
      .map((f) => [
        f,
        createHash('sha256')
          .update(readFileSync(path.join(dir, f)))
          .digest('hex'),
      ]),
  );
/** Twins whose bytes do not decode to the file next to them, and pages over 1 KB without twins. */
function twinProblems(dir: string): string[] {
  const problems: string[] = [];
  const all = new Set(files(dir));
  for (const f of all) {
    if (isTwin(f)) {
      const base = f.slice(0, -3);
      const decoded = (f.endsWith('.br') ? brotliDecompressSync : gunzipSync)(readFileSync(path.join(dir, f)));
      if (!all.has(base)) problems.push(`${f}: no ${base}`);
      else if (!decoded.equals(readFileSync(path.join(dir, base)))) problems.push(`${f}: stale`);
    } else if (/\.(html|xml|css|js)$/.test(f) && statSync(path.join(dir, f)).size >= 1024) {
      if (!all.has(`${f}.br`) || !all.has(`${f}.gz`)) problems.push(`${f}: no twins`);
    }
  }
  return problems;
}
const live = (p: string) => readFileSync(path.join(publishDir, 'live', p), 'utf8');
const liveHas = (p: string) => existsSync(path.join(publishDir, 'live', p));

const edit = (type: string, key: string, body?: unknown) =>
  fetch(`${api.url}/api/editor/${type}/${key}`, {
    method: body === undefined ? 'DELETE' : 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function listedSlugs(n: number): Promise<string[]> {
  const res = await fetch(`${api.url}/api/frontend/content/category/all?limit=${n}`);
  return ((await res.json()) as { result: Array<{ slug: string }> }).result.map((a) => a.slug);
}

beforeAll(async () => {
  built = await sharedBuild();
  mkdirSync(WORK, { recursive: true });
  for (const f of [runDb, `${runDb}-wal`, `${runDb}-shm`]) rmSync(f, { force: true });
  copyFileSync(built.baseDb, runDb);
  rmSync(publishDir, { recursive: true, force: true });
  api = await startApi();
  running = await start();
  await running.publisher.idle(); // the first re-read that fills the detail answers
  site = await startSiteServer({ root: publishDir, port: SITE_PORT });
}, 900_000);

afterAll(async () => {
  await site?.close();
  await running?.close();
  await api?.close();
});

/** Resolves when `ok()` holds, polling every 25 ms. */
async function until(ok: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const t = Date.now();
  while (!(await ok())) {
    if (Date.now() - t > ms) throw new Error(`not within ${ms} ms; log:\n${logs.slice(-8).join('\n')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('publisher loop (demo scale, real render path)', () => {
  it('starts its re-read caches from the build: the catch-up revalidates the areas instead of reading them again', () => {
    const parsed = logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    const seeded = parsed.find((l) => String(l.msg).startsWith("the build's answers seed the re-read caches"));
    expect(seeded, logs.slice(0, 8).join('\n')).toBeDefined();
    const [, answers, areas] = /: (\d+) answer\(s\); (\d+) area\(s\)/.exec(String(seeded!.msg))!;
    expect(Number(answers)).toBeGreaterThan(500); // every article's, activity's… detail answer, both languages
    expect(Number(areas)).toBeGreaterThan(20); // of 31: those whose sync read every GET with an ETag
    const catchUp = parsed.find((l) => l.kind === 'catch_up' && l.stage === 'reread' && l.durationMs !== undefined);
    // Nothing changed since the build: the catch-up's GETs answer 304 and no detail is read again
    // (it read 8,400 at 20,000 pages, 680 requests, before the caches started from the build).
    expect(catchUp?.fetched, JSON.stringify(catchUp)).toBe(0);
    // The base release ran every route's getStaticPaths with the store watched from the route that
    // loaded it on: with nothing changed, the catch-up's render runs (almost) none again (it ran
    // all 69, 0.5 s at 20,000 pages and 3 s at 72,000, when the first route's load left them unwatched).
    const render = parsed.find((l) => l.kind === 'catch_up' && l.stage === 'render');
    expect(render?.routesRun, JSON.stringify(render)).toBeLessThanOrEqual(2);
  });

  it('the base release is the build, and a full publish through the render path gives the same bytes', async () => {
    const fromBuild = hashes(built.dist);
    await running.publisher.publishFull();
    const published = hashes(path.join(publishDir, 'live'));
    const differ = [...fromBuild].filter(([f, h]) => published.get(f) !== h).map(([f]) => f);
    expect(differ).toEqual([]);
    expect(published.size).toBe(fromBuild.size);
    expect(fromBuild.size).toBeGreaterThan(800);
    expect(twinProblems(path.join(publishDir, 'live'))).toEqual([]);
  }, 120_000);

  it('an edit through the editor endpoint goes live, re-rendering only the pages that show it', async () => {
    const [slug] = await listedSlugs(1);
    expect((await edit('article', slug!, { en: { title: 'Edited by the loop test' } })).status).toBe(200);
    // How fast is the benchmark's to say (npm run bench:publish); here, that it goes live at all.
    await until(async () =>
      (await (await fetch(`${SITE}/en/article/${slug}/`)).text()).includes('Edited by the loop test'),
    );
    await running.publisher.idle(); // the stats are filed just after the switch
    const last = running.publisher.last!;
    expect(last.rendered).toBeGreaterThan(0);
    expect(last.rendered, logs.slice(-6).join('\n')).toBeLessThan(40);
    // The loaders hand their request counts over as values: the lists and the edited record's
    // two detail answers at least, far fewer than a re-read of every detail.
    expect(last.requests, logs.slice(-6).join('\n')).toBeGreaterThanOrEqual(4);
    expect(last.requests).toBeLessThan(200);
    expect(live(`article/${slug}/index.html`)).not.toContain('Edited by the loop test'); // Thai page keeps its title
    expect(live('en/articles/index.html')).toContain('Edited by the loop test');
    // The article just before it is among its related items (the reference API relates the
    // records just before one in its category): that answer is kept, not fetched again (the
    // byte-for-byte comparison with a full publish below checks the result).
    const detail = (await (await fetch(`${api.url}/api/frontend/content/page/${slug}`)).json()) as {
      data: { related: Array<{ slug: string }> };
    };
    const before = detail.data.related[0]!.slug;
    const total = running.publisher.stats.total;
    expect((await edit('article', before, { en: { title: 'Edited before the newest' } })).status).toBe(200);
    await until(() => running.publisher.stats.total > total);
    await running.publisher.idle();
    expect(running.publisher.last!.patched, logs.slice(-6).join('\n')).toBeGreaterThan(0);
    expect(live(`en/article/${slug}/index.html`)).toContain('Edited before the newest');
  }, 120_000);

  it('serves precompressed twins that decode to the page, refreshed by an edit (no stale .br)', async () => {
    const [slug] = await listedSlugs(1);
    const page = `${SITE}/en/article/${slug}/`;
    const identity = await fetch(page, { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers.get('content-encoding')).toBeNull();
    const html = Buffer.from(await identity.arrayBuffer());
    expect(html.toString()).toContain('Edited by the loop test'); // the edit of the test above
    // fetch() would decode the body itself: a raw request shows the bytes as sent.
    const raw = async (encoding: string) => {
      const { request } = await import('node:http');
      return new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>(
        (resolve, reject) => {
          request(page, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                encoding: res.headers['content-encoding'],
                vary: res.headers.vary,
                body: Buffer.concat(chunks),
              }),
            );
          })
            .on('error', reject)
            .end();
        },
      );
    };
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(html.length / 3);
    expect(brotliDecompressSync(br.body).equals(html)).toBe(true);
    const gz = await raw('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).equals(html)).toBe(true);
    // Every twin of the live release decodes to its file, and every page has them.
    expect(twinProblems(path.join(publishDir, 'live'))).toEqual([]);
  });

  it('a burst of 200 events for 50 records ends in at most 2 publishes that contain all 50 changes', async () => {
    const slugs = (await listedSlugs(30)).slice(0, 30);
    const res = await fetch(`${api.url}/api/frontend/activity/category/all?limit=20`);
    const ids = ((await res.json()) as { result: Array<{ id: number }> }).result.map((a) => String(a.id));
    const records = [
      ...slugs.map((key) => ({ type: 'article', key })),
      ...ids.map((key) => ({ type: 'activity', key })),
    ];
    expect(records).toHaveLength(50);
    const db = new DatabaseSync(runDb);
    const article = db.prepare('UPDATE articles SET title_en = ? WHERE slug = ?');
    const activity = db.prepare('UPDATE activities SET title_en = ? WHERE id = ?');
    records.forEach((r, i) => (r.type === 'article' ? article : activity).run(`Burst title ${i}.`, r.key));
    db.close();
    const before = running.publisher.stats.total;
    const url = `http://127.0.0.1:${PUBLISHER_PORT}/hooks/content`;
    const events = Array.from({ length: 200 }, (_, i) => ({ ...records[i % 50]!, action: 'update' }));
    const answers = await Promise.all(
      events.map((e) => {
        const { headers, body } = signWebhook(SECRET, JSON.stringify(e));
        return fetch(url, { method: 'POST', headers, body }).then((r) => r.status);
      }),
    );
    expect(answers.every((s) => s === 202)).toBe(true);
    await until(() => running.publisher.stats.total > before);
    await running.publisher.idle();
    expect(running.publisher.stats.total - before).toBeLessThanOrEqual(2);
    records.forEach((r, i) => expect(live(`en/${r.type}/${r.key}/index.html`), r.key).toContain(`Burst title ${i}.`));
    // An activity's calendar file (a static endpoint with its own cacheKey) follows its record.
    records.forEach((r, i) => {
      if (r.type === 'activity') expect(live(`en/activity/${r.key}.ics`), r.key).toContain(`SUMMARY:Burst title ${i}.`);
    });
  }, 120_000);

  it('renders incrementally exactly what a full publish of the same data renders', async () => {
    const incremental = hashes(path.join(publishDir, 'live'));
    await running.publisher.publishFull();
    const full = hashes(path.join(publishDir, 'live'));
    expect([...full].filter(([f, h]) => incremental.get(f) !== h).map(([f]) => f)).toEqual([]);
    expect(incremental.size).toBe(full.size);
    expect(twinProblems(path.join(publishDir, 'live'))).toEqual([]);
  }, 120_000);

  it('a deleted article is gone from its pages, the lists, RSS and the sitemap', async () => {
    const [slug] = await listedSlugs(1);
    expect(live('rss.xml')).toContain(`/article/${slug}/`);
    expect(live('sitemap-0.xml')).toContain(`/article/${slug}/`);
    expect((await edit('article', slug!, undefined)).status).toBe(200);
    await until(() => !liveHas(`article/${slug}/index.html`));
    expect(liveHas(`en/article/${slug}/index.html`)).toBe(false);
    expect(liveHas(`en/article/${slug}/index.html.br`)).toBe(false);
    expect((await fetch(`${SITE}/article/${slug}/`)).status).toBe(404);
    for (const page of ['articles/index.html', 'en/articles/index.html', 'index.html', 'rss.xml', 'en/rss.xml']) {
      expect(live(page), page).not.toContain(`/article/${slug}/`);
    }
    // The lists' later pages it shifted (in the next release when more than a few moved) and the
    // sitemap (always the next release): then on no list page at all, and not in the sitemap.
    await running.publisher.idle();
    expect(live('sitemap-0.xml')).not.toContain(`/article/${slug}/`);
    for (const page of readdirSync(path.join(publishDir, 'live', 'articles', 'page')))
      expect(live(`articles/page/${page}/index.html`)).not.toContain(`/article/${slug}/`);
  });

  it('with the API unreachable when an edit publishes, the live release keeps serving (no failed GET, no mixed release), then catches up', async () => {
    await running.publisher.idle();
    const [slug] = await listedSlugs(1);
    const liveBefore = await running.store.live();
    const pages = ['/', `/en/article/${slug}/`, '/en/articles/', '/rss.xml'];
    const expected = new Map(
      await Promise.all(pages.map(async (p) => [p, await (await fetch(SITE + p)).text()] as const)),
    );
    let stop = false;
    let failures = 0;
    let mixed = 0;
    let gets = 0;
    const loop = (async () => {
      while (!stop) {
        await Promise.all(
          pages.map(async (p) => {
            const res = await fetch(SITE + p).catch(() => null);
            gets++;
            if (!res || res.status !== 200) failures++;
            else if ((await res.text()) !== expected.get(p)) mixed++;
          }),
        );
      }
    })();
    // The edit lands in the database and the API goes away; the webhook is queued and its publish
    // finds the API unreachable (closed before the webhook: a publish that had read the record
    // before the API went would go live, and the check below would not be about a failure).
    const db = new DatabaseSync(runDb);
    db.prepare('UPDATE articles SET title_en = ? WHERE slug = ?').run('Written while the API was down', slug!);
    db.close();
    const { headers, body } = signWebhook(SECRET, JSON.stringify({ type: 'article', action: 'update', key: slug }));
    const failedBefore = running.publisher.stats.failed;
    await api.close();
    expect(
      (await fetch(`http://127.0.0.1:${PUBLISHER_PORT}/hooks/content`, { method: 'POST', headers, body })).status,
    ).toBe(202);
    try {
      await until(() => running.publisher.stats.failed > failedBefore, 20_000);
      // `dirty` lists the records waiting for a publish, not those of a retry already running:
      // between two retries (back-off from 1 s) the failed record waits there.
      type Status = { release: { id: string }; dirty: string[]; last: { error: string } };
      let status: Status | undefined;
      await until(async () => {
        status = (await (await fetch(`http://127.0.0.1:${PUBLISHER_PORT}/status`)).json()) as Status;
        return status.dirty.includes(`article:${slug}`);
      }, 10_000).catch(() => {});
      expect(status!.release.id).toBe(liveBefore!.id);
      expect(status!.dirty).toContain(`article:${slug}`);
      expect(status!.last.error).toMatch(/unreachable/i);
      stop = true;
      await loop;
      expect(gets).toBeGreaterThan(20);
      expect(failures).toBe(0);
      expect(mixed).toBe(0);
    } finally {
      stop = true;
      // The API comes back: the retry with back-off publishes the kept dirty record.
      api = await startApi();
    }
    await until(
      async () =>
        (await (await fetch(`${SITE}/en/article/${slug}/`)).text()).includes('Written while the API was down'),
      90_000,
    );
  }, 180_000);

  it('POST /rollback (signed) makes the previous release live', async () => {
    const releases = await running.store.list();
    const liveNow = await running.store.live();
    const previous = releases[releases.findIndex((r) => r.id === liveNow!.id) + 1]!;
    const { headers, body } = signWebhook(SECRET, '{}');
    expect(
      (await fetch(`http://127.0.0.1:${PUBLISHER_PORT}/rollback`, { method: 'POST', headers, body: 'x' })).status,
    ).toBe(401);
    const res = await fetch(`http://127.0.0.1:${PUBLISHER_PORT}/rollback`, { method: 'POST', headers, body });
    expect(res.status).toBe(202);
    expect((await running.store.live())!.id).toBe(previous.id);
  });

  it('a restart serves the live release as it is, without a build, and the catch-up renders only what differs', async () => {
    await running.close();
    const liveId = (await running.store.live())!.id;
    const mtime = statSync(path.join(built.dist, 'index.html')).mtimeMs;
    const from = logs.length;
    running = await start();
    expect(logs.slice(from).join('\n')).toContain(`serving the live release ${liveId} as it is`);
    expect((await fetch(`${SITE}/`)).status).toBe(200);
    await running.publisher.idle();
    expect(statSync(path.join(built.dist, 'index.html')).mtimeMs).toBe(mtime); // no build
    // The rolled-back release showed older data: the catch-up re-renders what the API has now.
    const [slug] = await listedSlugs(1);
    expect(live(`en/article/${slug}/index.html`)).toContain('Written while the API was down');
  }, 120_000);

  describe('each kind of edit: page, lists, RSS and sitemap as a full publish has them', () => {
    const apiGet = async <T>(p: string): Promise<T> =>
      (await (await fetch(`${api.url}/api/frontend${p}`, { headers: { 'accept-language': 'en' } })).json()) as T;
    /** Waits for the publish an edit sets off, and fails on an answer other than 2xx. */
    const edited = async (type: string, key: string, body?: unknown) => {
      const total = running.publisher.stats.total;
      const res = await edit(type, key, body);
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      await until(() => running.publisher.stats.total > total);
      await running.publisher.idle();
      expect(running.publisher.last!.error).toBeNull();
      return running.publisher.last!;
    };
    const inSitemap = (p: string) => live('sitemap-0.xml').includes(`${SITE}${p}<`);

    it('a new article: its pages, the lists, RSS and the sitemap, with a bounded number of pages rendered', async () => {
      await running.publisher.idle();
      const slug = `loop-new-${Date.now()}`;
      const last = await edited('article', slug, { th: { title: 'บทความใหม่' }, en: { title: 'A new loop article' } });
      expect(live(`en/article/${slug}/index.html`)).toContain('A new loop article');
      expect(live(`article/${slug}/index.html`)).toContain('บทความใหม่');
      expect(live('en/articles/index.html')).toContain(`/en/article/${slug}/`);
      expect(live('en/rss.xml')).toContain(`/en/article/${slug}/`);
      expect(inSitemap(`/en/article/${slug}/`)).toBe(true);
      // Its neighbours' related items name it, not every article of its category.
      expect(last.rendered, logs.slice(-4).join('\n')).toBeLessThan(120);
    }, 120_000);

    it('unpublish takes an article off every page; republish brings it back', async () => {
      const [, slug] = await listedSlugs(2);
      await edited('article', slug!, { published: false });
      expect(liveHas(`en/article/${slug}/index.html`)).toBe(false);
      for (const page of ['en/articles/index.html', 'en/rss.xml', 'sitemap-0.xml'])
        expect(live(page), page).not.toContain(`/article/${slug}/`);
      await edited('article', slug!, { published: true });
      expect(liveHas(`en/article/${slug}/index.html`)).toBe(true);
      for (const page of ['en/articles/index.html', 'en/rss.xml', 'sitemap-0.xml'])
        expect(live(page), page).toContain(`/article/${slug}/`);
    }, 120_000);

    it('a category change moves an article from one category list to the other', async () => {
      const cats = (await apiGet<{ data: Array<{ id: number; slug: string }> }>('/content/dropdown/category')).data;
      const [slug] = await listedSlugs(1);
      const detail = await apiGet<{ data: { category: { id: number; slug: string } } }>(`/content/page/${slug}`);
      const from = detail.data.category;
      const to = cats.find((c) => c.id !== from.id)!;
      expect(live(`en/articles/category/${from.slug}/index.html`)).toContain(`/en/article/${slug}/`);
      await edited('article', slug!, { category: to.id });
      expect(live(`en/articles/category/${to.slug}/index.html`)).toContain(`/en/article/${slug}/`);
      expect(live(`en/articles/category/${from.slug}/index.html`)).not.toContain(`/en/article/${slug}/`);
      expect(live(`en/article/${slug}/index.html`)).toContain(`/en/articles/category/${to.slug}/`);
    }, 120_000);

    it('a category change: the records it now comes after in its new category list it among their related items', async () => {
      const cats = (await apiGet<{ data: Array<{ id: number; slug: string }> }>('/content/dropdown/category')).data;
      const slugs = await listedSlugs(60);
      const slug = slugs[30]!; // older articles in its new category come before it: newer ones name it
      type Detail = { data: { category: { id: number }; related: Array<{ slug: string }> } };
      const from = (await apiGet<Detail>(`/content/page/${slug}`)).data.category;
      await edited('article', slug, { category: cats.find((c) => c.id !== from.id)!.id });
      let naming = 0;
      for (const s of slugs.slice(0, 30)) {
        const related = (await apiGet<Detail>(`/content/page/${s}`)).data.related.map((r) => r.slug);
        if (!related.includes(slug)) continue;
        naming++;
        expect(live(`en/article/${s}/index.html`), `${s} names ${slug}`).toContain(`/en/article/${slug}/`);
      }
      expect(naming).toBeGreaterThan(0);
    }, 120_000);

    it('activities: update, create and delete', async () => {
      const list = await apiGet<{ result: Array<{ id: number }> }>('/activity/category/all?limit=3');
      const [first, second] = list.result.map((a) => String(a.id));
      await edited('activity', first!, { en: { title: 'Loop activity title' } });
      expect(live(`en/activity/${first}/index.html`)).toContain('Loop activity title');
      expect(live('en/activities/index.html')).toContain('Loop activity title');
      const id = String(900_000 + (Date.now() % 1000));
      await edited('activity', id, { th: { title: 'กิจกรรมใหม่' }, en: { title: 'A new loop activity' } });
      expect(live(`en/activity/${id}/index.html`)).toContain('A new loop activity');
      expect(inSitemap(`/en/activity/${id}/`)).toBe(true);
      await edited('activity', second!, undefined);
      expect(liveHas(`en/activity/${second}/index.html`)).toBe(false);
      expect(inSitemap(`/en/activity/${second}/`)).toBe(false);
      expect(live('en/activities/index.html')).not.toContain(`/en/activity/${second}/`);
    }, 120_000);

    it('laws: update and create', async () => {
      const laws = await apiGet<{ data: { result: Array<{ id: number }> } } | { result: Array<{ id: number }> }>(
        '/law?limit=1',
      );
      const first = ('data' in laws ? laws.data.result : laws.result)[0]!;
      await edited('law', String(first.id), { en: { title: 'Loop law title' } });
      expect(live('en/laws/index.html')).toContain('Loop law title');
      await edited('law', String(800_000 + (Date.now() % 1000)), {
        th: { title: 'กฎหมายใหม่' },
        en: { title: 'A new loop law' },
      });
      expect(live('en/laws/index.html')).toContain('A new loop law');
    }, 120_000);

    it('procurement notices: update, create and delete', async () => {
      const list = await apiGet<{ result: Array<{ uuid: string }> }>('/purchase/all?limit=3');
      const [first, second] = list.result.map((p) => p.uuid);
      await edited('procurement', first!, { en: { title: 'Loop notice title' } });
      expect(live(`en/procurement/${first}/index.html`)).toContain('Loop notice title');
      const uuid = `loop-${Date.now()}`;
      await edited('procurement', uuid, { th: { title: 'ประกาศใหม่' }, en: { title: 'A new loop notice' } });
      expect(live(`en/procurement/${uuid}/index.html`)).toContain('A new loop notice');
      expect(inSitemap(`/en/procurement/${uuid}/`)).toBe(true);
      await edited('procurement', second!, undefined);
      expect(liveHas(`en/procurement/${second}/index.html`)).toBe(false);
      expect(live('en/procurement/index.html')).not.toContain(`/en/procurement/${second}/`);
    }, 120_000);

    /** A menu is a list: the editor endpoint merges fields, here its first item's title. */
    const menuTitled = (key: string, title: string) => {
      const db = new DatabaseSync(runDb, { readOnly: true });
      const items = JSON.parse(
        (db.prepare('SELECT json_en AS j FROM documents WHERE key = ?').get(key) as { j: string }).j,
      ) as Array<Record<string, unknown>>;
      db.close();
      return { en: { '0': { ...items[0], title } } };
    };
    const quickMenuTitled = (title: string) => menuTitled('quick-menu', title);

    it('a menu: the quick menu in every page’s header', async () => {
      const stats = await edited('menu', 'quick-menu', quickMenuTitled('Loop quick link'));
      // On every English page: the home page first, the others in the release straight after.
      expect(stats.rendered).toBeLessThan(10); // the home pages (and the few pages without a cacheKey)
      // Its re-read keeps the articles' lists (a menu only links to articles): 22 requests, 136 before.
      expect(stats.requests).toBeLessThan(40);
      expect(stats.rest?.rendered).toBeGreaterThan(100);
      // Most of them by swapping the header in the live page (stages/splice.ts): their bodies did not change.
      expect(
        stats.rest?.spliced,
        logs
          .filter((l) => l.includes('"stage":"render"'))
          .slice(-3)
          .join('\n'),
      ).toBeGreaterThan(stats.rest!.rendered / 2);
      expect(live('en/index.html')).toContain('Loop quick link');
      expect(live('en/articles/index.html')).toContain('Loop quick link');
      expect(live('index.html')).not.toContain('Loop quick link'); // the Thai menu is another document
      // Its every page went out as HTML only (no twin of the old bytes stayed), its twins in the release after.
      const renders = logs.filter((l) => l.includes('"stage":"render"')).map((l) => JSON.parse(l) as RenderLine);
      const pagesRest = renders.findLastIndex((r) => r.spliced > 0);
      expect(renders[pagesRest]!.twinsOwed).toBeGreaterThan(100);
      expect(renders.slice(pagesRest + 1).reduce((n, r) => n + r.twinsMade, 0)).toBeGreaterThan(100);
      expect(renders.at(-1)!.twinsOwed).toBe(0);
      const br = path.join(publishDir, 'live', 'en/articles/index.html.br');
      expect(brotliDecompressSync(readFileSync(br)).toString()).toBe(live('en/articles/index.html'));
    }, 120_000);

    it('the main menu: the sitemap page, whose body lists it too, is rendered, and shows it there', async () => {
      const stats = await edited('menu', 'menu', menuTitled('menu', 'Loop main link'));
      expect(stats.rest?.spliced).toBeGreaterThan(100);
      expect(logs.some((l) => l.includes('"spliceDiffered"') && l.includes('sitemap'))).toBe(true);
      expect(live('en/sitemap/index.html').split('<main')[1]).toContain('Loop main link');
      expect(live('en/laws/index.html').split('<main')[0]).toContain('Loop main link');
    }, 120_000);

    it('menu edits back to back: the rest that steps aside for the next still reaches every page', async () => {
      // The second edit arrives while the first's own release renders (its webhook is queued when
      // the editor endpoint answers): the first's rest finds it waiting and steps aside whole.
      const rp = running.publisher.rp;
      const render = rp.render.bind(rp);
      let second: Promise<Response> | null = null;
      rp.render = async (page) => {
        second ??= edit('menu', 'quick-menu', quickMenuTitled('Second quick link'));
        await second;
        return render(page);
      };
      const total = running.publisher.stats.total;
      try {
        expect((await edit('menu', 'quick-menu', quickMenuTitled('First quick link'))).status).toBeLessThan(300);
        await until(() => second !== null);
        expect((await second!).status).toBeLessThan(300);
      } finally {
        rp.render = render;
      }
      await until(() => running.publisher.stats.total > total + 1);
      await running.publisher.idle();
      expect(logs.some((l) => l.includes('steps aside for a waiting edit'))).toBe(true);
      // The pages the first edit's rest would have rendered show the second edit's menu.
      for (const p of ['en/index.html', 'en/articles/index.html', 'en/laws/index.html', 'en/faq/index.html'])
        expect(live(p), p).toContain('Second quick link');
      expect(live('en/articles/index.html')).not.toContain('First quick link');
    }, 120_000);

    it("an edit that comes while a menu's rest runs its getStaticPaths stops them, and every page still gets the menu", async () => {
      await running.publisher.idle();
      // The second edit arrives when the first's rest starts its getStaticPaths (asked to stop them).
      const rp = running.publisher.rp;
      const paths = rp.paths.bind(rp);
      let second: Promise<Response> | null = null;
      let stopped = false;
      rp.paths = async (changed, stop) => {
        if (!stop || second) return paths(changed, stop);
        second = edit('menu', 'quick-menu', quickMenuTitled('Fourth quick link'));
        await second;
        await until(() => stop());
        return paths(changed, stop).catch((error: unknown) => {
          stopped = error instanceof PathsStopped;
          throw error;
        });
      };
      const total = running.publisher.stats.total;
      try {
        expect((await edit('menu', 'quick-menu', quickMenuTitled('Third quick link'))).status).toBeLessThan(300);
        await until(() => second !== null);
        expect((await second!).status).toBeLessThan(300);
        await until(() => running.publisher.stats.total > total + 1);
        await running.publisher.idle();
      } finally {
        rp.paths = paths;
      }
      expect(stopped).toBe(true);
      for (const p of ['en/index.html', 'en/articles/index.html', 'en/laws/index.html', 'en/faq/index.html'])
        expect(live(p), p).toContain('Fourth quick link');
      expect(live('en/laws/index.html')).not.toContain('Third quick link');
    }, 120_000);

    it('after every kind, the incremental release is what a full publish renders, byte for byte', async () => {
      const incremental = hashes(path.join(publishDir, 'live'));
      await running.publisher.publishFull();
      const full = hashes(path.join(publishDir, 'live'));
      expect([...full].filter(([f, h]) => incremental.get(f) !== h).map(([f]) => f)).toEqual([]);
      expect(incremental.size).toBe(full.size);
    }, 120_000);
  });

  describe('what the clock changes, with no edit made (fake clock)', () => {
    const schedules: Schedule[] = [];
    afterAll(() => {
      for (const s of schedules) s.stop();
      setClock(null);
    });
    const scheduleFor = (clock: ReturnType<typeof fakeClock>) => {
      const s = new Schedule({
        publisher: running.publisher,
        collections: () => running.renderPath.collections(),
        markStale,
        file: path.join(publishDir, 'boundaries.json'),
        intervalMs: 0,
        clock,
      });
      schedules.push(s);
      return s;
    };
    /** The closed notice the island renders (its text is also among the island's resources). */
    const CLOSED_NOTICE = /role="alert"[^>]*><p class="m-0 font-bold">This survey is closed/;
    const upcomingSection = (html: string) =>
      /aria-labelledby="calendar-upcoming">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
    /** Waits for the publish a boundary queued (the publisher's own timers are real). */
    const published = async (total: number) => {
      await until(() => running.publisher.stats.total > total);
      await running.publisher.idle();
    };

    it('a past event leaves the upcoming lists, and a survey that closed while the publisher was down is shown closed after the restart', async () => {
      const collections = await running.renderPath.collections();
      const now = Date.now();
      const surveys = [...collections.get('surveyForms')!.values()]
        .filter(
          (e) =>
            e.id.startsWith('en/') &&
            typeof e.data.closesAt === 'string' &&
            Date.parse(e.data.closesAt as string) > now,
        )
        .sort((a, b) => Date.parse(a.data.closesAt as string) - Date.parse(b.data.closesAt as string));
      const upcoming = collections.get('events')!.get('en/main')!.data.upcoming as Array<{
        id: string;
        title: string;
        endAt: string;
      }>;
      expect(surveys.length, 'the demo data has a survey still open').toBeGreaterThan(0);
      expect(upcoming.length, 'the demo data has upcoming events').toBeGreaterThan(1);
      const survey = surveys[0]!;
      const surveyPage = `en/surveys/${survey.data.id}/index.html`;
      const event = [...upcoming].sort((a, b) => Date.parse(a.endAt) - Date.parse(b.endAt))[0]!;
      expect(live(surveyPage)).not.toMatch(CLOSED_NOTICE);
      expect(upcomingSection(live('en/calendar/index.html'))).toContain(event.title);

      const clock = fakeClock(now);
      setClock(clock.now);
      const schedule = scheduleFor(clock);
      await schedule.start();
      expect(schedule.boundaries.map((b) => b.at)).toContain(new Date(Date.parse(event.endAt)).toISOString());
      // The event ends: the boundary publish re-reads the events, and it is no longer upcoming.
      let total = running.publisher.stats.total;
      await clock.advance(Date.parse(event.endAt) - now + 1000);
      await published(total);
      expect(upcomingSection(live('en/calendar/index.html'))).not.toContain(`>${event.title}<`);
      expect(live(surveyPage)).not.toMatch(CLOSED_NOTICE);

      // The survey closes while the publisher is down: the boundary kept in PUBLISH_DIR is
      // published right after the restart (the catch-up alone sees only 304s).
      schedule.stop();
      await running.close();
      const later = fakeClock(Date.parse(survey.data.closesAt as string) + 1000);
      setClock(later.now);
      running = await start();
      await running.publisher.idle();
      expect(live(surveyPage)).not.toMatch(CLOSED_NOTICE);
      total = running.publisher.stats.total;
      const again = scheduleFor(later);
      await again.start();
      expect(again.counts.boundaries).toBeGreaterThan(0);
      await published(total);
      expect(live(surveyPage)).toMatch(CLOSED_NOTICE);
      const ended = upcoming.filter((e) => Date.parse(e.endAt) <= later.now());
      for (const e of ended) expect(upcomingSection(live('en/calendar/index.html'))).not.toContain(`>${e.title}<`);
      // And what the clock changed is what a full publish at that moment renders.
      const incremental = hashes(path.join(publishDir, 'live'));
      await running.publisher.publishFull();
      const full = hashes(path.join(publishDir, 'live'));
      expect([...full].filter(([f, h]) => incremental.get(f) !== h).map(([f]) => f)).toEqual([]);
    }, 240_000);
  });
});

describe('publisher log of the whole journey above', () => {
  it('is ready, and its /metrics count an edit from webhook to live by stage', async () => {
    await running.publisher.idle();
    // Ready once the catch-up is live and the spare copies of the release are made (a moment after).
    const state = async () =>
      ((await (await fetch(`http://127.0.0.1:${PUBLISHER_PORT}/status`)).json()) as { state: string }).state;
    await until(async () => (await state()) === 'ready', 30_000);
    expect((await fetch(`http://127.0.0.1:${PUBLISHER_PORT}/readyz`)).status).toBe(200);
    const [slug] = await listedSlugs(1);
    expect((await edit('article', slug!, { en: { title: 'Counted by the metrics' } })).status).toBe(200);
    await until(async () =>
      (await (await fetch(`${SITE}/en/article/${slug}/`)).text()).includes('Counted by the metrics'),
    );
    await running.publisher.idle();
    const text = await (await fetch(`http://127.0.0.1:${PUBLISHER_PORT}/metrics`)).text();
    const value = (line: string) =>
      Number(new RegExp(`^${line.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(value('portal_publisher_webhooks_total{outcome="accepted",reason=""}')).toBeGreaterThanOrEqual(1);
    expect(value('portal_publisher_publishes_total{kind="incremental",outcome="success"}')).toBeGreaterThanOrEqual(1);
    expect(value('portal_publisher_publish_stage_seconds_count{stage="reread"}')).toBeGreaterThanOrEqual(1);
    expect(value('portal_publisher_publish_stage_seconds_count{stage="switch"}')).toBeGreaterThanOrEqual(1);
    expect(value('portal_publisher_edit_to_live_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(value('portal_publisher_pages_total{result="rendered"}')).toBeGreaterThan(0);
    expect(value('portal_publisher_ready')).toBe(1);
    expect(value('portal_publisher_releases')).toBeGreaterThan(1);
  }, 60_000);

  it('is JSON lines with publish ids, webhook ids, stages and counts, and holds no secret', () => {
    const lines = logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(
      lines.every((l) => typeof l.level === 'number' && typeof l.time === 'string' && typeof l.msg === 'string'),
    ).toBe(true);
    // A webhook's delivery id reaches the publish that took it in.
    const accepted = lines.find(
      (l) => Array.isArray(l.webhookIds) && (l.webhookIds as string[]).length && !l.publishId,
    )!;
    const id = (accepted.webhookIds as string[])[0]!;
    const publish = lines.filter((l) => l.publishId && (l.webhookIds as string[] | undefined)?.includes(id));
    expect(publish.map((l) => l.stage)).toEqual(expect.arrayContaining(['reread', 'render', 'release']));
    const reread = publish.find((l) => l.stage === 'reread')!;
    expect(reread.requests).toBeGreaterThan(0);
    expect(typeof reread.durationMs).toBe('number');
    // A whole re-read that reads an area in full has the lists embed their details, as a build
    // does (it sent one GET a detail before): the large areas' details came in their lists' answers.
    const whole = lines.filter(
      (l) => (l.kind === 'catch_up' || l.kind === 'scheduled') && l.stage === 'reread' && Number(l.fetched) > 0,
    );
    for (const read of whole) expect(read.embedded, JSON.stringify(read)).toBeGreaterThan(Number(read.fetched) / 2);
    // The API outage: a failed publish with its error.
    expect(lines.some((l) => l.level === 50 && (l.err as { message?: string } | undefined)?.message)).toBe(true);
    // The webhook secret (whole and its key) and the editor's token: never in a line.
    const all = logs.join('\n');
    for (const secret of [SECRET, SECRET.slice('whsec_'.length), TOKEN]) expect(all).not.toContain(secret);
  });
});
