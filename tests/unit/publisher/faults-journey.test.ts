/**
 * The faults a real host meets, through the whole publisher: the process `npm run publisher` runs, the
 * publisher suites' shared build's render path (scripts/test/built-site.ts, demo scale), the reference API with its editor endpoint
 * sending signed webhooks (Standard Webhooks, as the CMS does), releases on disk.
 *
 * - SIGKILL (PORTAL_FAULT_KILL_AT, scripts/publisher/fault.ts) right after a webhook's 202, while
 *   a release is staged, just before and just after the switch; then a restart with nothing sent
 *   again: the live release whole (every file against its manifest), no leftovers, every edit
 *   accepted before the kill live.
 *
 * - The API slow (a proxy at the suite's API address): within the timeout, and past it on
 *   every try (API_TIMEOUT_MS=2000 instead of 30 s); one record answered malformed beside another
 *   edit in the same publish.
 *
 * Ports (API 19201 (the proxy's in the second part, the API then on 19203), publisher 19202):
 * FAULTS_TEST_PORT=N moves them to N+1…N+3. The publishers it starts send the requests for the
 * build's API address to the suite's (./route-api.ts). Each kill case starts the publisher twice
 * (each start re-reads the whole API): 20–45 s at load average 3–8 on 2 cores, more on a busier
 * machine (hence the 120 s limit).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { startContentApi } from '../../../scripts/content-api/server.ts';
import { readReleaseManifest } from '../../../scripts/publisher/release-store/dir.ts';
import { BUILD_API, sharedBuild, type BuiltSite } from '../../../scripts/test/built-site.ts';
import { startEditingApi } from './editing-api.ts';
import { routeApiArgs } from './route-api.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WORK = path.join(ROOT, '.data/test-faults-journey');
const BASE_PORT = Number(process.env.FAULTS_TEST_PORT || 19200);
const API_PORT = BASE_PORT + 1;
const PUBLISHER_PORT = BASE_PORT + 2;
/** What a publisher started here needs to reach this suite's API (or its proxy) at the build's API address. */
const route = routeApiArgs(BUILD_API, `http://127.0.0.1:${API_PORT}`);
const SECRET = `whsec_${Buffer.from('faults-journey-secret-0123456789').toString('base64')}`;
const TOKEN = 'faults-journey-token';
const publishDir = path.join(WORK, 'releases');
const runDb = path.join(WORK, 'run.sqlite');

type Api = Awaited<ReturnType<typeof startContentApi>>;
let api: Api;
let built: BuiltSite;

beforeAll(async () => {
  built = await sharedBuild();
  mkdirSync(WORK, { recursive: true });
  for (const f of [runDb, `${runDb}-wal`, `${runDb}-shm`]) rmSync(f, { force: true });
  copyFileSync(built.baseDb, runDb);
  rmSync(publishDir, { recursive: true, force: true });
  api = await startEditingApi({
    port: API_PORT,
    dbPath: runDb,
    token: TOKEN,
    publisherPort: PUBLISHER_PORT,
    secret: SECRET,
  });
}, 300_000);

afterAll(async () => {
  await killAll();
  await api?.close();
});

/** The publisher as `npm run publisher` starts it, its JSON lines parsed into `lines`. */
interface Child {
  process: ChildProcess;
  lines: Array<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr: () => string;
}

/** The publishers started and not yet exited (a test that fails or times out leaves none behind). */
const children = new Set<Child>();
async function killAll(): Promise<void> {
  for (const c of children) {
    c.process.kill('SIGKILL');
    await c.exited;
  }
}

