/**
 * `npm run deploy:try`: the production path of docs/deploy.md, run at demo scale on loopback,
 * each step with the commands the walkthrough names:
 *
 * 1. the reference API as the agency's "remote" API on a port of its own (`npm run api`);
 * 2. s3rver as the bucket (`npx s3rver`), a purge command that appends its JSON to a file;
 * 3. the build against that API (`npm run build` with PUBLIC_API_BASE_URL; reused while the
 *    sources and the API address are unchanged, `--rebuild` to build again);
 * 4. the publisher (`npm run publisher`, PUBLISH_TARGET=s3, the operators' endpoints on
 *    PUBLISHER_ADMIN_PORT): the webhook port answers 404 to /status, the admin port answers it;
 * 5. an edit through the reference API's editor endpoint (`npm run cms`): the page in the bucket
 *    changes and the purge command is called with its path;
 * 6. an edit accepted (202) while the API is down, so not yet live; the publisher stopped;
 *    PUBLISH_DIR's state backed up with tar, restored into a fresh PUBLISH_DIR, the publisher
 *    started on it: the accepted edit is published (the journal), the history and the replay
 *    guard are kept.
 *
 * Exits 0 when every check held, 1 with the failed check and the processes' last lines.
 * Work files in DEPLOY_TRY_DIR (default .data/deploy-try); ports DEPLOY_TRY_PORT … +4 (8960).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { signWebhook } from '../publisher/send-webhook.ts';
import { buildSourceDigest } from './build-site.ts';
import { parseCommand } from '../config/cli.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUCKET = 'portal';
const PREFIX = 'portal/';

interface Ports {
  site: number;
  api: number;
  publisher: number;
  admin: number;
  s3: number;
}

/** One child process, its output kept (and echoed with a prefix when `verbose`). */
class Proc {
  readonly lines: string[] = [];
  readonly child: ChildProcess;
  readonly name: string;
  constructor(name: string, args: string[], env: NodeJS.ProcessEnv, verbose: boolean) {
    this.name = name;
    this.child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [this.child.stdout!, this.child.stderr!]) {
      let rest = '';
      stream.setEncoding('utf8').on('data', (chunk: string) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop()!;
        for (const line of parts) {
          this.lines.push(line);
          if (verbose) console.log(`  [${name}] ${line}`);
        }
      });
    }
  }

  get exited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /** Resolves with the exit code after SIGTERM (SIGKILL after `ms`). */
  stop(ms = 150_000): Promise<number | null> {
    if (this.exited) return Promise.resolve(this.child.exitCode);
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.child.kill('SIGKILL'), ms);
      this.child.once('exit', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
      this.child.kill('SIGTERM');
    });
  }
}

class Failed extends Error {}

