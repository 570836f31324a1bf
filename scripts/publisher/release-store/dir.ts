/**
 * The `dir` release store: releases are folders under PUBLISH_DIR/releases/<id>/, the live
 * one is named by the symlink PUBLISH_DIR/live (→ releases/<id>), swapped in one step by
 * renaming a fresh symlink over it. A file whose hash the previous live release already has
 * is hard-linked from there instead of copied. Each release keeps `.release.json` (its id,
 * time and the hash of every file) so later stages and prunes know what it holds.
 *
 * Hard-linking 20,000 files one by one takes seconds, so a stage builds on a _spare_: a folder
 * holding a recent release's files (the release a prune dropped, renamed, or a `cp -al` copy of
 * the live release made in the background by `prepareNext()`), changing only the files that
 * differ. Two spares are kept ready, so back-to-back edits do not wait for a copy. Files are
 * never written in place: a changed file is removed and written anew, so the release it was
 * linked from keeps its bytes.
 */
import {
  copyFile,
  link,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import type { ChildProcess } from 'node:child_process';
import { linkSync } from 'node:fs';
import path from 'node:path';
import pMap from 'p-map';
import { faultPoint } from '../fault.ts';
import { niced } from '../niced.ts';
import { linkBatched, removeBatched } from './batched.ts';
import { listFiles } from './types.ts';
import type {
  ReleasedFile,
  ReleaseFile,
  ReleaseInfo,
  ReleaseStore,
  StageFiles,
  StageHint,
  StageResult,
} from './types.ts';

/**
 * The top-level names of a release's `files` in two groups of about as many files each (the
 * English pages under `en/` are about half), for a copy made by two processes; a group may be
 * empty.
 */
function halvesOf(files: Bucketed<string>): string[][] {
  const counts = new Map<string, number>();
  for (const p of files.keys()) {
    const slash = p.indexOf('/');
    const top = slash < 0 ? p : p.slice(0, slash);
    counts.set(top, (counts.get(top) ?? 0) + 1);
  }
  const halves: [string[], string[]] = [[], []];
  const sizes = [0, 0];
  for (const [name, n] of [...counts].sort((a, b) => b[1] - a[1])) {
    const i = sizes[0]! <= sizes[1]! ? 0 : 1;
    halves[i]!.push(name);
    sizes[i]! += n;
  }
  return halves.filter((h) => h.length > 0);
}

/** Copies of the live release made at once when more than one is owed. */
const COPIES_AT_ONCE = 2;

/**
 * A staged release's manifest, written last: its id and time, and how many parts (`PARTS`) hold
 * the hash and cache tags of each file. A folder with it is a whole release. (A release of old
 * keeps its files and tags in this file itself; they are read as well.)
 */
const MANIFEST = '.release.json';
/**
 * `{id, publishedAt}` of a release: what `live()` and `list()` read, and the one file `activate`
 * writes.
 */
const INFO = '.release-info.json';
/**
 * The manifest's parts, `NN.json` each: path → sha256 and path → cache tags of the paths in one
 * bucket (`bucketOf`). A stage writes the parts whose paths changed and links the others from
 * the live release: an edit at 72,000 pages writes a few of 59 MB of hashes and tags, not all
 * of them (about 2 s), and the site server parses only the parts it has not seen (by inode).
 */
const PARTS = '.release-parts';
/**
 * 256 parts of about 900 paths at 72,000 pages (64 until session 18: a category change's 54 files
 * dirtied half of them, 0.6-0.9 s of JSON on the editor's wait; now a sixth). Linking the parts
 * an edit leaves alone costs two calls each.
 */
const BUCKETS = 256;

/** What `.release.json` holds. */
interface ManifestFile {
  id: string;
  publishedAt: string;
  /** The parts in PARTS (absent in a release of old). */
  parts?: number;
  /** A release of old: path → sha256. */
  files?: Record<string, string>;
  /** A release of old: path → cache tags. */
  tags?: Record<string, readonly string[]>;
}

/** One part of a manifest (`PARTS/NN.json`). */
interface ManifestPart {
  files: Record<string, string>;
  tags?: Record<string, readonly string[]>;
}

/**
 * A map of site paths kept as BUCKETS maps, a path in the one `bucketOf` names: a release's map
 * shares with the release before it every bucket its changes leave alone (at 72,000 pages a
 * copy of the 228,000 paths took 150 ms, and each pass over them as long again), and each
 * bucket is one part of the manifest on disk.
 */
export class Bucketed<V> {
  readonly buckets: readonly ReadonlyMap<string, V>[];
  readonly size: number;
  constructor(buckets: readonly ReadonlyMap<string, V>[]) {
    this.buckets = buckets;
    let size = 0;
    for (const b of buckets) size += b.size;
    this.size = size;
  }

  static from<V>(entries: Iterable<readonly [string, V]>): Bucketed<V> {
    const buckets = Array.from({ length: BUCKETS }, () => new Map<string, V>());
    for (const [p, v] of entries) buckets[bucketOf(p)]!.set(p, v);
    return new Bucketed(buckets);
  }

  get(p: string): V | undefined {
    return this.buckets[bucketOf(p)]!.get(p);
  }

  has(p: string): boolean {
    return this.buckets[bucketOf(p)]!.has(p);
  }

  *keys(): Generator<string> {
    for (const b of this.buckets) yield* b.keys();
  }

  *[Symbol.iterator](): Generator<[string, V]> {
    for (const b of this.buckets) yield* b;
  }

  /** A copy with `changes` made (undefined removes the path), sharing the buckets they leave alone; and the buckets copied. */
  with(changes: Iterable<readonly [string, V | undefined]>): { map: Bucketed<V>; touched: Set<number> } {
    const buckets = [...this.buckets];
    const touched = new Set<number>();
    for (const [p, v] of changes) {
      const b = bucketOf(p);
      if (!touched.has(b)) {
        buckets[b] = new Map(buckets[b]);
        touched.add(b);
      }
      const bucket = buckets[b] as Map<string, V>;
      if (v === undefined) bucket.delete(p);
      else bucket.set(p, v);
    }
    return { map: new Bucketed(buckets), touched };
  }
}

/** A release's manifest as this process holds it. */
export interface Manifest {
  id: string;
  publishedAt: string;
  /** path → sha256 */
  files: Bucketed<string>;
  /** path → cache tags, for the pages that have them (served as Surrogate-Key / Cache-Tag). */
  tags: Bucketed<readonly string[]>;
  /** Its parts are files in its folder (a later stage links those it leaves as they are). */
  parts: boolean;
}

/** The bucket of a path: its page's (a twin `x.html.br` goes with `x.html`), by FNV-1a. */
export function bucketOf(p: string): number {
  const end = p.endsWith('.br') || p.endsWith('.gz') ? p.length - 3 : p.length;
  let h = 0x811c9dc5;
  for (let i = 0; i < end; i++) h = Math.imul(h ^ p.charCodeAt(i), 0x01000193);
  return (h >>> 0) % BUCKETS;
}

const partFile = (dir: string, bucket: number) => path.join(dir, PARTS, `${String(bucket).padStart(2, '0')}.json`);

/** Bucket `b` of `manifest`, as its part file holds it. */
function partOf(manifest: Manifest, b: number): ManifestPart {
  return {
    files: Object.fromEntries(manifest.files.buckets[b]!),
    tags: Object.fromEntries(manifest.tags.buckets[b]!),
  };
}

/** A file's identity as far as a cache of what it holds needs: its inode, size and time. */
const stampOf = (s: { ino: number; size: number; mtimeMs: number }) => `${s.ino} ${s.size} ${s.mtimeMs}`;

/** A part as read: its maps. */
interface PartRead {
  files: ReadonlyMap<string, string>;
  tags: ReadonlyMap<string, readonly string[]>;
}

async function readPart(file: string): Promise<PartRead> {
  const parsed = JSON.parse(await readFile(file, 'utf8')) as ManifestPart;
  return { files: new Map(Object.entries(parsed.files)), tags: new Map(Object.entries(parsed.tags ?? {})) };
}

/**
 * The cache tags of parts read, by the identity of their file (`ino size mtime`): a part linked
 * into many releases is parsed once by the site server, which reads the tags of each release it
 * serves (unchanged parts are links to the ones it read before).
 */
const tagsSeen = new Map<string, ReadonlyMap<string, readonly string[]>>();
async function partTags(file: string): Promise<ReadonlyMap<string, readonly string[]>> {
  const s = await stat(file);
  const stamp = stampOf(s);
  let tags = tagsSeen.get(stamp);
  if (!tags) {
    tags = (await readPart(file)).tags;
    tagsSeen.set(stamp, tags);
    // The parts of the last few releases: those the next one links.
    for (const old of tagsSeen.keys()) {
      if (tagsSeen.size <= BUCKETS * 8) break;
      tagsSeen.delete(old);
    }
  }
  return tags;
}

/** The manifest of the release folder `dir` (either format); throws when it has none. */
export async function readReleaseManifest(dir: string): Promise<Manifest> {
  const m = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as ManifestFile;
  const head = { id: m.id, publishedAt: m.publishedAt };
  if (!m.parts) {
    const [files, tags] = [Bucketed.from(Object.entries(m.files ?? {})), Bucketed.from(Object.entries(m.tags ?? {}))];
    return { ...head, files, tags, parts: false };
  }
  const parts: PartRead[] = [];
  for (let b = 0; b < m.parts; b++) parts.push(await readPart(partFile(dir, b)));
  if (m.parts !== BUCKETS) {
    const files = Bucketed.from(parts.flatMap((part) => [...part.files]));
    const tags = Bucketed.from(parts.flatMap((part) => [...part.tags]));
    return { ...head, files, tags, parts: false };
  }
  return {
    ...head,
    files: new Bucketed(parts.map((part) => part.files)),
    tags: new Bucketed(parts.map((part) => part.tags)),
    parts: true,
  };
}

/** Cache tags of each path of the release folder `dir` (its manifest), or none. */
export async function releaseTags(dir: string): Promise<Pick<ReadonlyMap<string, readonly string[]>, 'get'>> {
  try {
    const m = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as ManifestFile;
    if (m.parts !== BUCKETS) return (await readReleaseManifest(dir)).tags;
    const parts: ReadonlyMap<string, readonly string[]>[] = [];
    for (let b = 0; b < BUCKETS; b++) parts.push(await partTags(partFile(dir, b)));
    return new Bucketed(parts);
  } catch {
    return new Map();
  }
}

/** Whether two lists of cache tags are the same. */
function sameTags(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if ((a?.length ?? 0) !== (b?.length ?? 0)) return false;
  if (!a?.length || a === b) return true;
  return a.every((t, i) => t === b![i]);
}

/** What a stage is about to make: the next manifest, and how it differs from the live release's. */
interface NextRelease {
  manifest: Manifest;
  /** The file the next release has at a path (undefined: none). */
  fileAt(p: string): ReleaseFile | undefined;
  /** Paths whose bytes came, changed or went against the live release. */
  changed: Set<string>;
  /** Buckets whose part may differ from the live release's (a hash or cache tags). */
  dirty: Set<number>;
  written: number;
  reused: number;
}

/** The next release from every file handed to the stage, each compared with the live release's. */
function nextRelease(id: string, files: readonly ReleaseFile[], live: Manifest | null): NextRelease {
  const byPath = new Map<string, ReleaseFile>();
  const changed = new Set<string>();
  const dirty = new Set<number>();
  let written = 0;
  for (const file of files) {
    byPath.set(file.path, file);
    const before = live?.files.get(file.path);
    if (before === file.hash) {
      if (!sameTags(live!.tags.get(file.path), file.tags)) dirty.add(bucketOf(file.path));
      continue;
    }
    // A path the live release has was checked when it was staged.
    if (badPath(file.path)) throw new Error(`bad path ${file.path}`);
    written++;
    changed.add(file.path);
    dirty.add(bucketOf(file.path));
  }
  if (live)
    for (const p of live.files.keys())
      if (!byPath.has(p)) {
        changed.add(p);
        dirty.add(bucketOf(p));
      }
  const manifest: Manifest = {
    id,
    publishedAt: new Date().toISOString(),
    files: Bucketed.from(files.map((f) => [f.path, f.hash] as const)),
    tags: Bucketed.from(files.flatMap((f) => (f.tags?.length ? [[f.path, f.tags] as const] : []))),
    parts: true,
  };
  return { manifest, fileAt: (p) => byPath.get(p), changed, dirty, written, reused: files.length - written };
}

/**
 * The next release from the live one and the paths that differ from it (`hint`): the work of
 * the paths an edit changed, not of every path of the site.
 */
function nextFromHint(id: string, live: Manifest, liveDir: string, hint: StageHint): NextRelease {
  const changed = new Set<string>();
  const fileChanges: Array<readonly [string, string | undefined]> = [];
  const tagChanges: Array<readonly [string, readonly string[] | undefined]> = [];
  let written = 0;
  for (const [p, file] of hint.changed) {
    const before = live.files.get(p);
    if (!file) {
      if (before === undefined) continue;
      changed.add(p);
      fileChanges.push([p, undefined]);
      tagChanges.push([p, undefined]);
      continue;
    }
    if (before !== file.hash) {
      if (badPath(p)) throw new Error(`bad path ${p}`);
      written++;
      changed.add(p);
    }
    fileChanges.push([p, file.hash]);
    tagChanges.push([p, file.tags?.length ? file.tags : undefined]);
  }
  const files = live.files.with(fileChanges);
  const tags = live.tags.with(tagChanges);
  const manifest: Manifest = {
    id,
    publishedAt: new Date().toISOString(),
    files: files.map,
    tags: tags.map,
    parts: true,
  };
  const fileAt = (p: string): ReleaseFile | undefined => {
    const given = hint.changed.get(p);
    if (given !== undefined) return given ?? undefined;
    const hash = manifest.files.get(p);
    // The live release's file: its folder holds it.
    return hash === undefined ? undefined : { path: p, hash, source: path.join(liveDir, p) };
  };
  const dirty = files.touched.union(tags.touched);
  return { manifest, fileAt, changed, dirty, written, reused: manifest.files.size - written };
}

/** The writes a stage makes, injectable so that tests can fill the disk (ENOSPC) on the staging folder. */
export interface StageIo {
  copyFile: typeof copyFile;
  link: typeof link;
  /** A stage's links onto a spare (./batched.ts). */
  linkSync: (from: string, to: string) => void;
  writeFile: typeof writeFile;
}

export interface DirStoreOptions {
  /** PUBLISH_DIR */
  root: string;
  /** The stage's writes (default node:fs/promises). */
  io?: Partial<StageIo>;
}

/** One line for an operator: what failed, where, and that nothing went live. */
function stageError(id: string, dir: string, error: unknown): Error {
  const e = error as NodeJS.ErrnoException;
  const why =
    e.code === 'ENOSPC'
      ? `no space left on the device of ${dir} (ENOSPC)`
      : e.code
        ? `${e.code}: ${e.message}`
        : String(e.message ?? e);
  return new Error(`staging release ${id} failed: ${why}; the partial release was removed and the live release stays`, {
    cause: error,
  });
}

/**
 * `pMap` that lets every call settle before it rejects (with the first error): a stage's writes
 * in flight when the disk fills would otherwise land after the partial release is removed, and
 * leave it behind.
 */
async function settledMap<T>(
  items: Iterable<T>,
  fn: (item: T, i: number) => Promise<unknown>,
  concurrency: number,
): Promise<void> {
  await pMap(items, fn, { concurrency, stopOnError: false }).catch((error: unknown) => {
    throw error instanceof AggregateError ? error.errors[0] : error;
  });
}

/**
 * Makes the folder a file goes into, once per folder however many files go there, in parallel with
 * the other files' work (made one at a time before the links, 36,150 page folders at 72,000 pages
 * held a stage for over a minute under visitors' load).
 */
function folderMaker(): (file: string) => Promise<unknown> {
  const made = new Map<string, Promise<unknown>>();
  return (file) => {
    const parent = path.dirname(file);
    let making = made.get(parent);
    if (!making) made.set(parent, (making = mkdir(parent, { recursive: true })));
    return making;
  };
}

export class DirReleaseStore implements ReleaseStore {
  readonly root: string;
  readonly releases: string;
  readonly livePath: string;
  /** sirv (site-server.ts) serves `.br` / `.gz` twins. */
  readonly precompressed = true;

  readonly #io: StageIo;

  constructor({ root, io = {} }: DirStoreOptions) {
    this.#io = { copyFile, link, linkSync, writeFile, ...io };
    this.root = path.resolve(root);
    this.releases = path.join(this.root, 'releases');
    this.livePath = path.join(this.root, 'live');
  }

  /**
   * Spare folders: each a hard-linked copy of the files of release `from` (no manifest), ready
   * for a stage to build on. A stage takes the one closest to the files it stages and changes
   * only the files that differ; a prune turns the release it drops into one when it is close to
   * the live release (an edit apart); `prepareNext()` copies the live release (`cp -al`, in the
   * background) while there are fewer than SPARES.
   */
  #spares: Spare[] = [];
  /** The copies being made in the background, if any. */
  #copying: Promise<void> | null = null;
  /** Resolves when one of the copies under way is a spare (re-armed each time). */
  #copied = Promise.withResolvers<void>();
  /** A spare being brought up to the live release (`#refresh`), if any: a stage may wait for it, never for a copy. */
  #refreshing: Promise<void> | null = null;
  /** Folders being deleted in the background (dropped releases, stale spares). */
  #trash: Promise<void> = Promise.resolve();
  #spareSeq = 0;
  /** How many spares the copies under way aim at (SPARES, more after a big publish). */
  #target = SPARES;
  /** The background commands running (copies, deletions): stopped while held. */
  #background = new Set<ChildProcess>();
  /** Holds taken (`hold()`): an edit is publishing. */
  #holds = 0;
  /** Callers waiting for the background work (a stage with no spare, `sparesReady`): it goes on, held or not. */
  #wanted = 0;
  /** The background commands were sent SIGSTOP (and not SIGCONT since). */
  #stopped = false;
  /** While stopped: resolves when the background work goes on (the refresh in this process waits for it). */
  #resumed: PromiseWithResolvers<void> | null = null;

  /** Spare folders ready now (for tests and /status-like reports). */
  get spares(): number {
    return this.#spares.length;
  }

  /**
   * Stops the background copies and deletions (SIGSTOP; SIGCONT once every hold is let go) while
   * an edit publishes, so that its re-read, render and stage have both cores and the disk (the
   * first edit after a start at 72,000 pages shared them with two copies of 228,000 files). A
   * stage that has to wait for a copy, and `sparesReady()`, let the work go on meanwhile.
   * Returns the function that lets this hold go (idempotent).
   */
  hold(): () => void {
    this.#holds++;
    this.#signalBackground();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.#holds--;
      this.#signalBackground();
    };
  }

  /** True while the background work is stopped. */
  get held(): boolean {
    return this.#holds > 0 && this.#wanted === 0;
  }

  #signalBackground(): void {
    const stop = this.held;
    if (stop === this.#stopped) return;
    this.#stopped = stop;
    for (const child of this.#background) child.kill(stop ? 'SIGSTOP' : 'SIGCONT');
    if (stop) this.#resumed = Promise.withResolvers<void>();
    else {
      this.#resumed?.resolve();
      this.#resumed = null;
    }
  }

  /** Waits for `work` with the background work going on, held or not. */
  async #want<T>(work: Promise<T>): Promise<T> {
    this.#wanted++;
    this.#signalBackground();
    try {
      return await work;
    } finally {
      this.#wanted--;
      this.#signalBackground();
    }
  }

  /** A background command: stopped at once while held, forgotten when it ends. */
  #niced(command: string, args: string[], cwd?: string) {
    return niced(
      command,
      args,
      (child) => {
        this.#background.add(child);
        child.once('exit', () => this.#background.delete(child));
        if (this.#stopped) child.kill('SIGSTOP');
      },
      cwd,
    );
  }

  /**
   * Starts hard-linked copies of the live release, one after the other in the background, until
   * SPARES are ready (a prune's recycled folder counts: in the steady state no copy is made).
   * Spares far from the live release (a base release without the twins the live one has) are
   * dropped first: bringing one up to date would cost as much as a copy.
   */
  prepareNext(target = SPARES): void {
    this.#target = Math.max(this.#target, target);
    if (this.#copying) return;
    this.#copying = (async () => {
      for (;;) {
        const liveId = await this.#liveId();
        const live = liveId ? await this.#manifest(liveId) : null;
        if (!liveId || !live) return;
        for (const spare of [...this.#spares]) {
          if (spare.closeTo === liveId) continue; // checked already (60,000 paths: not at every turn)
          if (this.#closeTo(spare.from, spare.files, liveId, live.files)) spare.closeTo = liveId;
          else this.#dropSpare(spare);
        }
        // The one started at the switch (`refreshSpare`), then one for this live release if that was for another.
        await this.#upToDate();
        await this.#upToDate();
        const need = this.#target - this.#spares.length;
        if (need <= 0) return;
        // With none ready, one copy alone (the next stage waits for it: two at once share the disk
        // and both finish late); then two at a time while more are owed (after a base release: one
        // per edit until prunes recycle): a copy alone leaves a core idle.
        const alone = this.#spares.length === 0;
        const at = alone ? 1 : COPIES_AT_ONCE;
        const copies = Array.from({ length: Math.min(need, at) }, () => this.#copy(liveId, live.files, alone));
        if (!(await Promise.all(copies)).every(Boolean)) return;
      }
    })()
      .catch(() => {})
      .finally(() => {
        this.#copying = null;
        this.#target = SPARES;
        this.#announceCopy();
      });
  }

  /** One hard-linked copy of release `liveId` made a spare; false when it failed (thrown away). */
  async #copy(liveId: string, files: Bucketed<string>, split = false): Promise<boolean> {
    const dir = path.join(this.releases, `.spare-${process.pid}-${this.#spareSeq++}`);
    await rm(dir, { recursive: true, force: true });
    try {
      const from = this.dirOf(liveId);
      if (!split) await this.#niced('cp', ['-al', from, dir]);
      else {
        // A copy a stage waits for: its halves side by side (a process links on one core).
        await mkdir(dir);
        const halves = halvesOf(files);
        await Promise.all(
          halves.map((names) =>
            this.#niced('cp', ['-al', ...names.map((n) => path.join(from, n)), `${dir}${path.sep}`]),
          ),
        );
        for (const name of await readdir(from))
          if (name.startsWith('.release') && !name.startsWith(MANIFEST) && !name.startsWith(INFO))
            await this.#niced('cp', ['-al', path.join(from, name), `${dir}${path.sep}`]);
      }
      await rm(path.join(dir, MANIFEST), { force: true });
      await rm(path.join(dir, INFO), { force: true });
    } catch {
      this.#throwAway(dir);
      return false;
    }
    this.#spares.push({ dir, from: liveId, files, closeTo: liveId });
    this.#announceCopy();
    return true;
  }

  #announceCopy(): void {
    this.#copied.resolve();
    this.#copied = Promise.withResolvers<void>();
  }

  /**
   * Resolves when the background copies `prepareNext()` started are done: they go on meanwhile
   * even while held, unless `whenHeld` is 'wait' (ready after a start: an edit keeps them stopped).
   */
  async sparesReady({ whenHeld = 'go on' }: { whenHeld?: 'go on' | 'wait' } = {}): Promise<void> {
    const copied = async () => {
      while (this.#copying) await this.#copying;
    };
    await (whenHeld === 'wait' ? copied() : this.#want(copied()));
  }

  /** Resolves when the folders dropped so far are deleted (tests). */
  async settled(): Promise<void> {
    await this.sparesReady();
    await this.#want(this.#trash);
  }

  /**
   * Starts bringing one spare up to the live release, copying nothing (`prepareNext` goes on to
   * the copies after the prune): called at the switch, so that it runs while the page map is
   * saved and the CDN purged, not after (the next edit's stage waited 0.4-1.2 s for it at 72,000
   * pages under visitors' load).
   */
  refreshSpare(): void {
    void this.#upToDate();
  }

  /**
   * One spare brought up to the live release, the closest first: the next stage takes one. The
   * others wait their turn and then link the paths changed since once (the union of the releases'
   * deltas): after a footer's every-page release at 72,000 pages, six spares each re-linked the
   * 3,000 files of every later release while edits rendered. Joins the one under way, if any
   * (`#refreshing`: a stage may wait for it).
   */
  #upToDate(): Promise<void> {
    this.#refreshing ??= (async () => {
      const liveId = await this.#liveId();
      const live = liveId ? await this.#manifest(liveId) : null;
      if (!liveId || !live) return;
      while (!this.#spares.some((s) => s.from === liveId)) {
        const closest = this.#spares
          .map((spare) => ({ spare, since: this.#changedSince(spare.from, liveId) }))
          .filter((c): c is { spare: Spare; since: Set<string> } => c.since !== null)
          .sort((a, b) => a.since.size - b.since.size)[0];
        if (!closest) return;
        await this.#refresh(closest.spare, liveId, live, closest.since);
      }
    })().finally(() => (this.#refreshing = null));
    return this.#refreshing;
  }

  /**
   * Brings a spare some releases behind to the live release while no stage waits for it: a
   * create's second release moves 3,500 files at 72,000 pages, which the next edit's stage
   * linked again on its own path (1.2-1.4 s). Only the paths the stages between changed (their
   * deltas); a spare whose chain is not known stays as it is (a stage compares it then). Out of
   * the ready spares while its files change, so no stage takes it half-way; dropped on a failure.
   */
  async #refresh(spare: Spare, liveId: string, live: Manifest, since: ReadonlySet<string>): Promise<void> {
    this.#spares = this.#spares.filter((s) => s !== spare);
    try {
      const toPlace: string[] = [];
      const gone: string[] = [];
      for (const p of since) {
        const hash = live.files.get(p);
        if (hash === spare.files.get(p)) continue;
        if (hash === undefined) {
          if (spare.files.has(p)) gone.push(p);
        } else toPlace.push(p);
      }
      await this.#linkAll(this.dirOf(liveId), spare.dir, toPlace);
      await removeBatched(spare.dir, gone);
    } catch {
      this.#throwAway(spare.dir);
      return;
    }
    spare.from = liveId;
    spare.files = live.files;
    spare.closeTo = liveId;
    this.#spares.push(spare);
  }

  /**
   * Links the files at `paths` in `fromDir` into `toDir`, replacing what is there. In `cp`
   * processes (GNU cp's `--parents`), niced and stopped while held like the copies, off this
   * process's event loop and thread pool: 3,700 files in 0.08 s on a quiet machine (0.35 s one
   * by one here; seconds under visitors' load, while the next edit renders). One by one in this
   * process where that cp is missing, or when the store's links are someone else's (tests).
   */
  async #linkAll(fromDir: string, toDir: string, paths: readonly string[]): Promise<void> {
    if (this.#io.link === link && this.#cpParents !== false) {
      try {
        for (let i = 0; i < paths.length; i += LINKS_PER_CP)
          await this.#niced(
            'cp',
            ['-l', '-f', '--parents', '-t', toDir, '--', ...paths.slice(i, i + LINKS_PER_CP)],
            fromDir,
          );
        this.#cpParents = true;
        return;
      } catch (error) {
        if (this.#cpParents) throw error; // it worked before: this is a failure, not a missing option
        this.#cpParents = false;
      }
    }
    const folder = folderMaker();
    await settledMap(
      paths,
      async (p) => {
        // Paused while an edit publishes, as the copies are (unless a stage waits for it).
        while (this.#resumed) await this.#resumed.promise;
        const to = path.join(toDir, p);
        await rm(to, { force: true });
        await this.#linkInto(path.join(fromDir, p), to, folder);
      },
      PLACE_IN_FLIGHT,
    );
  }

  /**
   * Links `from` at `to` in a folder that is most likely there (a spare holds the folders of the
   * pages it has): the folder is made only when the link finds none (a new page).
   */
  #linkInto(from: string, to: string, folder: (file: string) => Promise<unknown>): Promise<void> {
    return this.#io.link(from, to).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await folder(to);
      await this.#io.link(from, to);
    });
  }

  /** Whether `cp -l --parents` worked here (null: not tried yet). */
  #cpParents: boolean | null = null;

  #dropSpare(spare: Spare): void {
    this.#spares = this.#spares.filter((s) => s !== spare);
    this.#throwAway(spare.dir);
  }

  /** Deletes a folder in the background, renamed out of the way first (a stage never waits for it). */
  #throwAway(dir: string): void {
    const trash = path.join(this.releases, `.trash-${process.pid}-${this.#spareSeq++}`);
    const renamed = rename(dir, trash).then(
      () => trash,
      () => dir,
    );
    // `rm -rf` in a child process: 20,000 unlinks through fs.rm would keep this process's event
    // loop and thread pool (where the twins compress) busy while the next edit renders.
    this.#trash = this.#trash.then(async () => {
      const dir = await renamed;
      await this.#niced('rm', ['-rf', '--', dir]).catch(() =>
        rm(dir, { recursive: true, force: true }).catch(() => {}),
      );
    });
  }

  /**
   * Takes the ready spare with the fewest files that differ from the next release (and those
   * paths, or null when every path must be compared), or waits for the copy under way when none
   * is close (only right after a base release, before any copy exists).
   */
  async #takeSpare(
    next: NextRelease,
    liveId: string | null,
  ): Promise<{ spare: Spare; differ: Set<string> | null } | null> {
    const pick = () => {
      let best: { spare: Spare; differ: Set<string> | null } | null = null;
      let bestDiff = Infinity;
      for (const spare of this.#spares) {
        const { count, differ } = this.#differ(spare, next, liveId);
        if (count < bestDiff) [best, bestDiff] = [{ spare, differ }, count];
      }
      // Close: a copy of the live release would save little. It too lacks what the next release
      // changes (the twins of a menu's every page: 72,000 files at 72,000 pages, which waited 18.6 s
      // for a copy), so only the paths beyond those count.
      const beyond = bestDiff - next.changed.size;
      return { best, close: beyond <= closeLimit(next.manifest.files.size), behind: beyond > 0 };
    };
    const first = pick();
    let { best, close } = first;
    if ((!close || first.behind) && this.#refreshing) {
      // A spare a few releases behind is being brought up to date: a moment, not a copy. A ready
      // one as far behind would have the stage link on the edit's path what the refresh is
      // linking already (after a create's second release at 72,000 pages: 2,600 files, 2-3 s).
      await this.#want(this.#refreshing);
      ({ best, close } = pick());
    }
    if (!close && this.#copying) {
      // The next copy, not every copy owed (five after a base release).
      await this.#want(this.#copied.promise);
      best = pick().best;
    }
    if (best) this.#spares = this.#spares.filter((s) => s !== best.spare);
    return best;
  }

  /**
   * How many paths of a spare differ from the next release, and which. When every release
   * between the one it holds and the live one was staged here, only the paths those stages
   * changed (their deltas) and those the next release changes can differ: a few dozen of
   * 228,000 at 72,000 pages. Otherwise every path is compared (`differ` null: the stage does too).
   */
  #differ(spare: Spare, next: NextRelease, liveId: string | null): { count: number; differ: Set<string> | null } {
    const files = next.manifest.files;
    const since = liveId ? this.#changedSince(spare.from, liveId) : null;
    if (!since) {
      let count = 0;
      for (const [p, hash] of files) if (spare.files.get(p) !== hash) count++;
      for (const p of spare.files.keys()) if (!files.has(p)) count++;
      return { count, differ: null };
    }
    const differ = new Set<string>();
    for (const paths of [since, next.changed])
      for (const p of paths) if (spare.files.get(p) !== files.get(p)) differ.add(p);
    return { count: differ.size, differ };
  }

  /** Paths changed between release `fromId` and a later `toId` (came, changed or went), or null when a stage between was not made here. */
  #changedSince(fromId: string, toId: string): Set<string> | null {
    const out = new Set<string>();
    for (let id = toId; id !== fromId;) {
      const d = this.#deltas.get(id);
      if (!d) return null;
      for (const p of d.changed) out.add(p);
      id = d.over;
    }
    return out;
  }

  /** The folder a release's files are in. */
  dirOf(id: string): string {
    return path.join(this.releases, id);
  }

  /**
   * Releases this process staged: the live release each was staged over, and the paths that
   * differ between the two (came, went or changed). Along a chain they say which paths of an
   * older release can differ from the live one without comparing 228,000 of them (`#differ`,
   * `#closeTo`).
   */
  #deltas = new Map<string, { over: string; changed: ReadonlySet<string> }>();

  #noteDelta(id: string, over: string, changed: ReadonlySet<string>): void {
    this.#deltas.set(id, { over, changed });
    // A chain longer than the releases kept plus spares is never walked: the oldest go.
    for (const old of this.#deltas.keys()) {
      if (this.#deltas.size <= DELTAS_KEPT) break;
      this.#deltas.delete(old);
    }
  }

  /**
   * Whether a folder holding release `fromId` (its files `from`) is worth bringing to release
   * `toId` file by file (`closeEnough`). When the releases between them were all staged here,
   * their deltas say so without a look at the files; otherwise, or when they are over the limit,
   * the files are compared.
   */
  #closeTo(fromId: string, from: Bucketed<string>, toId: string, to: Bucketed<string>): boolean {
    const since = this.#changedSince(fromId, toId);
    return (since !== null && since.size <= closeLimit(to.size)) || closeEnough(from, to);
  }

  /** Parsed manifests by release id, with the identity of the file they were read from. */
  #manifests = new Map<string, { stamp: string; manifest: Manifest }>();

  async #manifest(id: string): Promise<Manifest | null> {
    const file = path.join(this.dirOf(id), MANIFEST);
    try {
      const s = await stat(file);
      const stamp = stampOf(s);
      const cached = this.#manifests.get(id);
      if (cached?.stamp === stamp) return cached.manifest;
      const manifest = await readReleaseManifest(this.dirOf(id));
      this.#manifests.set(id, { stamp, manifest });
      return manifest;
    } catch {
      this.#manifests.delete(id);
      return null;
    }
  }

  /** A release's id and time (its info file, or the manifest of a release made before it existed). */
  async #info(id: string): Promise<ReleaseInfo | null> {
    try {
      return JSON.parse(await readFile(path.join(this.dirOf(id), INFO), 'utf8')) as ReleaseInfo;
    } catch {
      const m = await this.#manifest(id);
      return m ? { id: m.id, publishedAt: m.publishedAt } : null;
    }
  }

  /**
   * Writes the manifest and info of a staged release, never through a link shared with another:
   * the parts whose paths changed (`dirty`) anew, the others linked from the live release's
   * folder (all written when it has no parts), then `.release.json`, last.
   */
  async #writeManifest(dir: string, next: NextRelease, live: Manifest | null): Promise<void> {
    const { manifest } = next;
    await rm(path.join(dir, MANIFEST), { force: true });
    await rm(path.join(dir, INFO), { force: true });
    await mkdir(path.join(dir, PARTS), { recursive: true });
    const from = live?.parts ? this.dirOf(live.id) : null;
    await settledMap(
      manifest.files.buckets.keys(),
      async (b) => {
        const to = partFile(dir, b);
        await rm(to, { force: true });
        if (from && !next.dirty.has(b)) {
          try {
            await this.#io.link(partFile(from, b), to);
            return;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOSPC') throw error; // else the live part went: written
          }
        }
        await this.#io.writeFile(to, JSON.stringify(partOf(manifest, b)));
      },
      8,
    );
    // Through a temporary name: a manifest is whole or absent (a kill mid-write leaves none).
    const head: ManifestFile = { id: manifest.id, publishedAt: manifest.publishedAt, parts: BUCKETS };
    await this.#io.writeFile(path.join(dir, `${MANIFEST}.tmp`), JSON.stringify(head));
    await rename(path.join(dir, `${MANIFEST}.tmp`), path.join(dir, MANIFEST));
    // Kept parsed: the next stage reads it as the live release's (no parse of 228,000 paths).
    const s = await stat(path.join(dir, MANIFEST));
    this.#manifests.set(manifest.id, { stamp: stampOf(s), manifest });
    await writeFile(path.join(dir, INFO), JSON.stringify({ id: manifest.id, publishedAt: manifest.publishedAt }));
  }

  async #liveId(): Promise<string | null> {
    try {
      return path.basename(await readlink(this.livePath));
    } catch {
      return null;
    }
  }

  async live(): Promise<ReleaseInfo | null> {
    const id = await this.#liveId();
    return id ? this.#info(id) : null;
  }

  /** Every complete release (one with a manifest), newest first by id (ids sort by time). */
  async list(): Promise<ReleaseInfo[]> {
    let ids: string[];
    try {
      ids = await readdir(this.releases);
    } catch {
      return [];
    }
    const out: ReleaseInfo[] = [];
    for (const id of ids.sort().reverse()) {
      if (id.startsWith('.')) continue; // a copy in the making (prepareNext)
      const info = await this.#info(id);
      if (info) out.push(info);
    }
    return out;
  }

  /**
   * Removes what a process that died mid-publish left (called once at start, before anything is
   * staged): spare and trash folders, folders of releases whose stage never finished (no
   * manifest), a `live` link being made. One publisher per PUBLISH_DIR. Returns the names removed.
   */
  async recover(): Promise<string[]> {
    const removed: string[] = [];
    const liveId = await this.#liveId();
    let names: string[] = [];
    try {
      names = await readdir(this.releases);
    } catch {
      /* nothing published yet */
    }
    for (const name of names) {
      if (name === liveId) continue;
      if (name.startsWith('.') || !(await this.#manifest(name))) {
        await rm(this.dirOf(name), { recursive: true, force: true });
        removed.push(`releases/${name}`);
      }
    }
    for (const name of await readdir(this.root).catch(() => [] as string[]))
      if (name.startsWith('.live-')) {
        await rm(path.join(this.root, name), { force: true });
        removed.push(name);
      }
    return removed;
  }

  async stage(id: string, files: StageFiles, hint?: StageHint): Promise<StageResult> {
    if (!/^\w[\w.-]*$/.test(id)) throw new Error(`bad release id ${id}`);
    const dir = this.dirOf(id);
    try {
      return await this.#stage(id, dir, files, hint);
    } catch (error) {
      this.#manifests.delete(id);
      await rm(dir, { recursive: true, force: true }).catch(() => {});
      throw stageError(id, dir, error);
    }
  }

  async #stage(id: string, dir: string, listed: StageFiles, hint?: StageHint): Promise<StageResult> {
    const liveId = await this.#liveId();
    const live = liveId ? await this.#manifest(liveId) : null;
    let files: readonly ReleaseFile[] | null = null;
    const all = () => (files ??= listFiles(listed));
    const next =
      live && hint?.over === liveId ? nextFromHint(id, live, this.dirOf(liveId), hint) : nextRelease(id, all(), live);
    let mark = performance.now();
    const lap = () => {
      const ms = performance.now() - mark;
      mark += ms;
      return ms;
    };
    const taken = await this.#takeSpare(next, liveId);
    const spareWait = lap();
    if (taken) {
      await rm(dir, { recursive: true, force: true });
      const moved = await rename(taken.spare.dir, dir).then(
        () => true,
        () => false,
      );
      if (moved) {
        await this.#stageOnto(dir, id, next, taken.spare.files, taken.differ);
        const place = lap();
        await this.#writeManifest(dir, next, live);
        if (liveId) this.#noteDelta(id, liveId, next.changed);
        // `written` and `reused` count against the live release, as a fresh stage would.
        return { written: next.written, reused: next.reused, steps: { spareWait, place, manifest: lap() } };
      }
      this.#throwAway(taken.spare.dir);
    }
    await mkdir(dir, { recursive: true });
    const byHash = await this.#byHash(id);
    let written = 0;
    let reused = 0;
    const folder = folderMaker();
    const half = Math.floor(all().length / 2);
    // No spare to build on (a base release): each file placed is linked into a spare as well, so
    // the first edit after it stages on one at once (it waited 1-3 s at 20,000 pages for a copy of
    // the whole release made after the switch). Optional: a link that fails drops that spare only.
    let spare: string | null =
      this.#spares.length === 0 && !this.#copying
        ? path.join(this.releases, `.spare-${process.pid}-${this.#spareSeq++}`)
        : null;
    const linkIntoSpare = async (from: string, p: string) => {
      if (!spare) return;
      const to = path.join(spare, p);
      try {
        await folder(to);
        await this.#io.link(from, to);
      } catch {
        if (spare) this.#throwAway(spare);
        spare = null;
      }
    };
    // Several files at once on the thread pool: a base release copies every file of the build
    // (64,000 at 20,000 pages: 38-46 s one at a time).
    // Every file settled before a failure is thrown: none is written after the partial release is removed.
    await settledMap(
      all(),
      async (file, i) => {
        if (i === half) faultPoint('stage');
        const to = path.join(dir, file.path);
        await folder(to);
        await rm(to, { force: true });
        const existing = byHash.get(file.hash);
        if (existing) {
          try {
            await this.#io.link(existing, to);
            reused++;
            return await linkIntoSpare(to, file.path);
          } catch (error) {
            // the old file went away (pruned): copy the new bytes instead
            if ((error as NodeJS.ErrnoException).code === 'ENOSPC') throw error;
          }
        }
        await this.#io.copyFile(file.source, to);
        written++;
        await linkIntoSpare(to, file.path);
      },
      PLACE_IN_FLIGHT,
    ).catch((error: unknown) => {
      if (spare) this.#throwAway(spare);
      throw error;
    });
    await this.#writeManifest(dir, next, live).catch((error: unknown) => {
      if (spare) this.#throwAway(spare);
      throw error;
    });
    if (liveId) this.#noteDelta(id, liveId, next.changed);
    if (spare) {
      this.#spares.push({ dir: spare, from: id, files: next.manifest.files, closeTo: id });
      this.#announceCopy();
    }
    return { written, reused };
  }

  /** Files by hash from every kept release, newest first (the live one wins). */
  async #byHash(except: string): Promise<Map<string, string>> {
    const byHash = new Map<string, string>();
    const liveId = await this.#liveId();
    const kept = (await this.list()).map((r) => r.id).filter((r) => r !== except);
    for (const rid of liveId ? [liveId, ...kept.filter((k) => k !== liveId)] : kept) {
      const m = await this.#manifest(rid);
      if (!m) continue;
      for (const [p, h] of m.files) if (!byHash.has(h)) byHash.set(h, path.join(this.dirOf(rid), p));
    }
    return byHash;
  }

  /**
   * Brings a spare folder (`present`: the path → hash of the files it holds) to the next
   * release: the paths in `differ` (every path when null). A file that differs is linked from
   * where the publisher wrote it (its work folder, on the same disk, or the live release), or
   * copied when it cannot be linked; a file the next release lacks is removed.
   */
  async #stageOnto(
    dir: string,
    id: string,
    next: NextRelease,
    present: Bucketed<string>,
    differ: ReadonlySet<string> | null,
  ): Promise<void> {
    // Links to the live release's own: this folder is not that release.
    await rm(path.join(dir, MANIFEST), { force: true });
    await rm(path.join(dir, INFO), { force: true });
    const files = next.manifest.files;
    let paths = differ;
    if (!paths) {
      const all = new Set<string>();
      for (const [p, hash] of files) if (present.get(p) !== hash) all.add(p);
      for (const p of present.keys()) if (!files.has(p)) all.add(p);
      paths = all;
    }
    let byHash: Promise<Map<string, string>> | null = null;
    const toPlace: Array<{ file: ReleaseFile; to: string }> = [];
    const gone: string[] = [];
    for (const p of paths) {
      const file = next.fileAt(p);
      if (!file) {
        if (present.has(p)) gone.push(p);
        continue;
      }
      if (present.get(p) === file.hash) continue;
      toPlace.push({ file, to: path.join(dir, p) });
    }
    // Linked synchronously, a batch at a time (./batched.ts): a menu's rest places 36,000
    // pages at 72,000 pages, its twins' release 72,000 files.
    const left = await linkBatched(
      toPlace.map(({ file, to }) => ({ file, from: file.source, to })),
      this.#io.linkSync,
      () => faultPoint('stage'),
    );
    const folder = folderMaker();
    // Not linkable (another disk), or gone (a source in a release pruned since): by hash, or copied.
    await settledMap(
      left,
      async ({ file, to }) => {
        byHash ??= this.#byHash(id);
        const existing = (await byHash).get(file.hash);
        await folder(to);
        await (existing ? this.#io.link(existing, to) : this.#io.copyFile(file.source, to));
      },
      PLACE_IN_FLIGHT,
    );
    await removeBatched(dir, gone);
  }

  async files(id: string): Promise<Map<string, ReleasedFile> | null> {
    const m = await this.#manifest(id);
    if (!m) return null;
    return new Map([...m.files].map(([p, hash]) => [p, { hash, tags: m.tags.get(p) }]));
  }

  async activate(id: string): Promise<void> {
    const info = await this.#info(id);
    if (!info) throw new Error(`release ${id} is not staged`);
    // Written anew, not in place: the file may be a hard link shared with a copy.
    const infoPath = path.join(this.dirOf(id), INFO);
    await writeFile(`${infoPath}.tmp`, JSON.stringify({ id: info.id, publishedAt: new Date().toISOString() }));
    await rename(`${infoPath}.tmp`, infoPath);
    const tmp = path.join(this.root, `.live-${process.pid}-${Date.now()}`);
    await symlink(path.join('releases', id), tmp);
    faultPoint('activate');
    await rename(tmp, this.livePath); // atomic on POSIX: readers see the old or the new release
    faultPoint('switched');
  }

  async rollback(): Promise<ReleaseInfo> {
    const liveId = await this.#liveId();
    const all = await this.list();
    const index = all.findIndex((r) => r.id === liveId);
    const previous = index >= 0 ? all[index + 1] : undefined;
    if (!previous) throw new Error('no earlier release to roll back to');
    await this.activate(previous.id);
    return (await this.live())!;
  }

  async prune(keep: number): Promise<string[]> {
    const liveId = await this.#liveId();
    const live = liveId ? await this.#manifest(liveId) : null;
    const all = await this.list();
    const doomed = all.slice(Math.max(1, keep)).filter((r) => r.id !== liveId);
    // Files are hard links: removing a release folder frees only bytes no kept release links.
    // A dropped folder close to the live release (the newest, an edit or a few apart) becomes a
    // spare for the next stage instead of being deleted; the others are deleted in the
    // background (20,000 unlinks a stage does not wait for).
    for (const r of doomed) {
      const m = await this.#manifest(r.id);
      this.#manifests.delete(r.id); // parsed manifests of dropped releases are not kept
      if (m && live && liveId && this.#spares.length < SPARES && this.#closeTo(r.id, m.files, liveId, live.files)) {
        const dir = path.join(this.releases, `.spare-${process.pid}-${this.#spareSeq++}`);
        const renamed = await rename(this.dirOf(r.id), dir).then(
          () => true,
          () => false,
        );
        if (renamed) {
          await rm(path.join(dir, MANIFEST), { force: true });
          await rm(path.join(dir, INFO), { force: true });
          this.#spares.push({ dir, from: r.id, files: m.files, closeTo: liveId! });
          continue;
        }
      }
      this.#throwAway(this.dirOf(r.id));
    }
    // Half-staged releases (no manifest) older than an hour, and spare or trash folders this
    // process does not know (left by an earlier one), go too.
    try {
      const mine = new Set(this.#spares.map((sp) => path.basename(sp.dir)));
      for (const id of await readdir(this.releases)) {
        if (all.some((r) => r.id === id) || mine.has(id)) continue;
        if (id.startsWith('.')) {
          if (!id.startsWith(`.spare-${process.pid}-`) && !id.startsWith(`.trash-${process.pid}-`))
            this.#throwAway(this.dirOf(id));
          continue;
        }
        const st = await stat(this.dirOf(id));
        if (Date.now() - st.mtimeMs > 3_600_000) this.#throwAway(this.dirOf(id));
      }
    } catch {
      /* no releases folder */
    }
    return doomed.map((r) => r.id);
  }
}

/** An absolute path or one with a `..` segment (split only when `..` occurs: 60,000 paths a stage). */
const badPath = (p: string) => p.startsWith('/') || (p.includes('..') && p.split('/').includes('..'));

interface Spare {
  dir: string;
  /** The release whose files it holds. */
  from: string;
  /** path → sha256 of those files. */
  files: Bucketed<string>;
  /** The live release it was last found close to (closeEnough). */
  closeTo?: string;
}

/**
 * Spare folders kept ready: one for the next stage, one more so that back-to-back edits find
 * one while the copy that replaces the first is still being made (before KEEP_RELEASES releases
 * exist, no prune has a folder to recycle).
 */
const SPARES = 2;

/**
 * Whether a folder holding `from` is worth bringing to `to` file by file: fewer differences
 * than a tenth of the files (an edit changes a few dozen; a base release lacks two thirds of a
 * release with twins, and a hard-linked copy is then cheaper).
 */
function closeEnough(from: Bucketed<string>, to: Bucketed<string>): boolean {
  const limit = closeLimit(to.size);
  let diff = 0;
  for (const [p, hash] of to) if (from.get(p) !== hash && ++diff > limit) return false;
  for (const p of from.keys()) if (!to.has(p) && ++diff > limit) return false;
  return true;
}

/** Files a stage onto a spare links at once (on libuv's thread pool). */
const PLACE_IN_FLIGHT = 16;

/** The differences `closeEnough` allows a folder of `size` files: a tenth of them, at least 64. */
const closeLimit = (size: number) => Math.max(64, size / 10);

/** Paths per `cp` process bringing a spare up to date (their arguments stay well under ARG_MAX). */
const LINKS_PER_CP = 2_000;

/** Deltas kept for `#closeTo`: more than any chain between a kept release or spare and the live one. */
const DELTAS_KEPT = 64;