function startChild(env: Record<string, string> = {}): Child {
  const child = spawn(
    process.execPath,
    [...route.args, 'scripts/publisher/main.ts', '--render-path', built.renderPathDir, '--base-dist', built.dist],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...route.env,
        PUBLIC_API_BASE_URL: BUILD_API,
        WEBHOOK_SECRET: SECRET,
        PUBLISHER_HOST: '127.0.0.1',
        PUBLISHER_PORT: String(PUBLISHER_PORT),
        PUBLISH_DIR: publishDir,
        REREAD_INTERVAL: '0',
        LOG_FORMAT: 'json',
        PORTAL_FAULT_KILL_AT: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: Child['lines'] = [];
  let rest = '';
  child.stdout!.on('data', (d: Buffer) => {
    const parts = (rest + d.toString()).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts.filter(Boolean)) {
      lines.push(JSON.parse(line) as Record<string, unknown>);
      appendFileSync(path.join(WORK, `publisher-${child.pid}.jsonl`), `${line}\n`); // to read after a failure
    }
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const started: Child = { process: child, lines, exited, stderr: () => stderr };
  children.add(started);
  void exited.then(() => children.delete(started));
  return started;
}

const tail = (c: Child) =>
  c.lines
    .slice(-8)
    .map((l) => `${String(l.level)} ${String(l.msg)}`)
    .join('\n') + (c.stderr() ? `\nstderr: ${c.stderr()}` : '');

/** Resolves when `ok()` holds, polling every 50 ms. */
async function until(ok: () => boolean | Promise<boolean>, ms: number, why: () => string): Promise<void> {
  const t = Date.now();
  while (!(await ok())) {
    if (Date.now() - t > ms) throw new Error(`not within ${ms} ms: ${why()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const publisherUrl = `http://127.0.0.1:${PUBLISHER_PORT}`;
const ready = async () => (await fetch(`${publisherUrl}/readyz`).catch(() => null))?.status === 200;
/** The events accepted and not yet live (the journal, read as a restart would). */
function journaled(): string[] {
  const file = path.join(publishDir, 'queue.sqlite');
  if (!existsSync(file)) return [];
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare('SELECT record FROM events').all() as Array<{ record: string }>).map((r) => r.record);
  } finally {
    db.close();
  }
}

/** Starts the publisher and waits until it is ready and has nothing left to publish. */
async function startIdle(env: Record<string, string> = {}): Promise<Child> {
  const child = startChild(env);
  await until(
    async () => {
      if (!(await ready()) || journaled().length > 0) return false;
      const s = await status();
      return s !== null && !s.publishing && s.dirty.length === 0;
    },
    120_000,
    () => tail(child),
  );
  return child;
}
interface Status {
  publishing: boolean;
  dirty: string[];
  release: { id: string } | null;
}
async function status(): Promise<Status | null> {
  const res = await fetch(`${publisherUrl}/status`).catch(() => null);
  return res?.ok ? ((await res.json()) as Status) : null;
}

/** A clean stop (SIGTERM); a publisher that has not exited 15 s later is killed. */
async function stop(child: Child): Promise<void> {
  if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGTERM');
  const timer = setTimeout(() => child.process.kill('SIGKILL'), 15_000);
  await child.exited;
  clearTimeout(timer);
}

const liveId = () => path.basename(readlinkSync(path.join(publishDir, 'live')));
const livePage = (p: string) => readFileSync(path.join(publishDir, 'live', p), 'utf8');

function* files(dir: string, base = dir): Generator<string> {
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    if (d.name.startsWith('.')) continue;
    const full = path.join(dir, d.name);
    if (d.isDirectory()) yield* files(full, base);
    else yield path.relative(base, full).split(path.sep).join('/');
  }
}

/**
 * The live release is whole: every file in it is the one its manifest names (by sha256), none
 * missing, none extra (one release, never a mix of two). Returns how many files were checked.
 */
async function expectLiveWhole(): Promise<number> {
  const id = liveId();
  const dir = path.join(publishDir, 'releases', id);
  const manifest = await readReleaseManifest(dir);
  expect(manifest.id).toBe(id);
  const present = [...files(dir)].sort();
  expect(present).toEqual([...manifest.files.keys()].sort());
  const wrong = present.filter(
    (f) =>
      createHash('sha256')
        .update(readFileSync(path.join(dir, f)))
        .digest('hex') !== manifest.files.get(f),
  );
  expect(wrong).toEqual([]);
  return present.length;
}

/**
 * What a killed publish leaves: hidden or manifest-less releases, a half-made live link, the
 * render's work folder. The spare copies the running publisher (`pid`) keeps ready are its own.
 */
function leftovers(pid?: number): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(publishDir, 'releases'))) {
    if (pid && name.startsWith(`.spare-${pid}-`)) continue;
    if (name.startsWith('.')) out.push(`releases/${name}`);
    else if (!existsSync(path.join(publishDir, 'releases', name, '.release.json'))) out.push(`releases/${name}`);
  }
  for (const name of readdirSync(publishDir)) if (name.startsWith('.live-')) out.push(name);
  if (existsSync(path.join(publishDir, '.work')) && readdirSync(path.join(publishDir, '.work')).length > 0)
    out.push('.work');
  return out;
}

