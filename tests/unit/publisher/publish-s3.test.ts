/**
 * The publisher with PUBLISH_TARGET=s3 and a PURGE_COMMAND, end to end at demo scale: the
 * publisher suites' shared build's render path (scripts/test/built-site.ts), the reference API with its editor
 * endpoint, s3rver on loopback as the bucket, and a recording endpoint the purge command posts
 * its JSON to with curl. What a CDN would fetch from the bucket and what it would be told to
 * forget, after a first publish, an edit, a deletion, failed publishes (API down, bucket down)
 * and a rollback. The tests run in order and share one publisher.
 *
 * Ports 8871 (API), 8872 (publisher), 8873 (s3rver); `PUBLISH_S3_TEST_PORT=N` moves them to
 * N+1 … N+3. The publisher runs in this process, which sends the requests for the build's API
 * address to the suite's (./route-api.ts).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startContentApi } from '../../../scripts/content-api/server.ts';
import { startPublisher } from '../../../scripts/publisher/main.ts';
import { memoryLogger } from '../../../scripts/publisher/log.ts';
import { IMMUTABLE, SHORT } from '../../../scripts/publisher/release-store/headers.ts';
import { signWebhook } from '../../../scripts/publisher/send-webhook.ts';
import { BUILD_API, sharedBuild, type BuiltSite } from '../../../scripts/test/built-site.ts';
import { startEditingApi } from './editing-api.ts';
import { routeApi } from './route-api.ts';
import { startRecorder } from './recorder.ts';
import { BUCKET, CREDENTIALS, startS3rver, type LocalS3 } from './s3rver.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WORK = path.join(ROOT, '.data/test-wire-s3');
const BASE_PORT = Number(process.env.PUBLISH_S3_TEST_PORT || 8870);
const API_PORT = BASE_PORT + 1;
const PUBLISHER_PORT = BASE_PORT + 2;
const S3_PORT = BASE_PORT + 3;
const PREFIX = 'portal-site/';
const SECRET = `whsec_${Buffer.from('s3-publish-test-secret-0123').toString('base64')}`;
const TOKEN = 's3-publish-test-token';

let built: BuiltSite;
let unroute: (() => void) | undefined;
let api: Awaited<ReturnType<typeof startContentApi>>;
let s3: LocalS3;
let s3Dir: string;
let recorder: Awaited<ReturnType<typeof startRecorder>>;
let running: Awaited<ReturnType<typeof startPublisher>>;
const logs: string[] = [];
const runDb = path.join(WORK, 'run.sqlite');
const publishDir = path.join(WORK, 'state');

const startApi = () =>
  startEditingApi({ port: API_PORT, dbPath: runDb, token: TOKEN, publisherPort: PUBLISHER_PORT, secret: SECRET });

interface PurgeBody {
  tags: string[];
  paths: string[];
}
const purges = () => recorder.requests.map((r) => r.body as PurgeBody);
/**
 * The purges sent since `mark`, as one: a new or deleted record may go live in two releases
 * straight after each other (the lists' later pages second: stages/render.ts `defer`), each purged.
 */
const purgedSince = (mark: number): PurgeBody => {
  const since = purges().slice(mark);
  return { tags: [...new Set(since.flatMap((p) => p.tags))], paths: [...new Set(since.flatMap((p) => p.paths))] };
};

/** What a CDN gets for a site path: an anonymous GET of its live key. */
async function cdnGet(sitePath: string) {
  const response = await fetch(`${s3.endpoint}/${BUCKET}/${PREFIX}site/${sitePath}`);
  return { status: response.status, body: await response.text(), headers: response.headers };
}

async function livePointer(): Promise<string | null> {
  const response = await fetch(`${s3.endpoint}/${BUCKET}/${PREFIX}live.json`);
  return response.ok ? ((await response.json()) as { live: string | null }).live : null;
}

/**
 * site path → sha256 of every live object (what the CDN can fetch), from a v1 listing and a GET
 * of each key (ETags will not do: s3rver keeps a key's old ETag when a copy replaces it).
 */
async function siteContents(): Promise<Map<string, string>> {
  const keys: string[] = [];
  let marker = '';
  for (;;) {
    const url = `${s3.endpoint}/${BUCKET}?prefix=${encodeURIComponent(`${PREFIX}site/`)}&marker=${encodeURIComponent(marker)}`;
    const xml = await (await fetch(url)).text();
    const page = [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
    keys.push(...page);
    if (!xml.includes('<IsTruncated>true</IsTruncated>') || page.length === 0) break;
    marker = page.at(-1)!;
  }
  const out = new Map<string, string>();
  const queue = keys.map((key) => key.slice(`${PREFIX}site/`.length));
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let p = queue.pop(); p !== undefined; p = queue.pop()) {
        const body = Buffer.from(await (await fetch(`${s3.endpoint}/${BUCKET}/${PREFIX}site/${p}`)).arrayBuffer());
        out.set(p, createHash('sha256').update(body).digest('hex'));
      }
    }),
  );
  return out;
}

