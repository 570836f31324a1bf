/**
 * The faults a real host meets, at the release stores (scripts/publisher/release-store/),
 * each ending with the whole live release checked page by page and the last release's edits live.
 *
 * - the disk full while staging (ENOSPC injected into the dir store's writes);
 * - the process killed (SIGKILL) while it stages, right before and right after it switches (a
 *   child process with PORTAL_FAULT_KILL_AT), then a restart;
 * - the bucket failing (503 SlowDown, 500, a request that never answers, a connection cut
 *   mid-upload) through a failing proxy in front of s3rver;
 * - the CDN's purge failing or slow (PURGE_COMMAND): retried with back-off, never holding up the
 *   next publish, nothing lost.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { linkSync } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPurger } from '../../../scripts/publisher/purge/index.ts';
import type { RetryingPurger } from '../../../scripts/publisher/purge/retrying.ts';
import { DirReleaseStore } from '../../../scripts/publisher/release-store/dir.ts';
import { createS3Store, type S3ReleaseStore } from '../../../scripts/publisher/release-store/s3.ts';
import type { ReleaseFile } from '../../../scripts/publisher/release-store/types.ts';
import { BUCKET, CREDENTIALS, startS3rver, type LocalS3 } from './s3rver.ts';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'faults-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const PAGES = 40;
const sha = (body: string | Buffer) => createHash('sha256').update(body).digest('hex');

/**
 * The files of a site at `version`: 40 pages, an asset and a feed. Version 1 is the first
 * publish; later versions edit a few pages (`edited`) and keep the others byte for byte.
 */
function site(version: number, edited: readonly number[] = []): Map<string, string> {
  const files = new Map<string, string>();
  for (let i = 0; i < PAGES; i++) {
    const v = edited.includes(i) ? version : 1;
    files.set(`article/${i}/index.html`, `<!doctype html><title>Article ${i}, version ${v}</title>`);
  }
  files.set('index.html', `<!doctype html><title>Home, version ${version}</title>`);
  files.set('_astro/app.abc123.js', 'console.log(1)');
  files.set('rss.xml', `<rss><channel><title>version ${version}</title></channel></rss>`);
  return files;
}

/** Writes a site's files as a render would and describes them for a store. */
async function render(name: string, files: Map<string, string>): Promise<ReleaseFile[]> {
  const root = path.join(work, 'render', name);
  const out: ReleaseFile[] = [];
  for (const [p, body] of files) {
    const source = path.join(root, p);
    await mkdir(path.dirname(source), { recursive: true });
    await writeFile(source, body);
    out.push({ path: p, source, hash: sha(body) });
  }
  return out;
}

/** Every file of a folder, relative, POSIX (the store's own dot files aside). */
async function walk(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const d of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, d.name);
    if (d.name.startsWith('.release')) continue; // the store's own (manifest, its parts, info)
    if (d.isDirectory()) out.push(...(await walk(full, base)));
    else out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out.sort();
}

/** The live release of a dir store, file by file, is exactly `expected`: no page missing, extra or mixed. */
async function expectLiveDir(root: string, expected: Map<string, string>): Promise<void> {
  const live = path.join(root, 'live');
  expect(await walk(live)).toEqual([...expected.keys()].sort());
  for (const [p, body] of expected) expect(await readFile(path.join(live, p), 'utf8'), p).toBe(body);
}

/**
 * Nothing a publish leaves half done: only complete releases (with a manifest) and the live link,
 * and the spares of `owner` (a store of this process: a full stage leaves one), as many as it holds.
 */
async function expectNoLeftovers(root: string, owner?: DirReleaseStore): Promise<void> {
  const names = await readdir(path.join(root, 'releases'));
  const spares = names.filter((n) => n.startsWith(`.spare-${process.pid}-`));
  expect(spares).toHaveLength(owner?.spares ?? 0);
  for (const name of names.filter((n) => !spares.includes(n))) {
    expect(name, `releases/${name}`).not.toMatch(/^\./);
    expect(await readdir(path.join(root, 'releases', name)), `releases/${name}`).toContain('.release.json');
  }
  expect((await readdir(root)).filter((n) => n.startsWith('.live-'))).toEqual([]);
}