async function slugs(n: number): Promise<string[]> {
  const res = await fetch(`${api.url}/api/frontend/content/category/all?limit=${n}`);
  return ((await res.json()) as { result: Array<{ slug: string }> }).result.map((a) => a.slug);
}

/** An edit through the editor endpoint (as an editor in the CMS): the API signs and sends the webhook. */
async function edit(type: string, key: string, body: unknown): Promise<number | string> {
  const res = await fetch(`${api.url}/api/editor/${type}/${key}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  const answer = (await res.json()) as { webhook: { status: number } | { error: string } };
  return 'status' in answer.webhook ? answer.webhook.status : answer.webhook.error;
}

describe('the publisher killed (SIGKILL) mid-publish, restarted: nothing accepted is lost', () => {
  let articles: string[] = [];
  afterEach(killAll);
  beforeAll(async () => {
    // The first start publishes the build as the base release and re-reads the API once.
    const first = await startIdle();
    expect(await expectLiveWhole()).toBeGreaterThan(800);
    await stop(first);
    articles = await slugs(12);
  }, 180_000);

  it.each([
    ['accepted', 'old'],
    ['stage', 'old'],
    ['activate', 'old'],
    ['switched', 'new'],
  ] as const)(
    'killed at %s: the restart finds the %s release whole, cleans up, and publishes every accepted edit',
    async (at, expectLive) => {
      const n = ['accepted', 'stage', 'activate', 'switched'].indexOf(at);
      const child = await startIdle({ PORTAL_FAULT_KILL_AT: at });
      const before = liveId();
      const [a, b] = [articles[2 * n]!, articles[2 * n + 1]!];
      const titleA = `Accepted before the kill at ${at}`;
      const titleB = `Also accepted before the kill at ${at}`;
      // Two edits, each answered 202 by the publisher; `accepted` dies after the first 202.
      expect(await edit('article', a, { en: { title: titleA } })).toBe(202);
      if (at !== 'accepted') expect(await edit('article', b, { en: { title: titleB } })).toBe(202);
      const died = await child.exited;
      expect(died.signal, tail(child)).toBe('SIGKILL');
      expect(journaled().sort()).toEqual(
        at === 'accepted' ? [`article:${a}`] : [`article:${a}`, `article:${b}`].sort(),
      );

      // Dead: whatever `live` names is whole, old or new; a release half staged is left behind.
      expect(liveId() === before).toBe(expectLive === 'old');
      await expectLiveWhole();
      const left = leftovers();
      if (at === 'stage') expect(left.filter((l) => /^releases\/\w/.test(l))).toHaveLength(1);

      // The restart (nothing sent again): the journal's edits go live, the leftovers go.
      const restarted = await startIdle();
      try {
        const said = restarted.lines.map((l) => String(l.msg));
        expect(said.some((m) => /accepted event\(s\) not yet live queued again/.test(m))).toBe(true);
        for (const l of left.filter((x) => x !== '.work'))
          expect(
            said.some((m) => m.startsWith('removed what an interrupted publish left') && m.includes(l)),
            l,
          ).toBe(true);
        expect(livePage(`en/article/${a}/index.html`)).toContain(titleA);
        if (at !== 'accepted') expect(livePage(`en/article/${b}/index.html`)).toContain(titleB);
        expect(liveId()).not.toBe(before);
        await expectLiveWhole();
        // A spare the running publisher dropped is renamed `.trash-<its pid>-N` and deleted in the
        // background (`rm -rf`, a second or two at load): gone soon, never left.
        await until(
          () => leftovers(restarted.process.pid).length === 0,
          30_000,
          () => leftovers(restarted.process.pid).join(', '),
        );
        expect(journaled()).toEqual([]);
      } finally {
        await stop(restarted);
      }
    },
    120_000,
  );
});

/**
 * The API slow or malformed during a re-read: the reference API moves to FAULTS_TEST_PORT+3 and a
 * proxy takes its address (where the publishers send the build's API address), delaying or altering chosen answers.
 */
describe('the API slow or answering one malformed record during a publish', () => {
  let proxy: Server;
  /** What the proxy does with an answer: pass it, hold it `delayMs` first, or rewrite its JSON. */
  interface Plan {
    delayMs?: number;
    rewrite?: (json: unknown) => void;
  }
  let plan: (url: string) => Plan = () => ({});
  const seen: Array<{ url: string; delayMs: number }> = [];
  let child: Child;

  beforeAll(async () => {
    await api.close();
    api = await startEditingApi({
      port: BASE_PORT + 3,
      dbPath: runDb,
      token: TOKEN,
      publisherPort: PUBLISHER_PORT,
      secret: SECRET,
    });
    const upstreamPort = BASE_PORT + 3;
    proxy = createServer((req: IncomingMessage, res) => {
      const url = req.url ?? '/';
      const { delayMs = 0, rewrite } = plan(url);
      seen.push({ url, delayMs });
      const headers = { ...req.headers };
      delete headers['accept-encoding']; // plain bodies, to rewrite
      if (rewrite) delete headers['if-none-match'];
      const upstream = httpRequest(
        { host: '127.0.0.1', port: upstreamPort, method: req.method, path: url, headers },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            let body = Buffer.concat(chunks);
            const out = { ...answer.headers };
            if (rewrite && answer.statusCode === 200 && /json/.test(answer.headers['content-type'] ?? '')) {
              const json = JSON.parse(body.toString('utf8')) as unknown;
              rewrite(json);
              body = Buffer.from(JSON.stringify(json));
              delete out.etag;
              out['content-length'] = String(body.length);
            }
            setTimeout(() => {
              if (res.destroyed) return; // the client gave up (its timeout)
              res.writeHead(answer.statusCode ?? 502, out).end(body);
            }, delayMs);
          });
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(API_PORT, '127.0.0.1', resolve));
    // A 2 s request timeout (API_TIMEOUT_MS) instead of 30 s, so that "past the timeout" takes seconds.
    child = await startIdle({ API_TIMEOUT_MS: '2000' });
  }, 120_000);

  afterAll(async () => {
    if (child) await stop(child);
    proxy?.closeAllConnections();
    await new Promise((r) => proxy?.close(r));
  }, 30_000);

  const msgs = (from: number) => child.lines.slice(from);
  const slowTitle = 'Published through a slow API';

  it('an answer slower than usual but within the timeout: the publish completes with it', async () => {
    const [, , , , , , , , , , , , a] = await slugs(13);
    plan = (url) => (url.includes(a!) && !seen.some((s) => s.delayMs > 0) ? { delayMs: 1500 } : {});
    const from = child.lines.length;
    expect(await edit('article', a!, { en: { title: slowTitle } })).toBe(202);
    await until(
      () => existsSync(path.join(publishDir, 'live')) && livePage(`en/article/${a}/index.html`).includes(slowTitle),
      30_000,
      () => tail(child),
    );
    plan = () => ({});
    expect(seen.filter((s) => s.delayMs > 0)).toHaveLength(1);
    expect(msgs(from).filter((l) => l.level === 50)).toEqual([]);
    await expectLiveWhole();
  }, 60_000);

  it('an answer past the timeout on every try: the publish fails clearly, the last good site stays, and the edit goes live once the API answers', async () => {
    const [, , , , , , , , , , , , , b] = await slugs(14);
    const title = 'Published once the API answered again';
    const page = `en/article/${b}/index.html`;
    const pageBefore = livePage(page);
    const liveBefore = liveId();
    let slow = 0;
    const from = child.lines.length;
    const failedYet = () => msgs(from).some((l) => l.level === 50);
    // Every request naming the record is held 3 s (past the 2 s timeout) until a publish has failed.
    plan = (url) => (url.includes(b!) && !failedYet() ? (slow++, { delayMs: 3000 }) : {});
    expect(await edit('article', b!, { en: { title } })).toBe(202);
    await until(
      () => msgs(from).some((l) => l.level === 50),
      30_000,
      () => tail(child),
    );
    const failed = msgs(from).find((l) => l.level === 50)!;
    expect(String(failed.msg)).toMatch(/publish failed, the live release stays/);
    const err = failed.err as { message: string };
    expect(err.message, JSON.stringify(failed)).toMatch(/time|abort/i);
    // Failed: nothing switched, the page as it was.
    expect(liveId()).toBe(liveBefore);
    expect(livePage(page)).toBe(pageBefore);
    expect(journaled()).toEqual([`article:${b}`]);
    // The retry (back-off) publishes it, nothing sent again.
    await until(
      () => livePage(page).includes(title),
      30_000,
      () => tail(child),
    );
    await until(
      () => journaled().length === 0,
      10_000,
      () => tail(child),
    );
    expect(slow).toBeGreaterThanOrEqual(3);
    await expectLiveWhole();
    plan = () => ({});
  }, 60_000);

  it('one record answered malformed in the re-read: the publish goes on, the warning names endpoint, id and field, its pages stay byte for byte, the other edit is live', async () => {
    const list = await slugs(30);
    const [bad, good] = [list[20]!, list[4]!];
    const pages = [`en/article/${bad}/index.html`, `article/${bad}/index.html`];
    const before = new Map(pages.map((p) => [p, livePage(p)]));
    /** The record's title a number (the schema wants a string), wherever the answer carries the record itself. */
    const corrupt = (record: unknown) => {
      const r = record as { slug?: unknown; title?: unknown } | null;
      if (r && r.slug === bad && typeof r.title === 'string') r.title = 42;
    };
    plan = () => ({
      rewrite: (json) => {
        const j = json as {
          data?: unknown;
          result?: Array<{ detail?: { answer?: { data?: unknown } } }>;
        };
        corrupt(j.data);
        for (const item of Array.isArray(j.result) ? j.result : []) {
          corrupt(item);
          corrupt(item.detail?.answer?.data);
        }
      },
    });
    const from = child.lines.length;
    const total = () => msgs(from).filter((l) => /publish .* live in|publish: nothing changed/.test(String(l.msg)));
    // Both edits in one publish (the queue's debounce gathers them).
    const [x, y] = await Promise.all([
      edit('article', bad, { en: { title: 'An edit the API answers malformed' } }),
      edit('article', good, { en: { title: 'Published beside a malformed record' } }),
    ]);
    expect([x, y]).toEqual([202, 202]);
    await until(
      () => livePage(`en/article/${good}/index.html`).includes('Published beside a malformed record'),
      30_000,
      () => tail(child),
    );
    await until(
      () => journaled().length === 0,
      10_000,
      () => tail(child),
    );
    plan = () => ({});
    // One batch took both edits: its release, and the sitemap's straight after when pages came or went.
    expect(total().length).toBeGreaterThanOrEqual(1);
    expect(total().length).toBeLessThanOrEqual(2);
    expect(total().map((l) => (l.webhookIds as string[]).length)).toEqual(total().map(() => 2));
    expect(msgs(from).filter((l) => l.level === 50)).toEqual([]);
    const warnings = msgs(from).filter((l) => l.level === 40 && l.stage === 'reread');
    expect(warnings.length, tail(child)).toBeGreaterThan(0);
    // Each names the endpoint, the record (its id or its slug) and the field.
    const { data } = (await (await fetch(`${api.url}/api/frontend/content/page/${bad}`)).json()) as {
      data: { id: number };
    };
    const said = warnings.map((w) => String(w.msg));
    const skip = new RegExp(
      `^articles: skipped a malformed record from /content/\\S+ id=${data.id}: field "title" .*expected string, received number$`,
    );
    const kept = new RegExp(
      `^articles: /content/category/all id=article:${bad} \\((th|en)\\): its last good version stays$`,
    );
    expect(said.filter((m) => !skip.test(m) && !kept.test(m)).filter((m) => !m.startsWith('news: '))).toEqual([]);
    expect(said.filter((m) => skip.test(m) && m.includes('from /content/category/all ')).length).toBeGreaterThan(0);
    expect(said.filter((m) => kept.test(m)).length).toBeGreaterThan(0);
    // Its pages as they were, byte for byte; the lists show its last good title, not the edit.
    for (const p of pages) expect(livePage(p), p).toBe(before.get(p));
    expect(livePage('en/articles/index.html')).not.toContain('An edit the API answers malformed');
    await expectLiveWhole();
  }, 60_000);
});
