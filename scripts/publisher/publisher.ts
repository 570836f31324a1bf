/**
 * The publisher's core (docs/publisher.md): dirty records → re-read their areas → render the
 * pages whose cacheKey changed → stage a release → switch. One publish at a time; events that
 * arrive meanwhile join the next one. A failure switches nothing and keeps the dirty set,
 * retried with back-off.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pMap from 'p-map';
import { collectionsFor, detailCache, reloadCollections } from './content-store.ts';
import { writeSitemaps } from './sitemap.ts';
import { isTwinPath, TWIN_SUFFIXES, writeTwins, type Twin } from './precompress.ts';
import { isHashedAsset } from './release-store/headers.ts';
import { publicPath } from './purge/urls.ts';
import { tagsOf } from './tags.ts';
import type { PurgeAdapter, PurgeReport } from './purge/types.ts';
import type { PagePath, RenderPath } from './render-path.ts';
import type { ReleaseFile, ReleaseInfo, ReleaseStore } from './release-store/types.ts';

export interface ContentEvent {
  type: string;
  action: 'create' | 'update' | 'delete';
  key: string;
}

export interface PublishStats {
  startedAt: string;
  durationMs: number;
  stages: { fetch: number; render: number; write: number; switch: number };
  /** Of `render`: every route's getStaticPaths (the pages and their cacheKeys now). */
  pathsMs?: number;
  /** Of `fetch`: API requests the re-read made (detail answers reused are not requests). */
  requests?: number;
  /**
   * Of the detail answers reused: those that name an edited record, brought up to date from its
   * own fresh answer instead of fetched again (content-store.ts `patchNamed`).
   */
  patched?: number;
  rendered: number;
  reused: number;
  removed: number;
  release: string | null;
  error: string | null;
}

/** The last purge after a switch, for /status. */
export interface PurgeStats {
  at: string;
  release: string;
  /** Records' cache tags and public paths purged (or that failed to purge). */
  tags: number;
  paths: number;
  report: PurgeReport | null;
  error: string | null;
}

interface FileState {
  hash: string;
  /** Where the bytes are on this machine; '' for a file adopted from a store that keeps them (s3). */
  source: string;
  cacheKey?: string | undefined;
  /** Cache tags of a page: the records it shows (./tags.ts). */
  tags?: readonly string[] | undefined;
  page: boolean;
  /**
   * Its `.br` and `.gz` twins, made from these bytes (./precompress.ts), for a store that serves
   * them; `[]` when it is not worth compressing, undefined until the next publish makes them.
   */
  twins?: readonly Twin[] | undefined;
}

/** Compressions in flight at once while pages render (they run on libuv's thread pool). */
const TWINS_IN_FLIGHT = 8;

/** What the page map keeps of a page. */
interface PageState {
  cacheKey: string | undefined;
  tags?: readonly string[] | undefined;
}

export interface PublisherOptions {
  renderPath: RenderPath;
  store: ReleaseStore;
  /** Scratch space for rendered files before they are staged. */
  workDir: string;
  /** Where the page map of each release (page → the cacheKey it was rendered with) is kept. */
  stateDir?: string;
  keepReleases?: number;
  /** Told the changed records' tags and the changed pages' paths after each switch. */
  purger?: PurgeAdapter;
  debounceMs?: number;
  maxWaitMs?: number;
  /** Back-off after failed publishes: first, then doubling up to max. */
  retryMs?: number;
  maxRetryMs?: number;
  log?: (line: string) => void;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const key = (e: Pick<ContentEvent, 'type' | 'key'>) => `${e.type}:${e.key}`;

/** Release ids sort by time: 20250101T101010123Z-<n>. */
let seq = 0;
function newReleaseId(): string {
  return `${new Date().toISOString().replace(/[-:]/g, '').replace('.', '')}-${(seq++).toString(36)}`;
}

async function* walk(dir: string, base = dir): AsyncGenerator<string> {
  for (const d of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) yield* walk(full, base);
    else if (d.isFile()) yield path.relative(base, full).split(path.sep).join('/');
  }
}