const enospc = (target: string) =>
  Object.assign(new Error(`ENOSPC: no space left on device, write '${target}'`), { code: 'ENOSPC', errno: -28 });

describe('the disk full while staging (ENOSPC)', () => {
  it('fails with a clear message, keeps the live release, removes the partial one; the next publish succeeds', async () => {
    const root = path.join(work, 'enospc');
    let room = Infinity; // file writes left before the disk is full
    const spend = (to: string) => {
      if (room-- <= 0) throw enospc(to);
    };
    const store = new DirReleaseStore({
      root,
      io: {
        copyFile: async (from, to, mode) => {
          spend(String(to));
          return copyFile(from, to, mode);
        },
        link: async (from, to) => {
          spend(String(to));
          return link(from, to);
        },
        linkSync: (from, to) => {
          spend(to);
          linkSync(from, to);
        },
      },
    });
    const v1 = site(1);
    await store.stage('r1', await render('r1', v1));
    await store.activate('r1');

    // A fresh stage (no spare) and one onto a spare copy of the live release: both fill the disk.
    const v2 = site(2, [3, 17]);
    for (const spare of [false, true]) {
      if (spare) {
        store.prepareNext();
        await store.sparesReady();
        expect(store.spares).toBeGreaterThan(0);
      }
      room = spare ? 2 : 10;
      const id = spare ? 'r2b' : 'r2a';
      await expect(store.stage(id, await render(id, v2))).rejects.toThrow(
        new RegExp(
          `^staging release ${id} failed: no space left on the device of .*${id} \\(ENOSPC\\); the partial release was removed and the live release stays$`,
        ),
      );
      expect((await store.live())?.id).toBe('r1');
      expect(await readdir(path.join(root, 'releases'))).not.toContain(id);
      await expectLiveDir(root, v1);
    }

    room = Infinity; // room again
    await store.stage('r3', await render('r3', v2));
    await store.activate('r3');
    await store.settled();
    await expectLiveDir(root, v2);
    await expectNoLeftovers(root);
  });
});