/** Public paths of the site files whose bytes differ between two listings (hashed assets aside). */
function changedPaths(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed = new Set<string>();
  for (const [p, hash] of after) if (before.get(p) !== hash) changed.add(p);
  for (const p of before.keys()) if (!after.has(p)) changed.add(p);
  return [...changed]
    .filter((p) => !p.startsWith('_astro/'))
    .map((p) => `/${p}`.replace(/\/index\.html$/, '/'))
    .sort();
}

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

async function until(ok: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const t = Date.now();
  while (!(await ok())) {
    if (Date.now() - t > ms) throw new Error(`not within ${ms} ms; log:\n${logs.slice(-8).join('\n')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  built = await sharedBuild();
  mkdirSync(WORK, { recursive: true });
  unroute = routeApi(BUILD_API, `http://127.0.0.1:${API_PORT}`);
  for (const f of [runDb, `${runDb}-wal`, `${runDb}-shm`]) rmSync(f, { force: true });
  copyFileSync(built.baseDb, runDb);
  rmSync(publishDir, { recursive: true, force: true });
  s3Dir = mkdtempSync(path.join(tmpdir(), 'publish-s3-'));
  s3 = await startS3rver(s3Dir, S3_PORT);
  recorder = await startRecorder(() => ({ status: 200, body: { ok: true } }));
  api = await startApi();
  running = await startPublisher({
    renderPathDir: built.renderPathDir,
    baseDist: built.dist,
    publishDir,
    secrets: [SECRET],
    insecureDev: false,
    host: '127.0.0.1',
    port: PUBLISHER_PORT,
    keepReleases: 3,
    env: {
      PATH: process.env.PATH,
      PUBLISH_TARGET: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_PREFIX: PREFIX,
      // One retry, as a cut connection deserves (the default is 5): a bucket that is down still fails fast.
      AWS_MAX_ATTEMPTS: '2',
      ...CREDENTIALS,
      PURGE_COMMAND: `curl -sf -H 'content-type: application/json' --data-binary @- ${recorder.url}/purge`,
    },
    logger: memoryLogger(logs),
  });
  await running.publisher.idle(); // the first re-read that fills the detail answers
}, 900_000);

afterAll(async () => {
  await running?.close();
  await api?.close();
  await recorder?.close();
  await s3?.stop().catch(() => {});
  if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
  unroute?.();
});

describe('publisher → S3 bucket, purged by record tags and paths', () => {
  let slug: string;

  it('the first publish puts the build in the bucket, pages tagged with their records, and purges nothing', async () => {
    [slug] = (await listedSlugs(1)) as [string];
    expect(await livePointer()).toBe((await running.store.live())!.id);
    const page = await cdnGet(`en/article/${slug}/index.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe(SHORT);
    expect(page.headers.get('x-amz-meta-x-content-type-options')).toBe('nosniff');
    const keys = page.headers.get('x-amz-meta-surrogate-key')!.split(' ');
    expect(keys).toContain(`articles:article:${slug}`);
    expect(keys).toContain('menu:main'); // the shell's records
    expect(page.headers.get('x-amz-meta-cache-tag')!.split(',')).toEqual(keys);
    const asset = [...(await siteContents()).keys()].find((p) => p.startsWith('_astro/') && p.endsWith('.js'))!;
    expect((await cdnGet(asset)).headers.get('cache-control')).toBe(IMMUTABLE);
    expect(purges()).toEqual([]); // nothing was cached before the first release
  });

  it('an edit uploads only the changed pages and purges exactly the changed records and paths', async () => {
    const before = await siteContents();
    const mark = s3.created.length;
    const total = running.publisher.stats.total;
    expect((await edit('article', slug, { en: { title: 'Edited for the S3 test' } })).status).toBe(200);
    await until(() => recorder.requests.length === 1);
    await running.publisher.idle();
    expect(running.publisher.stats.total).toBe(total + 1);
    expect((await cdnGet(`en/article/${slug}/index.html`)).body).toContain('Edited for the S3 test');
    const after = await siteContents();
    const changed = changedPaths(before, after);
    expect(changed).toContain(`/en/article/${slug}/`);
    expect(changed.length).toBeLessThan(40);
    // One upload per new file content: the changed pages only.
    const uploads = s3.created.slice(mark).filter((e) => e.key.includes('/blobs/'));
    expect(uploads.length).toBeGreaterThan(0);
    expect(uploads.length).toBeLessThanOrEqual(changed.length);
    const [purge] = purges();
    expect([...purge!.paths].sort()).toEqual(changed);
    // The edited article, and the articles whose records name it (their related items): each of
    // those records changed, and so did its page.
    const articles = purge!.tags.filter((t) => t.startsWith('articles:'));
    expect(articles).toContain(`articles:article:${slug}`);
    for (const tag of articles) {
      const key = tag.slice('articles:article:'.length);
      expect(changed).toContain(`/en/article/${key}/`);
      expect((await cdnGet(`en/article/${key}/index.html`)).body).toContain('Edited for the S3 test');
    }
    for (const tag of purge!.tags) expect(['articles', 'home', 'news']).toContain(tag.split(':')[0]);
    expect(logs.join('\n')).toMatch(/purged \d+ tag\(s\) and \d+ path\(s\) through command/);
    const status = (await (await fetch(`http://127.0.0.1:${PUBLISHER_PORT}/status`)).json()) as {
      purge: { paths: number; error: null };
    };
    expect(status.purge.paths).toBe(changed.length);
  }, 60_000); // minutes of CPU are shared with other work on a loaded machine (15–19 s at load 14)

  it('a deletion removes its pages from the bucket after the switch and purges them with the record', async () => {
    const before = await siteContents();
    expect(before.has(`article/${slug}/index.html`)).toBe(true);
    const mark = purges().length;
    expect((await edit('article', slug, undefined)).status).toBe(200);
    await until(() => recorder.requests.length > mark);
    await running.publisher.idle();
    expect((await cdnGet(`article/${slug}/index.html`)).status).toBe(404);
    expect((await cdnGet(`en/article/${slug}/index.html`)).status).toBe(404);
    const purge = purgedSince(mark);
    expect([...purge.paths].sort()).toEqual(changedPaths(before, await siteContents()));
    expect(purge.paths).toEqual(expect.arrayContaining([`/article/${slug}/`, `/en/article/${slug}/`, '/rss.xml']));
    expect(purge.tags).toContain(`articles:article:${slug}`);
  }, 60_000); // minutes of CPU are shared with other work on a loaded machine (15–19 s at load 14)

  it('failed publishes (API down, then bucket down) purge nothing and leave the live pointer; the retry purges', async () => {
    const [next] = (await listedSlugs(1)) as [string];
    const liveBefore = await livePointer();
    const failed = running.publisher.stats.failed;
    const mark = purges().length;
    await api.close();
    const db = new DatabaseSync(runDb);
    db.prepare('UPDATE articles SET title_en = ? WHERE slug = ?').run('Written while things were down', next);
    db.close();
    const { headers, body } = signWebhook(SECRET, JSON.stringify({ type: 'article', action: 'update', key: next }));
    const url = `http://127.0.0.1:${PUBLISHER_PORT}/hooks/content`;
    expect((await fetch(url, { method: 'POST', headers, body })).status).toBe(202);
    await until(() => running.publisher.stats.failed > failed);
    expect(running.publisher.last!.error).toMatch(/unreachable/i);
    // The bucket goes away too; the API comes back: the retry re-reads, renders, and fails to upload.
    await s3.stop();
    api = await startApi();
    await until(() => running.publisher.stats.failed > failed + 1, 60_000);
    expect(purges()).toHaveLength(mark);
    s3 = await startS3rver(s3Dir, S3_PORT);
    expect(await livePointer()).toBe(liveBefore);
    expect((await cdnGet(`en/article/${next}/index.html`)).body).not.toContain('Written while things were down');
    // The bucket is back: the next retry publishes, and its purge names the record re-read on the failed try.
    await until(() => recorder.requests.length > mark, 90_000);
    expect((await cdnGet(`en/article/${next}/index.html`)).body).toContain('Written while things were down');
    expect(await livePointer()).not.toBe(liveBefore);
    await running.publisher.idle();
    const purge = purgedSince(mark);
    expect(purge.tags).toContain(`articles:article:${next}`);
    expect(purge.paths).toContain(`/en/article/${next}/`);
  }, 180_000);

  it('a rollback switches the bucket back and purges the pages it changed', async () => {
    await running.publisher.idle();
    const before = await siteContents();
    const mark = purges().length;
    const info = await running.publisher.rollback();
    expect(await livePointer()).toBe(info.id);
    const after = await siteContents();
    const purge = purgedSince(mark);
    expect([...purge.paths].sort()).toEqual(changedPaths(before, after));
    expect(purge.paths).toContain(`/en/article/${(await listedSlugs(1))[0]}/`);
  }, 60_000); // minutes of CPU are shared with other work on a loaded machine (15–19 s at load 14)
});
