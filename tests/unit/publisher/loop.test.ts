/**
 * The publisher end to end at demo scale (issue 11 "What must show"): a real build's render
 * path, the reference API with its editor endpoint, signed webhooks, releases on disk and the
 * sirv site server. One build is made on the first run (.data/test-publisher/, about a minute on
 * a shared machine; ./built-site.ts) and reused while src/, locales, public/ and the config are
 * unchanged; every run starts from a copy of the seeded database. The tests run in order and share one publisher.
 *
 * Ports (site 8814, API 8815, publisher 8816; `LOOP_TEST_PORT=N` moves them to N, N+1, N+2) are
 * fixed for a build: it bakes the API's address into the render path, and the site's origin
 * into every page.
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
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
import { signWebhook } from '../../../scripts/publisher/send-webhook.ts';
import { buildOnce, startEditingApi } from './built-site.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WORK = path.join(ROOT, '.data/test-publisher');
const SITE_PORT = Number(process.env.LOOP_TEST_PORT || 8814);
const API_PORT = SITE_PORT + 1;
const PUBLISHER_PORT = SITE_PORT + 2;
const SITE = `http://127.0.0.1:${SITE_PORT}`;
const SECRET = `whsec_${Buffer.from('loop-test-secret-0123456789').toString('base64')}`;
const TOKEN = 'loop-test-token';
const renderPathDir = path.join(WORK, 'render-path');
const dist = path.join(WORK, 'dist');
const publishDir = path.join(WORK, 'releases');
const baseDb = path.join(WORK, 'base.sqlite');
const runDb = path.join(WORK, 'run.sqlite');

type Api = Awaited<ReturnType<typeof startContentApi>>;
type Running = Awaited<ReturnType<typeof startPublisher>>;
let api: Api;
let running: Running;
let site: Awaited<ReturnType<typeof startSiteServer>>;
const logs: string[] = [];

const startApi = () =>
  startEditingApi({ port: API_PORT, dbPath: runDb, token: TOKEN, publisherPort: PUBLISHER_PORT, secret: SECRET });

const start = () =>
  startPublisher({
    renderPathDir,
    baseDist: dist,
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
  await buildOnce({ work: WORK, apiPort: API_PORT, siteUrl: SITE });
  for (const f of [runDb, `${runDb}-wal`, `${runDb}-shm`]) rmSync(f, { force: true });
  copyFileSync(baseDb, runDb);
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
  it('the base release is the build, and a full publish through the render path gives the same bytes', async () => {
    const built = hashes(dist);
    await running.publisher.publishFull();
    const published = hashes(path.join(publishDir, 'live'));
    const differ = [...built].filter(([f, h]) => published.get(f) !== h).map(([f]) => f);
    expect(differ).toEqual([]);
    expect(published.size).toBe(built.size);
    expect(built.size).toBeGreaterThan(800);
    expect(twinProblems(path.join(publishDir, 'live'))).toEqual([]);
  }, 120_000);

  it('an edit through the editor endpoint is live within seconds, re-rendering only the pages that show it', async () => {
    const [slug] = await listedSlugs(1);
    const t = Date.now();
    expect((await edit('article', slug!, { en: { title: 'Edited by the loop test' } })).status).toBe(200);
    await until(async () =>
      (await (await fetch(`${SITE}/en/article/${slug}/`)).text()).includes('Edited by the loop test'),
    );
    const ms = Date.now() - t;
    expect(ms).toBeLessThan(10_000);
    await running.publisher.idle(); // the stats are filed just after the switch
    const last = running.publisher.last!;
    expect(last.rendered).toBeGreaterThan(0);
    expect(last.rendered, logs.slice(-6).join('\n')).toBeLessThan(40);
    // The newest article is in its category's related items: those answers were brought up to
    // date from its own, not fetched again (the byte-for-byte comparison with a full publish
    // below checks the result).
    expect(last.patched, logs.slice(-6).join('\n')).toBeGreaterThan(0);
    // The loaders hand their request counts over as values: the lists and the edited record's
    // two detail answers at least, far fewer than a re-read of every detail.
    expect(last.requests, logs.slice(-6).join('\n')).toBeGreaterThanOrEqual(4);
    expect(last.requests).toBeLessThan(200);
    expect(live(`article/${slug}/index.html`)).not.toContain('Edited by the loop test'); // Thai page keeps its title
    expect(live('en/articles/index.html')).toContain('Edited by the loop test');
  });

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
  });

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
    for (const page of [
      'articles/index.html',
      'en/articles/index.html',
      'index.html',
      'rss.xml',
      'en/rss.xml',
      'sitemap-0.xml',
    ]) {
      expect(live(page), page).not.toContain(`/article/${slug}/`);
    }
  });

  it('with the API stopped mid-publish the live release keeps serving (no failed GET, no mixed release), then catches up', async () => {
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
    // The edit lands in the database, the webhook is queued; the API goes away as the publish starts.
    const db = new DatabaseSync(runDb);
    db.prepare('UPDATE articles SET title_en = ? WHERE slug = ?').run('Written while the API was down', slug!);
    db.close();
    const { headers, body } = signWebhook(SECRET, JSON.stringify({ type: 'article', action: 'update', key: slug }));
    const failedBefore = running.publisher.stats.failed;
    expect(
      (await fetch(`http://127.0.0.1:${PUBLISHER_PORT}/hooks/content`, { method: 'POST', headers, body })).status,
    ).toBe(202);
    await until(() => running.publisher.publishing, 5_000);
    await api.close();
    await until(() => running.publisher.stats.failed > failedBefore, 20_000);
    const status = (await (await fetch(`http://127.0.0.1:${PUBLISHER_PORT}/status`)).json()) as {
      release: { id: string };
      dirty: string[];
      last: { error: string };
    };
    expect(status.release.id).toBe(liveBefore!.id);
    expect(status.dirty).toContain(`article:${slug}`);
    expect(status.last.error).toMatch(/unreachable/i);
    stop = true;
    await loop;
    expect(gets).toBeGreaterThan(20);
    expect(failures).toBe(0);
    expect(mixed).toBe(0);
    // The API comes back: the retry with back-off publishes the kept dirty record.
    api = await startApi();
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
    const mtime = statSync(path.join(dist, 'index.html')).mtimeMs;
    const from = logs.length;
    running = await start();
    expect(logs.slice(from).join('\n')).toContain(`serving the live release ${liveId} as it is`);
    expect((await fetch(`${SITE}/`)).status).toBe(200);
    await running.publisher.idle();
    expect(statSync(path.join(dist, 'index.html')).mtimeMs).toBe(mtime); // no build
    // The rolled-back release showed older data: the catch-up re-renders what the API has now.
    const [slug] = await listedSlugs(1);
    expect(live(`en/article/${slug}/index.html`)).toContain('Written while the API was down');
  }, 120_000);

  it('logged the whole journey as JSON lines with publish ids, webhook ids, stages and counts, and no secret', () => {
    const lines = logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(
      lines.every((l) => typeof l.level === 'number' && typeof l.time === 'string' && typeof l.msg === 'string'),
    ).toBe(true);
    // A webhook's delivery id reaches the publish that took it in.
    const accepted = lines.find((l) => Array.isArray(l.webhookIds) && !l.publishId)!;
    const id = (accepted.webhookIds as string[])[0]!;
    const publishes = lines.filter((l) => l.publishId && (l.webhookIds as string[] | undefined)?.includes(id));
    expect(publishes.map((l) => l.stage)).toEqual(expect.arrayContaining(['reread', 'render', 'release']));
    const reread = publishes.find((l) => l.stage === 'reread')!;
    expect(reread.requests).toBeGreaterThan(0);
    expect(typeof reread.durationMs).toBe('number');
    expect(lines.some((l) => l.level === 50 && (l.err as { message?: string } | undefined)?.message)).toBe(true); // the API outage
    // The webhook secret (whole and its key), the editor's token: never in a line.
    const all = logs.join('\n');
    for (const secret of [SECRET, SECRET.slice('whsec_'.length), TOKEN]) expect(all).not.toContain(secret);
  });
});