describe('the process killed (SIGKILL) mid-publish', () => {
  const storeUrl = pathToFileURL(path.resolve('scripts/publisher/release-store/dir.ts')).href;

  /** Stages and activates `id` in a child process that kills itself at `at`; resolves with its signal. */
  function publishAndDie(root: string, id: string, files: ReleaseFile[], at: string, spare: boolean) {
    const code = `
      import { DirReleaseStore } from ${JSON.stringify(storeUrl)};
      const store = new DirReleaseStore({ root: ${JSON.stringify(root)} });
      if (${spare}) { store.prepareNext(); await store.sparesReady(); }
      await store.stage(${JSON.stringify(id)}, ${JSON.stringify(files)});
      await store.activate(${JSON.stringify(id)});
      await store.settled();
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
      env: { ...process.env, PORTAL_FAULT_KILL_AT: at },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    return new Promise<{ signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
      child.on('exit', (_code, signal) => resolve({ signal, stderr })),
    );
  }

  it.each([
    ['stage', false, 'old'],
    ['stage', true, 'old'],
    ['activate', true, 'old'],
    ['switched', true, 'new'],
  ] as const)(
    'killed at %s (onto a spare: %s): the restart finds the %s release whole, cleans up, and the next publish puts every edit live',
    async (at, spare, expectLive) => {
      const root = path.join(work, `kill-${at}-${spare}`);
      const store = new DirReleaseStore({ root });
      const v1 = site(1);
      await store.stage('r1', await render(`${at}-${spare}-r1`, v1));
      await store.activate('r1');
      await store.settled();

      const v2 = site(2, [0, 5, 9, 21, 33]);
      const died = await publishAndDie(root, 'r2', await render(`${at}-${spare}-r2`, v2), at, spare);
      expect(died.stderr).toBe('');
      expect(died.signal).toBe('SIGKILL');

      // The restart: a new process, a new store over the same folder.
      const restarted = new DirReleaseStore({ root });
      const removed = await restarted.recover();
      if (at === 'stage') expect(removed).toContain('releases/r2');
      const live = await restarted.live();
      expect(live?.id).toBe(expectLive === 'old' ? 'r1' : 'r2');
      await expectLiveDir(root, expectLive === 'old' ? v1 : v2);
      await expectNoLeftovers(root);

      // The publish after the restart (the publisher's catch-up re-reads the API): every edit live.
      const v3 = site(3, [0, 5, 9, 21, 33, 34]);
      await restarted.stage('r3', await render(`${at}-${spare}-r3`, v3));
      await restarted.activate('r3');
      await restarted.prune(5);
      await restarted.settled();
      await expectLiveDir(root, v3);
      await expectNoLeftovers(root, restarted);
      expect(await readlink(path.join(root, 'live'))).toBe(path.join('releases', 'r3'));
    },
  );
});

describe('the bucket failing (PUBLISH_TARGET=s3, a failing proxy in front of s3rver)', () => {
  let s3: LocalS3;
  let proxy: Server;
  let store: S3ReleaseStore;
  /** What the proxy does with a request: pass it on, answer an error, never answer, or cut it mid-body. */
  type Fault = 'pass' | 'hang' | 'cut' | { status: number; code: string };
  let plan: (req: IncomingMessage, n: number) => Fault = () => 'pass';
  const seen: Array<{ method: string; key: string; fault: string; at: number; done?: number }> = [];
  let count = 0;

  beforeAll(async () => {
    s3 = await startS3rver(path.join(work, 's3'));
    proxy = createServer((req, res) => {
      const n = count++;
      const fault = plan(req, n);
      const entry: (typeof seen)[number] = {
        method: req.method ?? '',
        key: decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname),
        fault: typeof fault === 'string' ? fault : fault.code,
        at: performance.now(),
      };
      seen.push(entry);
      if (fault === 'hang') return; // the client's request timeout ends it
      if (fault === 'cut') {
        // Read a little of the upload, then drop the connection.
        req.once('data', () => req.socket.destroy());
        req.once('end', () => req.socket.destroy());
        return;
      }
      if (typeof fault === 'object') {
        req.resume();
        req.on('end', () =>
          res
            .writeHead(fault.status, { 'content-type': 'application/xml' })
            .end(
              `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${fault.code}</Code><Message>injected</Message></Error>`,
            ),
        );
        return;
      }
      const upstream = httpRequest(
        { host: '127.0.0.1', port: s3.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', () => (entry.done = performance.now()));
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const port = (proxy.address() as { port: number }).port;
    store = createS3Store({
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: BUCKET,
      S3_PREFIX: 'portal',
      S3_REQUEST_TIMEOUT_MS: '700',
      S3_CONCURRENCY: '4',
      ...CREDENTIALS,
    });
  });
  afterAll(async () => {
    store?.client.destroy();
    proxy?.closeAllConnections();
    await new Promise((r) => proxy?.close(r));
    await s3?.stop().catch(() => {});
  });

  /** What the CDN serves: every key under site/, read straight from s3rver, is exactly `expected`. */
  async function expectLiveBucket(expected: Map<string, string>): Promise<void> {
    const xml = await (await fetch(`${s3.endpoint}/${BUCKET}?prefix=portal/site/`)).text();
    const keys = [...xml.matchAll(/<Key>portal\/site\/([^<]+)<\/Key>/g)].map((m) => m[1]!).sort();
    expect(keys).toEqual([...expected.keys()].sort());
    for (const [p, body] of expected)
      expect(await (await fetch(`${s3.endpoint}/${BUCKET}/portal/site/${p}`)).text(), p).toBe(body);
  }
  const pointer = async () =>
    (await (await fetch(`${s3.endpoint}/${BUCKET}/portal/live.json`)).json()) as {
      live: string;
      switching: string | null;
    };
  const blobs = async () => {
    const xml = await (await fetch(`${s3.endpoint}/${BUCKET}?prefix=portal/blobs/`)).text();
    return new Set([...xml.matchAll(/<Key>portal\/blobs\/([^<]+)<\/Key>/g)].map((m) => m[1]!));
  };

  it('retries 503 SlowDown, 500, a hung request and a cut upload; switches only once every object is in place', async () => {
    const v1 = site(1);
    await store.stage('s1', await render('s1', v1));
    await store.activate('s1');

    const v2 = site(2, [1, 2, 3, 4, 5, 6, 7, 8]);
    const failed = new Set<string>();
    let blobPuts = 0;
    plan = (req) => {
      const key = new URL(req.url ?? '/', 'http://x').pathname;
      const once = (fault: Fault, tag: string): Fault => (failed.has(tag) ? 'pass' : (failed.add(tag), fault));
      if (req.method === 'PUT' && key.includes('/blobs/')) {
        blobPuts++;
        if (blobPuts === 1) return once({ status: 503, code: 'SlowDown' }, 'slowdown');
        if (blobPuts === 3) return once('cut', 'cut');
        if (blobPuts === 5) return once('hang', 'hang');
      }
      if (req.method === 'PUT' && req.headers['x-amz-copy-source'])
        return once({ status: 500, code: 'InternalError' }, 'copy');
      if (req.method === 'PUT' && key.endsWith('/live.json') && failed.has('copy'))
        return once({ status: 503, code: 'ServiceUnavailable' }, 'pointer');
      return 'pass';
    };
    const from = seen.length;
    await store.stage('s2', await render('s2', v2));
    await store.activate('s2');
    plan = () => 'pass';
    expect([...failed].sort()).toEqual(['copy', 'cut', 'hang', 'pointer', 'slowdown']);

    // The last pointer write (live: s2) began after every upload and copy had been answered.
    const requests = seen.slice(from);
    const pointerWrites = requests.filter(
      (r) => r.method === 'PUT' && r.key.endsWith('/live.json') && r.fault === 'pass',
    );
    const last = pointerWrites.at(-1)!;
    const objects = requests.filter((r) => r.method === 'PUT' && !r.key.endsWith('/live.json') && r.fault === 'pass');
    expect(objects.length).toBeGreaterThan(8);
    for (const o of objects) expect(o.done, o.key).toBeLessThanOrEqual(last.at);
    expect(await pointer()).toMatchObject({ live: 's2', switching: null });
    await expectLiveBucket(v2);
  });

  it('a release the bucket keeps refusing fails without a switch; its blobs are collected by a later prune', async () => {
    const before = await blobs();
    const v3 = site(3, [10, 11, 12, 13]);
    // The first two new blobs arrive, then the bucket refuses every upload (more than the retries).
    let puts = 0;
    plan = (req) =>
      req.method === 'PUT' && (req.url ?? '').includes('/blobs/') && ++puts > 2
        ? { status: 503, code: 'SlowDown' }
        : 'pass';
    await expect(store.stage('s3', await render('s3', v3))).rejects.toThrow();
    plan = () => 'pass';
    expect((await pointer()).live).toBe('s2');
    await expectLiveBucket(site(2, [1, 2, 3, 4, 5, 6, 7, 8]));
    const orphans = [...(await blobs())].filter((h) => !before.has(h));
    expect(orphans.length).toBeGreaterThan(0);

    // Later: another release goes live, and the prune drops what no kept release names.
    const v4 = site(4, [20, 21]);
    await store.stage('s4', await render('s4', v4));
    await store.activate('s4');
    await store.prune(2);
    const left = await blobs();
    for (const h of orphans) expect(left.has(h)).toBe(false);
    await expectLiveBucket(v4);
  });
});

describe("the CDN's purge failing or slow (PURGE_COMMAND)", () => {
  /** A purge command that appends its input to `log` (one JSON a line) after `before` runs. */
  const command = (log: string, before = '') => `${before} cat >> '${log}' && echo >> '${log}'`;
  const purged = async (log: string) =>
    (await readFile(log, 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { tags: string[]; paths: string[] });

  /** Stage, switch, then purge the pages that changed, as the publisher does. */
  async function publish(
    store: DirReleaseStore,
    purger: RetryingPurger,
    id: string,
    before: Map<string, string>,
    after: Map<string, string>,
  ) {
    await store.stage(id, await render(`purge-${id}`, after));
    await store.activate(id);
    const paths = [...after.keys()].filter((p) => before.get(p) !== after.get(p)).map((p) => `/${p}`);
    const outcome = await purger.purge({ tags: [`release:${id}`], paths }).then(
      () => 'ok',
      (error: Error) => error.message,
    );
    return { outcome, paths };
  }

  it('a failing purge is retried with back-off until it goes through, merged with the purges asked meanwhile', async () => {
    const root = path.join(work, 'purge-failing');
    const log = path.join(root, 'purged.jsonl');
    const down = path.join(root, 'cdn-down');
    await mkdir(root, { recursive: true });
    // Fails while the CDN is down (the file is there: until after the second publish, however
    // long the stages take on a busy machine), then purges.
    await writeFile(down, '');
    const before = `if [ -e '${down}' ]; then cat >/dev/null; echo "CDN 503" >&2; exit 1; fi;`;
    const lines: string[] = [];
    const outcomes: string[] = []; // what portal_publisher_purges_total{outcome} counts
    const purger = createPurger(
      { PURGE_COMMAND: command(log, before), PURGE_RETRY_MS: '300', PURGE_WAIT_MS: '5000' },
      { log: (l) => lines.push(l), onAttempt: (outcome) => outcomes.push(outcome) },
    ) as RetryingPurger;
    const store = new DirReleaseStore({ root: path.join(root, 'site') });
    const v1 = site(1);
    await store.stage('p1', await render('p1', v1));
    await store.activate('p1');
    const v2 = site(2, [1, 2]);
    const v3 = site(3, [1, 2, 30]);
    const first = await publish(store, purger, 'p2', v1, v2);
    expect(first.outcome).toMatch(/PURGE_COMMAND exited with 1: CDN 503/);
    expect(purger.state()).toMatchObject({ failures: 1, lastError: expect.stringMatching(/CDN 503/) });
    const second = await publish(store, purger, 'p3', v2, v3);
    expect(second.outcome).toMatch(/purge failing \(\d+ tries in a row\), retried in the background/);
    await rm(down); // the CDN is back
    await purger.drain();
    expect(purger.state()).toMatchObject({
      failures: 0,
      pending: { tags: 0, paths: 0 },
      lastSuccessAt: expect.any(String),
    });
    const [sent] = await purged(log);
    expect(sent!.tags.sort()).toEqual(['release:p2', 'release:p3']);
    expect(sent!.paths.sort()).toEqual([...new Set([...first.paths, ...second.paths])].sort());
    const failed = outcomes.length - 1;
    expect(failed).toBeGreaterThanOrEqual(1); // the first publish's purge, and retries while the CDN was down
    expect(lines.join('\n')).toContain(`purge: through command again after ${failed} failed tries`);
    expect(outcomes).toEqual([...Array<string>(failed).fill('failure'), 'success']);
    await expectLiveDir(path.join(root, 'site'), v3);
  });

  it('a slow purge does not hold up the next publish, and finishes in the background', async () => {
    const root = path.join(work, 'purge-slow');
    const log = path.join(root, 'purged.jsonl');
    await mkdir(root, { recursive: true });
    // The CDN answers only once the test opens a gate: a publish that waited for it would never end.
    const gate = path.join(root, 'cdn-answers');
    const purger = createPurger({
      PURGE_COMMAND: command(log, `while [ ! -e '${gate}' ]; do sleep 0.05; done;`),
      PURGE_WAIT_MS: '200',
    }) as RetryingPurger;
    const store = new DirReleaseStore({ root: path.join(root, 'site') });
    const v1 = site(1);
    await store.stage('q1', await render('q1', v1));
    await store.activate('q1');
    const v2 = site(2, [7]);
    const v3 = site(3, [7, 8]);
    const a = await publish(store, purger, 'q2', v1, v2);
    const b = await publish(store, purger, 'q3', v2, v3);
    // Each publish waited for the purge at most PURGE_WAIT_MS, then went on without it.
    expect([a.outcome, b.outcome]).toEqual(['ok', 'ok']);
    expect(await purged(log)).toEqual([]);
    expect(purger.state().running).toBe(true);
    await expectLiveDir(path.join(root, 'site'), v3);
    await writeFile(gate, '');
    await purger.drain();
    const sent = await purged(log);
    expect(sent.flatMap((s) => s.tags).sort()).toEqual(['release:q2', 'release:q3']);
    expect(sent.flatMap((s) => s.paths)).toEqual(
      expect.arrayContaining(['/article/7/index.html', '/article/8/index.html']),
    );
  });
});