function check(ok: unknown, what: string): void {
  if (!ok) throw new Failed(what);
  console.log(`  ok: ${what}`);
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | null | false>): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await probe().catch(() => null);
    if (got) return got;
    if (Date.now() > end) throw new Failed(`${what} (not within ${ms / 1000} s)`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A digest of what the build depends on, and the addresses baked into it. */
function buildDigest(apiUrl: string, siteUrl: string): string {
  return createHash('sha256').update(`${apiUrl} ${siteUrl}\n${buildSourceDigest()}`).digest('hex');
}

/** Runs a command to its end; its output echoed. Throws when it fails. */
function runToEnd(label: string, args: string[], env: NodeJS.ProcessEnv): void {
  console.log(`  $ ${label}`);
  const result = spawnSync(args[0]!, args.slice(1), { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Failed(`${label} exited with ${result.status ?? result.signal}`);
}

interface Trial {
  work: string;
  ports: Ports;
  verbose: boolean;
  secret: string;
  editorToken: string;
  adminToken: string;
  procs: Proc[];
}

const url = (port: number, p = '') => `http://127.0.0.1:${port}${p}`;

function start(t: Trial, name: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const proc = new Proc(name, args, { ...process.env, ...env }, t.verbose);
  t.procs.push(proc);
  return proc;
}

/** The reference API as the remote one, sending its signed webhooks to the publisher's port. */
async function startApi(t: Trial): Promise<Proc> {
  console.log(
    `  $ API_PORT=${t.ports.api} API_DB=… WEBHOOK_URL=${url(t.ports.publisher, '/hooks/content')} npm run api`,
  );
  const api = start(t, 'api', ['scripts/content-api/main.ts'], {
    API_HOST: '127.0.0.1',
    API_PORT: String(t.ports.api),
    API_DB: path.join(t.work, 'api.sqlite'),
    EDITOR_TOKEN: t.editorToken,
    WEBHOOK_SECRET: t.secret,
    WEBHOOK_URL: url(t.ports.publisher, '/hooks/content'),
  });
  await until('the reference API listens', 60_000, async () => api.lines.some((l) => l.includes('listening')));
  return api;
}

/** s3rver on loopback as the bucket. */
async function startBucket(t: Trial): Promise<Proc> {
  const dir = path.join(t.work, 'bucket');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(
    `  $ npx s3rver -d ${path.relative(ROOT, dir)} -a 127.0.0.1 -p ${t.ports.s3} --configure-bucket ${BUCKET}`,
  );
  const bin = path.join(ROOT, 'node_modules/s3rver/bin/s3rver.js');
  const args = [bin, '-d', dir, '-a', '127.0.0.1', '-p', String(t.ports.s3), '--configure-bucket', BUCKET];
  const s3 = start(t, 's3rver', args, {});
  await until('s3rver answers', 30_000, async () => (await fetch(url(t.ports.s3, `/${BUCKET}`))).ok);
  check(true, `the bucket ${BUCKET} answers on ${url(t.ports.s3)}`);
  return s3;
}

/** The build against the running API, or the one made before from the same sources and API. */
function build(t: Trial, apiUrl: string, rebuild: boolean): void {
  const siteUrl = url(t.ports.site);
  const digest = buildDigest(apiUrl, siteUrl);
  const stamp = path.join(t.work, 'build-digest');
  const renderPath = path.join(t.work, 'render-path/current');
  if (!rebuild && existsSync(stamp) && readFileSync(stamp, 'utf8') === digest && existsSync(renderPath)) {
    console.log('  (the build of these sources against this API is there already: reused; --rebuild builds again)');
    return;
  }
  rmSync(stamp, { force: true });
  runToEnd(
    `PUBLIC_API_BASE_URL=${apiUrl} SITE_URL=${siteUrl} PUBLIC_CRYPTO_SECRET=… RENDER_PATH_DIR=… npm run build -- --out-dir …/dist`,
    [process.execPath, 'scripts/site/build.ts', '--out-dir', path.join(t.work, 'dist')],
    {
      ...process.env,
      PUBLIC_API_BASE_URL: apiUrl,
      SITE_URL: siteUrl,
      PUBLIC_CRYPTO_SECRET: 'deploy-try-crypto-secret',
      RENDER_PATH_DIR: renderPath,
    },
  );
  writeFileSync(stamp, digest);
}

/** The environment of the publisher's service (docs/deploy.md, step 2). */
function publisherEnv(t: Trial, publishDir: string): NodeJS.ProcessEnv {
  return {
    PUBLIC_API_BASE_URL: url(t.ports.api),
    WEBHOOK_SECRET: t.secret,
    PUBLISH_DIR: publishDir,
    PUBLISHER_HOST: '127.0.0.1',
    PUBLISHER_PORT: String(t.ports.publisher),
    PUBLISHER_ADMIN_PORT: String(t.ports.admin),
    PUBLISHER_ADMIN_TOKEN: t.adminToken,
    PUBLISH_TARGET: 's3',
    S3_ENDPOINT: url(t.ports.s3),
    S3_BUCKET: BUCKET,
    S3_PREFIX: PREFIX,
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    PURGE_COMMAND: `cat >> '${path.join(t.work, 'purges.jsonl')}' && echo >> '${path.join(t.work, 'purges.jsonl')}'`,
    REREAD_INTERVAL: '0',
    LOG_FORMAT: 'json',
  };
}

/** `npm run publisher` on `publishDir`; resolves once its admin port says ready. */
async function startPublisher(t: Trial, publishDir: string): Promise<Proc> {
  console.log(
    `  $ PUBLISH_TARGET=s3 PUBLISHER_ADMIN_PORT=${t.ports.admin} PUBLISH_DIR=${path.relative(ROOT, publishDir)} … npm run publisher`,
  );
  const publisher = start(
    t,
    'publisher',
    [
      'scripts/publisher/main.ts',
      '--render-path',
      path.join(t.work, 'render-path/current'),
      '--base-dist',
      path.join(t.work, 'dist'),
    ],
    publisherEnv(t, publishDir),
  );
  await until('the publisher is ready (GET /readyz on the admin port)', 600_000, async () => {
    if (publisher.exited) throw new Failed(`the publisher exited (${publisher.child.exitCode})`);
    return (await fetch(url(t.ports.admin, '/readyz'))).ok;
  }).catch((error: unknown) => {
    if (publisher.exited) throw new Failed(`the publisher exited (${publisher.child.exitCode})`);
    throw error;
  });
  return publisher;
}

const message = (line: string) => {
  try {
    return String((JSON.parse(line) as { msg?: unknown }).msg ?? line);
  } catch {
    return line;
  }
};

const bucketGet = (t: Trial, key: string) => fetch(url(t.ports.s3, `/${BUCKET}/${PREFIX}${key}`));
const admin = (t: Trial, p: string) => fetch(url(t.ports.admin, p));
const purges = (t: Trial) =>
  existsSync(path.join(t.work, 'purges.jsonl'))
    ? readFileSync(path.join(t.work, 'purges.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { tags: string[]; paths: string[] })
    : [];

interface HistoryItem {
  webhookIds: string[];
  outcome: string;
}
async function history(t: Trial): Promise<HistoryItem[]> {
  const res = await admin(t, '/status/history?limit=200');
  return ((await res.json()) as { items: HistoryItem[] }).items;
}

/** Step 4's checks: which port answers what, the release in the bucket. */
async function checkListeners(t: Trial, publisher: Proc): Promise<void> {
  const lines = publisher.lines.map(message);
  check(
    lines.some((l) => l.includes(`listening on http://127.0.0.1:${t.ports.publisher} (webhooks at /hooks/content`)),
    'the start-up log says where the webhook listener is',
  );
  check(
    lines.some((l) => l.includes(`operators' endpoints on http://127.0.0.1:${t.ports.admin}`)),
    'the start-up log says where the operators’ listener is',
  );
  check(
    lines.some((l) => l.includes('purges through command')),
    'the start-up log names the purge command',
  );
  for (const p of ['/status', '/metrics', '/admin/'])
    check((await fetch(url(t.ports.publisher, p))).status === 404, `GET ${p} on the webhook port: 404`);
  const status = (await (await admin(t, '/status')).json()) as { release: { id: string } };
  check(status.release?.id, `GET /status on the admin port names the live release ${status.release?.id}`);
  check((await admin(t, '/admin/')).status === 401, 'GET /admin/ on the admin port without the token: 401');
  const pointer = (await (await bucketGet(t, 'live.json')).json()) as { live: string };
  check(pointer.live === status.release.id, 'the bucket’s live.json names that release');
}

/** Step 5: an edit through the editor endpoint, live in the bucket and purged. */
async function editLive(t: Trial, slug: string): Promise<void> {
  const title = `Deployed through the bucket ${Date.now()}`;
  runToEnd(
    `npm run cms -- edit article ${slug} --title-en "${title}"`,
    [process.execPath, 'scripts/content-api/cms.ts', 'edit', 'article', slug, '--title-en', title],
    { ...process.env, API_HOST: '127.0.0.1', API_PORT: String(t.ports.api), EDITOR_TOKEN: t.editorToken },
  );
  const t0 = Date.now();
  await until(`the edit is in ${PREFIX}site/en/article/${slug}/index.html`, 120_000, async () =>
    (await (await bucketGet(t, `site/en/article/${slug}/index.html`)).text()).includes(title),
  );
  check(true, `the edit is in the bucket after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const purged = await until(
    'the purge command is called',
    60_000,
    async () => purges(t).find((p) => p.paths.includes(`/en/article/${slug}/`)) ?? null,
  );
  check(
    purged.tags.includes(`articles:article:${slug}`),
    `the purge command got the page's path and the record's tag (${purged.paths.length} path(s), ${purged.tags.length} tag(s))`,
  );
}

/**
 * Step 6, first half: an edit the publisher accepts (202) while the API is down, so it is not
 * live when the publisher stops. Returns the signed request (sent again after the restore).
 */
async function acceptWhileApiDown(t: Trial, api: Proc, slug: string, title: string) {
  await api.stop();
  console.log(`  (the API is stopped; the record is changed in its database)`);
  const db = new DatabaseSync(path.join(t.work, 'api.sqlite'));
  db.prepare('UPDATE articles SET title_en = ? WHERE slug = ?').run(title, slug);
  db.close();
  const failedBefore = ((await (await admin(t, '/status')).json()) as { publishes: { failed: number } }).publishes
    .failed;
  const signed = signWebhook(t.secret, JSON.stringify({ type: 'article', action: 'update', key: slug }));
  const res = await fetch(url(t.ports.publisher, '/hooks/content'), { method: 'POST', ...signed });
  check(res.status === 202, `the webhook for article:${slug} is accepted (202) while the API is down`);
  await until('its publish fails (the API is down)', 120_000, async () => {
    const status = (await (await admin(t, '/status')).json()) as { publishes: { failed: number } };
    return status.publishes.failed > failedBefore;
  });
  check(true, 'its publish failed: accepted, not live');
  return signed;
}

/** Backs up PUBLISH_DIR's state (the publisher stopped) and restores it into a fresh folder. */
function backupAndRestore(t: Trial, from: string, to: string, forgetJournal: boolean): void {
  const archive = path.join(t.work, 'publish-state.tar.gz');
  runToEnd(
    `tar -C ${path.relative(ROOT, from)} --exclude=./.work --exclude=./publisher.pid -czf ${path.relative(ROOT, archive)} .`,
    ['tar', '-C', from, '--exclude=./.work', '--exclude=./publisher.pid', '-czf', archive, '.'],
    process.env,
  );
  const listed = spawnSync('tar', ['-tzf', archive], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const names = listed.map((n) => n.replace(/^\.\//, '')).filter((n) => n && !n.includes('/', n.length - 1));
  for (const f of ['queue.sqlite', 'history.sqlite', 'webhook-ids.json', 'build.json'])
    check(names.includes(f), `the backup holds ${f}`);
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  runToEnd(
    `tar -C ${path.relative(ROOT, to)} -xzf ${path.relative(ROOT, archive)}`,
    ['tar', '-C', to, '-xzf', archive],
    process.env,
  );
  if (forgetJournal) {
    console.log('  (--forget-journal: the restore leaves queue.sqlite out)');
    for (const f of readdirSync(to)) if (f.startsWith('queue.sqlite')) rmSync(path.join(to, f));
  }
}

/** Step 6, second half: on the restored state the accepted edit goes live; nothing is lost. */
async function checkResumed(
  t: Trial,
  publisher: Proc,
  o: { slug: string; title: string; webhookId: string; before: number; signed: ReturnType<typeof signWebhook> },
): Promise<void> {
  await until(`the accepted edit is in ${PREFIX}site/en/article/${o.slug}/index.html`, 120_000, async () =>
    (await (await bucketGet(t, `site/en/article/${o.slug}/index.html`)).text()).includes(o.title),
  );
  check(true, 'the edit accepted before the stop is live after the restore');
  const items = await until('the history names the accepted webhook in a publish that went live', 60_000, async () => {
    const all = await history(t);
    return all.some((e) => e.webhookIds.includes(o.webhookId) && e.outcome !== 'failure') && all;
  });
  check(true, `the restored journal's event was published (webhook ${o.webhookId})`);
  check(
    publisher.lines.map(message).some((l) => /1 accepted event\(s\) not yet live queued again/.test(l)),
    'the publisher said it queued the accepted event again',
  );
  check(items.length > o.before, `the history kept its ${o.before} entries from before the backup`);
  const again = await fetch(url(t.ports.publisher, '/hooks/content'), { method: 'POST', ...o.signed });
  check(again.status === 409, 'the same delivery sent again is refused (409): the replay guard was restored');
}

/** The whole walkthrough; throws Failed at the first check that does not hold. */
async function walkthrough(t: Trial, o: { rebuild: boolean; forgetJournal: boolean }): Promise<void> {
  const state = path.join(t.work, 'state');
  const restored = path.join(t.work, 'state-restored');
  console.log('1. The agency’s API (here the reference API on a port of its own) and the bucket (s3rver)');
  const freshDb = !existsSync(path.join(t.work, 'base.sqlite'));
  for (const f of ['api.sqlite', 'api.sqlite-wal', 'api.sqlite-shm']) rmSync(path.join(t.work, f), { force: true });
  if (!freshDb) writeFileSync(path.join(t.work, 'api.sqlite'), readFileSync(path.join(t.work, 'base.sqlite')));
  const api = await startApi(t);
  if (freshDb)
    new DatabaseSync(path.join(t.work, 'api.sqlite')).exec(`VACUUM INTO '${path.join(t.work, 'base.sqlite')}'`);
  await startBucket(t);
  console.log('2. The build, against that API');
  build(t, url(t.ports.api), o.rebuild || freshDb);
  console.log('3. The publisher: releases to the bucket, purges through a command, operators on loopback');
  for (const d of [state, restored]) rmSync(d, { recursive: true, force: true });
  rmSync(path.join(t.work, 'purges.jsonl'), { force: true });
  let publisher = await startPublisher(t, state);
  await checkListeners(t, publisher);
  console.log('4. An edit through the CMS (the reference API’s editor endpoint)');
  const listed = await fetch(url(t.ports.api, '/api/frontend/content/category/all?limit=2'));
  const [first, second] = ((await listed.json()) as { result: { slug: string }[] }).result.map((a) => a.slug);
  await editLive(t, first!);
  console.log('5. An edit accepted but not yet live; the publisher stopped; its state backed up and restored');
  const title = `Accepted before the backup ${Date.now()}`;
  const signed = await acceptWhileApiDown(t, api, second!, title);
  const before = (await history(t)).length;
  check((await publisher.stop()) === 0, 'the publisher stops cleanly on SIGTERM');
  backupAndRestore(t, state, restored, o.forgetJournal);
  await startApi(t);
  publisher = await startPublisher(t, restored);
  const webhookId = signed.headers['webhook-id']!;
  await checkResumed(t, publisher, { slug: second!, title, webhookId, before, signed });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseCommand({
    name: 'npm run deploy:try',
    usage: `usage: npm run deploy:try [-- --rebuild] [-- --verbose]

Runs docs/deploy.md's walkthrough at demo scale on loopback: the reference API as the remote
API, a build against it, s3rver as the bucket, the publisher with a purge command and its
operators' endpoints on an admin port, an edit live in the bucket, then a backup of
PUBLISH_DIR's state restored into a fresh folder, on which the publisher resumes with nothing
lost. Exits non-zero at the first check that fails.

  --rebuild          build again even when the sources and the API address are unchanged
  --verbose          echo every line of the processes
  --forget-journal   leave queue.sqlite out of the restore (the check of the journal must fail)
  -h, --help         this text

Environment: DEPLOY_TRY_DIR (.data/deploy-try), DEPLOY_TRY_PORT (8960: the site's origin; the
API, the publisher, its admin port and s3rver on the next four).`,
    options: {
      rebuild: { type: 'boolean' },
      verbose: { type: 'boolean' },
      'forget-journal': { type: 'boolean' },
    },
  });
  const base = Number(process.env.DEPLOY_TRY_PORT || 8960);
  const work = path.resolve(ROOT, process.env.DEPLOY_TRY_DIR || '.data/deploy-try');
  mkdirSync(work, { recursive: true });
  const t: Trial = {
    work,
    ports: { site: base, api: base + 1, publisher: base + 2, admin: base + 3, s3: base + 4 },
    verbose: values.verbose === true,
    secret: `whsec_${randomBytes(24).toString('base64')}`,
    editorToken: randomBytes(12).toString('hex'),
    adminToken: randomBytes(12).toString('hex'),
    procs: [],
  };
  const t0 = Date.now();
  let code = 0;
  try {
    await walkthrough(t, { rebuild: values.rebuild === true, forgetJournal: values['forget-journal'] === true });
    console.log(`deploy:try: every step held (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  } catch (error) {
    code = 1;
    console.error(`deploy:try: FAILED: ${error instanceof Failed ? error.message : (error as Error).stack}`);
    for (const p of t.procs)
      console.error(`--- last lines of ${p.name}:\n${p.lines.slice(-15).map(message).join('\n')}`);
  }
  await Promise.all(t.procs.map((p) => p.stop(10_000)));
  process.exit(code);
}