export class Publisher {
  readonly rp: RenderPath;
  readonly store: ReleaseStore;
  readonly #opts: Required<Omit<PublisherOptions, 'renderPath' | 'store' | 'purger'>>;
  readonly #purger: PurgeAdapter | null;
  /** Tags and paths a failed purge left, sent with the next one. */
  #unpurged = { tags: new Set<string>(), paths: new Set<string>() };
  /**
   * `collection/id` of the records re-read and found changed since the last switch: a failed
   * publish keeps its own (the content store has them already, the retry will not see them change).
   */
  #changedRecords = new Set<string>();
  lastPurge: PurgeStats | null = null;
  /** Every file of the live release. */
  #files = new Map<string, FileState>();
  #dirty = new Map<string, ContentEvent>();
  #running: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #firstDirtyAt = 0;
  #failures = 0;
  #idle: Array<() => void> = [];
  stats = { total: 0, failed: 0, queue: 0 };
  last: PublishStats | null = null;
  /** Whether releases get precompressed twins (the store serves them: `dir`). */
  readonly #twins: boolean;

  constructor(options: PublisherOptions) {
    this.rp = options.renderPath;
    this.store = options.store;
    this.#purger = options.purger ?? null;
    this.#twins = options.store.precompressed === true;
    this.#opts = {
      workDir: options.workDir,
      stateDir: options.stateDir ?? path.join(options.workDir, '..', 'page-maps'),
      keepReleases: options.keepReleases ?? 5,
      debounceMs: options.debounceMs ?? 100,
      maxWaitMs: options.maxWaitMs ?? 1000,
      retryMs: options.retryMs ?? 1000,
      maxRetryMs: options.maxRetryMs ?? 60_000,
      log: options.log ?? ((l) => console.log(l)),
    };
  }

  get publishing(): boolean {
    return this.#running !== null;
  }
  get dirty(): string[] {
    return [...this.#dirty.keys()];
  }

  /**
   * The live release becomes the starting point: its files are read and hashed, and the
   * current cacheKey of every page is taken as the one it was rendered with. Used on start
   * when the live release was made from the same build (or by this publisher).
   */
  async adoptLive(): Promise<ReleaseInfo | null> {
    const live = await this.store.live();
    if (!live) return null;
    const dir = this.store.dirOf?.(live.id);
    const saved = await this.#readPageMap(live.id);
    // The bundle exposes its store and collections once its pages' code has run.
    if (saved) await this.rp.paths();
    if (dir) await this.#adoptFolder(dir, saved);
    else {
      // The files are in the store only (s3): their hashes and tags are what later stages compare.
      const files = await this.store.files(live.id);
      if (!files) throw new Error(`the live release ${live.id} has no manifest`);
      const pages = saved ?? (await this.#currentPages());
      this.#files = new Map(
        [...files].map(([p, f]) => {
          const page = pages.get(p);
          return [p, { hash: f.hash, source: '', cacheKey: page?.cacheKey, tags: page?.tags ?? f.tags, page: !!page }];
        }),
      );
    }
    this.store.prepareNext?.(); // a store that can (dir) prepares the next release's copy meanwhile
    return live;
  }

  #pageMapFile(id: string): string {
    return path.join(this.#opts.stateDir, `${id}.json`);
  }

  /** Every page with its cacheKey and tags as getStaticPaths gives them now. */
  async #currentPages(): Promise<Map<string, PageState>> {
    return new Map((await this.rp.paths()).map((p) => [p.file, { cacheKey: p.cacheKey, tags: tagsOf(p.records) }]));
  }

  /** file → cacheKey the page was rendered with and its tags, as saved when the release went live. */
  async #readPageMap(id: string): Promise<Map<string, PageState> | null> {
    try {
      const saved = JSON.parse(await readFile(this.#pageMapFile(id), 'utf8')) as Record<
        string,
        string | null | { cacheKey: string | null; tags?: string[] }
      >;
      return new Map(
        Object.entries(saved).map(([f, k]) => [
          f,
          k !== null && typeof k === 'object'
            ? { cacheKey: k.cacheKey ?? undefined, tags: k.tags }
            : { cacheKey: k ?? undefined },
        ]),
      );
    } catch {
      return null;
    }
  }

  async #writePageMap(id: string): Promise<void> {
    const map: Record<string, { cacheKey: string | null; tags?: readonly string[] }> = {};
    for (const [file, f] of this.#files)
      if (f.page)
        map[file] = f.tags?.length ? { cacheKey: f.cacheKey ?? null, tags: f.tags } : { cacheKey: f.cacheKey ?? null };
    await mkdir(this.#opts.stateDir, { recursive: true });
    const tmp = `${this.#pageMapFile(id)}.tmp`;
    await writeFile(tmp, JSON.stringify(map));
    await rename(tmp, this.#pageMapFile(id));
  }

  /**
   * Re-reads every collection from the API and publishes whatever differs from the live
   * release (nothing, normally). Run after a restart: the render path's store holds the data
   * of its build, the live release may hold later edits, and what changed while the publisher
   * was down is caught up. The live release keeps being served meanwhile.
   */
  async catchUp(): Promise<PublishStats | null> {
    this.#dirty.set('*:*', { type: '*', action: 'update', key: '*' });
    this.stats.queue = this.#dirty.size;
    if (!this.#running) {
      if (this.#timer) clearTimeout(this.#timer);
      this.#timer = null;
      await this.#publishDirty();
    }
    await this.idle();
    return this.last;
  }

  /** Publishes a finished `astro build` output folder as a release (a base release). */
  async publishBuild(distDir: string): Promise<PublishStats> {
    return this.#run('base', async (stats) => {
      const t0 = performance.now();
      await this.#adoptFolder(distDir);
      stats.stages.render = performance.now() - t0;
      stats.reused = [...this.#files.values()].filter((f) => f.page).length;
      return this.#releaseFiles(this.#files);
    });
  }

  #releaseFiles(files: Map<string, FileState>): ReleaseFile[] {
    const out: ReleaseFile[] = [];
    for (const [p, f] of files) {
      out.push(
        f.tags?.length
          ? { path: p, source: f.source, hash: f.hash, tags: f.tags }
          : { path: p, source: f.source, hash: f.hash },
      );
      if (this.#twins) for (const t of f.twins ?? []) out.push({ path: p + t.suffix, source: t.source, hash: t.hash });
    }
    return out;
  }

  /**
   * Takes the files of a folder (a build's output, the live release) as the current ones, with
   * their `.br`/`.gz` twins when the folder has them. Missing twins (a build's output has none)
   * are made by the next publish: the catch-up that follows the base release, in the background.
   */
  async #adoptFolder(dir: string, saved: Map<string, PageState> | null = null): Promise<void> {
    const pages = saved ?? (await this.#currentPages());
    const all: string[] = [];
    for await (const rel of walk(dir)) if (!rel.startsWith('.release')) all.push(rel); // the store's own
    const present = new Set(all);
    const files = new Map<string, FileState>();
    const hashOf = async (file: string) => sha256(await readFile(file));
    await pMap(
      all.filter((rel) => !(this.#twins && isTwinPath(rel) && present.has(rel.slice(0, -3)))),
      async (rel) => {
        const source = path.join(dir, rel);
        const page = pages.get(rel);
        const twins =
          this.#twins && TWIN_SUFFIXES.every((suffix) => present.has(rel + suffix))
            ? await Promise.all(
                TWIN_SUFFIXES.map(async (suffix) => ({
                  suffix,
                  hash: await hashOf(source + suffix),
                  source: source + suffix,
                })),
              )
            : undefined;
        files.set(rel, {
          hash: await hashOf(source),
          source,
          cacheKey: page?.cacheKey,
          tags: page?.tags,
          page: !!page,
          ...(twins ? { twins } : {}),
        });
      },
      { concurrency: TWINS_IN_FLIGHT },
    );
    // In the folder's order (the walk's), as before: stage and manifests list files in it.
    this.#files = new Map(all.flatMap((rel) => (files.has(rel) ? [[rel, files.get(rel)!] as const] : [])));
  }

  /** Marks records dirty; a publish follows after the debounce (or the maximum wait). */
  enqueue(events: readonly ContentEvent[]): void {
    if (events.length === 0) return;
    if (this.#dirty.size === 0) this.#firstDirtyAt = Date.now();
    for (const e of events) this.#dirty.set(key(e), e);
    this.stats.queue = this.#dirty.size;
    this.#schedule(this.#opts.debounceMs);
  }

  #schedule(delay: number): void {
    if (this.#running) return; // the running publish schedules the next when it ends
    if (this.#timer) clearTimeout(this.#timer);
    const waited = Date.now() - this.#firstDirtyAt;
    const wait = Math.max(0, Math.min(delay, this.#opts.maxWaitMs - waited));
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#publishDirty();
    }, wait);
  }

  async #publishDirty(): Promise<void> {
    if (this.#running || this.#dirty.size === 0) return;
    const batch = new Map(this.#dirty);
    this.#dirty.clear();
    this.stats.queue = 0;
    const done = this.#run('incremental', (stats) => this.#incremental([...batch.values()], stats)).then(
      () => {
        this.#failures = 0;
      },
      () => {
        // Keep what failed (newer events for the same records win) and retry with back-off.
        for (const [k, e] of batch) if (!this.#dirty.has(k)) this.#dirty.set(k, e);
        this.stats.queue = this.#dirty.size;
        this.#failures++;
      },
    );
    this.#running = done;
    await done;
    this.#running = null;
    if (this.#dirty.size > 0) {
      if (this.#failures > 0) {
        const backoff = Math.min(this.#opts.retryMs * 2 ** (this.#failures - 1), this.#opts.maxRetryMs);
        if (this.#timer) clearTimeout(this.#timer);
        this.#timer = setTimeout(() => {
          this.#timer = null;
          void this.#publishDirty();
        }, backoff);
      } else {
        this.#firstDirtyAt = Date.now();
        this.#schedule(this.#opts.debounceMs);
      }
    } else {
      for (const resolve of this.#idle.splice(0)) resolve();
    }
  }

  /** Resolves when nothing is dirty and no publish runs (for tests and the bench). */
  idle(): Promise<void> {
    if (!this.#running && this.#dirty.size === 0 && !this.#timer) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  async #incremental(events: ContentEvent[], stats: PublishStats): Promise<ReleaseFile[] | null> {
    let t = performance.now();
    const all = Object.keys(this.rp.definitions());
    const collections = collectionsFor(new Set(events.map((e) => e.type)), all);
    // A catch-up ('*') re-reads everything; dirty records reuse the detail answers they leave alone.
    detailCache.begin(events.some((e) => e.type === '*') ? null : events);
    const first = await reloadCollections(this.rp, collections);
    let { changed } = first;
    const reads = [first];
    let reused = detailCache.hits;
    let patched = detailCache.patched;
    if (detailCache.moved.size > 0) {
      // A record moved (another category, other related items): re-read its type without reuse.
      const moved = [...detailCache.moved];
      detailCache.begin(events, moved);
      const again = await reloadCollections(this.rp, collections);
      changed = [...changed, ...again.changed];
      reads.push(again);
      reused += detailCache.hits;
      patched += detailCache.patched;
    }
    stats.stages.fetch = performance.now() - t;
    // The loaders count a reused detail answer among their GETs: only the others went to the API.
    stats.requests = reads.reduce((n, r) => n + r.requests, 0) - reused;
    stats.patched = patched;
    for (const record of changed) this.#changedRecords.add(record);
    this.#opts.log(
      `publisher: ${events.length} record(s) dirty, re-read ${collections.join(', ')} in ${stats.requests} requests (${reused} detail answers reused, ${patched} of them patched, ${detailCache.misses} fetched): ${changed.length} entries changed`,
    );
    for (const note of reads.flatMap((r) => r.notes)) this.#opts.log(`publisher:   ${note}`);
    t = performance.now();
    // Only the routes that read a changed collection run getStaticPaths again (with those a failed
    // try re-read: the store holds them already, and that try may have stopped before its paths).
    const collectionsChanged = new Set([...this.#changedRecords].map((r) => r.slice(0, r.indexOf('/'))));
    const paths = await this.rp.paths(collectionsChanged);
    stats.pathsMs = performance.now() - t;
    const files = await this.#renderChanged(paths, stats, false);
    stats.stages.render = performance.now() - t;
    return files;
  }

  /** Renders every page through the warm path, ignoring cacheKeys (the full publish). */
  async publishFull(): Promise<PublishStats> {
    // One publish at a time: after the one running, before the dirty records waiting.
    while (this.#running) await this.#running;
    const run = this.#run('full', async (stats) => {
      const t = performance.now();
      const files = await this.#renderChanged(await this.rp.paths(), stats, true);
      stats.stages.render = performance.now() - t;
      return files;
    });
    this.#running = run.then(
      () => {},
      () => {},
    );
    try {
      return await run;
    } finally {
      this.#running = null;
      if (this.#dirty.size > 0) this.#schedule(this.#opts.debounceMs);
      else if (!this.#timer) for (const resolve of this.#idle.splice(0)) resolve();
    }
  }

  async #renderChanged(paths: PagePath[], stats: PublishStats, all: boolean): Promise<ReleaseFile[] | null> {
    const work = path.join(this.#opts.workDir, newReleaseId());
    await mkdir(work, { recursive: true });
    const next = new Map<string, FileState>();
    // Files that are not pages (assets, public files, the sitemap) carry over.
    for (const [p, f] of this.#files) if (!f.page) next.set(p, f);
    const pageFiles = new Set(paths.map((p) => p.file));
    stats.removed = [...this.#files.entries()].filter(([p, f]) => f.page && !pageFiles.has(p)).length;
    let differs = stats.removed;
    let keysMoved = false;
    // Twins of the files written anew compress on the thread pool while the next pages render.
    const compressing: Promise<void>[] = [];
    let twinsAdded = 0;
    const twinsOf = async (state: FileState, file: string, body: Buffer) => {
      if (!this.#twins) return;
      while (compressing.length >= TWINS_IN_FLIGHT) await compressing.shift();
      compressing.push(
        writeTwins(work, file, body).then((twins) => {
          state.twins = twins;
          if (twins.length) twinsAdded++;
        }),
      );
    };
    for (const page of paths) {
      const before = this.#files.get(page.file);
      const tags = tagsOf(page.records);
      if (!all && before && page.cacheKey !== undefined && before.cacheKey === page.cacheKey) {
        // The same cacheKey is made from the same records: the same tags (kept by page maps of old).
        next.set(page.file, before.tags ? before : { ...before, tags });
        stats.reused++;
        continue;
      }
      const body = await this.rp.render(page);
      if (!body) continue;
      stats.rendered++;
      const hash = sha256(body);
      if (before && before.hash === hash) {
        if (before.cacheKey !== page.cacheKey) keysMoved = true;
        next.set(page.file, { ...before, cacheKey: page.cacheKey, tags });
        continue;
      }
      differs++;
      const source = path.join(work, page.file);
      await mkdir(path.dirname(source), { recursive: true });
      await writeFile(source, body);
      const state: FileState = { hash, source, cacheKey: page.cacheKey, tags, page: true };
      next.set(page.file, state);
      await twinsOf(state, page.file, body);
    }
    const added = paths.some((p) => !this.#files.has(p.file));
    if (stats.removed > 0 || added) {
      // Pages went or came: the sitemap lists them, written as the build writes it.
      const dir = path.join(work, '.sitemap');
      const pages = paths.filter((p) => p.route.type === 'page').map((p) => p.pathname);
      const written = await writeSitemaps(dir, this.rp.origin, pages);
      for (const [p, f] of next) if (!f.page && /^sitemap-.*\.xml$/.test(p) && !written.includes(p)) next.delete(p);
      for (const name of written) {
        const source = path.join(dir, name);
        const bytes = await readFile(source);
        const hash = sha256(bytes);
        const before = next.get(name);
        if (before?.hash === hash) continue; // the same bytes: the file and its twins stay
        differs++;
        const state: FileState = { hash, source, page: false };
        next.set(name, state);
        await twinsOf(state, name, bytes);
      }
    }
    if (this.#twins) {
      // Files without twins yet (a base release, one made before twins existed) get them now.
      await Promise.all(compressing);
      const made = twinsAdded;
      for (const [p, f] of next) {
        if (f.twins !== undefined || !f.source) continue;
        const state: FileState = { ...f };
        next.set(p, state);
        await twinsOf(state, p, await readFile(f.source));
      }
      await Promise.all(compressing);
      if (twinsAdded > made) this.#opts.log(`publisher: made the twins of ${twinsAdded - made} file(s) that had none`);
      differs += twinsAdded - made;
    }
    await Promise.all(compressing);
    this.#pending = next;
    if (differs === 0 && !all) {
      // Every page came out as it is live: no new release, only the cacheKeys move on.
      if (keysMoved) this.#files = next;
      this.#pending = null;
      return null;
    }
    return this.#releaseFiles(next);
  }

  #pending: Map<string, FileState> | null = null;
  /** The files (and the cacheKeys they were rendered with) of each release this process made. */
  #history = new Map<string, Map<string, FileState>>();

  /**
   * Makes the previous release live again. Its pages were rendered from older data, so the
   * next publish compares against the cacheKeys they were rendered with (re-rendering whatever
   * changed since), or, for a release this process did not make, re-renders every page.
   */
  async rollback(): Promise<ReleaseInfo> {
    await this.#running;
    const before = this.#files;
    const info = await this.store.rollback();
    this.store.prepareNext?.();
    const known = this.#history.get(info.id);
    if (known) this.#files = known;
    else {
      const saved = await this.#readPageMap(info.id);
      await this.adoptLive();
      if (!saved) for (const f of this.#files.values()) f.cacheKey = undefined;
    }
    await this.#purge(info.id, [], before, this.#files);
    return info;
  }

  /**
   * Tells the CDN what the switch to release `id` changed: the tags of the records re-read as
   * changed and the public paths of the files whose bytes changed or that went away (hashed
   * assets never change under a name and are left out). Nothing when nothing was live before
   * (nothing is cached yet). A failed purge is logged and its tags and paths go with the next.
   */
  async #purge(
    id: string,
    records: readonly string[],
    before: Map<string, FileState>,
    after: Map<string, FileState>,
  ): Promise<void> {
    if (!this.#purger || before.size === 0) return;
    const tags = new Set([...this.#unpurged.tags, ...tagsOf(records)]);
    const paths = new Set(this.#unpurged.paths);
    for (const [p, f] of after) if (!isHashedAsset(p) && before.get(p)?.hash !== f.hash) paths.add(publicPath(p));
    for (const p of before.keys()) if (!isHashedAsset(p) && !after.has(p)) paths.add(publicPath(p));
    if (tags.size === 0 && paths.size === 0) return;
    const stats: PurgeStats = {
      at: new Date().toISOString(),
      release: id,
      tags: tags.size,
      paths: paths.size,
      report: null,
      error: null,
    };
    try {
      stats.report = await this.#purger.purge({ tags: [...tags], paths: [...paths] });
      this.#unpurged = { tags: new Set(), paths: new Set() };
      const sample = [...tags].slice(0, 5).join(' ');
      this.#opts.log(
        `publisher: purged ${tags.size} tag(s) and ${paths.size} path(s) through ${this.#purger.name} in ${stats.report.requests} request(s)${sample ? ` (${sample}${tags.size > 5 ? ' …' : ''})` : ''}`,
      );
    } catch (error) {
      stats.error = error instanceof Error ? error.message : String(error);
      this.#unpurged = { tags, paths };
      this.#opts.log(`publisher: purge after ${id} failed, kept for the next one: ${stats.error}`);
    }
    this.lastPurge = stats;
  }

  async #run(kind: string, make: (stats: PublishStats) => Promise<ReleaseFile[] | null>): Promise<PublishStats> {
    const started = performance.now();
    const stats: PublishStats = {
      startedAt: new Date().toISOString(),
      durationMs: 0,
      stages: { fetch: 0, render: 0, write: 0, switch: 0 },
      rendered: 0,
      reused: 0,
      removed: 0,
      release: null,
      error: null,
    };
    this.stats.total++;
    const before = this.#files;
    try {
      const files = await make(stats);
      if (!files) {
        this.#changedRecords.clear(); // no page shows a change: nothing for a CDN to forget
        stats.durationMs = performance.now() - started;
        this.#opts.log(
          `publisher: ${kind} publish: nothing changed on the site (${stats.rendered} rendered, ${stats.reused} reused)`,
        );
        this.last = stats;
        await rm(this.#opts.workDir, { recursive: true, force: true });
        return stats;
      }
      const id = newReleaseId();
      let t = performance.now();
      const staged = await this.store.stage(id, files);
      stats.stages.write = performance.now() - t;
      t = performance.now();
      await this.store.activate(id);
      stats.stages.switch = performance.now() - t;
      stats.release = id;
      // From now on the live release's own files are the sources to reuse.
      const dir = this.store.dirOf?.(id);
      const next = this.#pending ?? this.#files;
      // A file whose bytes are already in a release folder keeps its state (and source): kept
      // releases never change, and a later stage that finds the path gone (its release dropped)
      // links the bytes by hash. Only the files this publish wrote (work folder, a build's
      // output) point to the new release now. Sharing the unchanged states keeps one copy of
      // 60,000 of them in memory, not one per kept release (about 45 MB each at 20,000 pages).
      const releasesRoot = dir ? path.dirname(dir) + path.sep : null;
      const inRelease = (source: string) => releasesRoot !== null && source.startsWith(releasesRoot);
      this.#files = new Map(
        [...next].map(([p, f]) => [
          p,
          dir && !(inRelease(f.source) && (f.twins ?? []).every((t) => inRelease(t.source)))
            ? {
                ...f,
                source: path.join(dir, p),
                twins: f.twins?.map((t) => ({ ...t, source: path.join(dir, p + t.suffix) })),
              }
            : f,
        ]),
      );
      this.#history.set(id, this.#files);
      this.#pending = null;
      await this.#writePageMap(id);
      await rm(this.#opts.workDir, { recursive: true, force: true });
      // Only now that the release is live: a failed publish purges nothing (nothing switched).
      const records = [...this.#changedRecords];
      this.#changedRecords.clear();
      await this.#purge(id, records, before, this.#files);
      const pruned = await this.store.prune(this.#opts.keepReleases);
      this.store.prepareNext?.();
      for (const gone of pruned) {
        this.#history.delete(gone);
        await rm(this.#pageMapFile(gone), { force: true });
      }
      if (kind !== 'base' && staged.written > files.length / 10) {
        // This release replaced much of the last (the twins of a base release, a full publish
        // of a new build): the store's spare folders are far from it, and fresh copies are made
        // now, as this publish's own work, so that the edits after it never wait for one. (A base
        // release is followed by the catch-up that adds its twins: its copies are made meanwhile.)
        // Until KEEP_RELEASES releases exist no prune frees a folder, and the first it frees may
        // be far from the live release (a base release without twins): one spare per publish
        // until then, and two more, or back-to-back edits outrun the copies (5–7 s each for
        // 60,000 files at load 8; two spares gave waits of 4.5 and 7 s to the 3rd and 5th edit).
        const t0 = performance.now();
        const spares = Math.max(2, this.#opts.keepReleases - (await this.store.list()).length + 2);
        this.store.prepareNext?.(spares);
        await this.store.sparesReady?.();
        this.#opts.log(
          `publisher: spare copies of ${id} for the next ${spares} publishes made in ${(performance.now() - t0).toFixed(0)} ms`,
        );
      }
      stats.durationMs = performance.now() - started;
      this.#opts.log(
        `publisher: ${kind} publish ${id} live in ${stats.durationMs.toFixed(0)} ms (${stats.rendered} rendered, ${stats.reused} reused, ${stats.removed} removed)`,
      );
      this.last = stats;
      return stats;
    } catch (error) {
      this.#pending = null;
      this.stats.failed++;
      stats.error = error instanceof Error ? error.message : String(error);
      stats.durationMs = performance.now() - started;
      this.last = stats;
      this.#opts.log(`publisher: ${kind} publish failed, the live release stays: ${stats.error}`);
      await rm(this.#opts.workDir, { recursive: true, force: true }).catch(() => {});
      throw error;
    }
  }
}
