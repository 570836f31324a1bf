/**
 * Stage 4, the release: the next release's files in; staged, made live in one step (the `live`
 * switch, the S3 pointer) and the files' sources moved to the live release out. A failure before
 * the switch leaves the live release as it was. After the switch (and after the purge), `prune`
 * drops releases beyond `keep` and `spares` makes the dir store's spare copies ready.
 */
import { lstat, readdir } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import type { ReleaseFile, ReleaseStore, StageHint, StageResult } from '../release-store/types.ts';
import { handedCount, handedOf, releaseFiles } from './files.ts';
import type { FileState, Files } from './types.ts';

/** Release ids sort by time: 20250101T101010123Z-<n>. */
let seq = 0;
export function newReleaseId(): string {
  return `${new Date().toISOString().replace(/[-:]/g, '').replace('.', '')}-${(seq++).toString(36)}`;
}

export interface ReleaseInput {
  store: ReleaseStore;
  id: string;
  files: Files;
  /** Hand the files' twins to the store (it serves them). */
  twins: boolean;
  /** The live release's files, as the publisher holds them (what `files` was made from). */
  live?: Files;
}

export interface ReleaseResult {
  id: string;
  /** The release's files, their sources now in the release (for the next publish to reuse). */
  files: Files;
  /** Files the store wrote or uploaded, and those it reused by hash. */
  written: number;
  reusedByStore: number;
  /** Files handed to the store (twins included). */
  total: number;
  stageMs: number;
  /** Where the stage's time went, when the store says (`StageResult.steps`). */
  steps?: StageResult['steps'];
  switchMs: number;
  /** Date.now() at the switch: the moment the release went live. */
  liveAt: number;
  /**
   * The paths whose files are not the live release's before (their bytes may have changed) and
   * those that went; undefined when `live` was not a release this stage made (all may differ).
   */
  changed?: ChangedPaths;
}

/** Where a release differs from the one before: the paths whose files changed, and those that went. */
export interface ChangedPaths {
  paths: readonly string[];
  gone: readonly string[];
}

export async function release(input: ReleaseInput): Promise<ReleaseResult> {
  const { store, id } = input;
  // Listed only if the store asks (dir onto a spare with the hint does not): an object per file and twin.
  const handed = () => releaseFiles(input.files, input.twins);
  const diff = diffFromLive(input.live, input.files, input.twins);
  let t = performance.now();
  const staged = await store.stage(id, handed, diff?.hint);
  const stageMs = performance.now() - t;
  t = performance.now();
  await store.activate(id);
  const switchMs = performance.now() - t;
  store.refreshSpare?.(); // while the page map is saved and the CDN purged: the next edit stages on it
  const liveAt = Date.now();
  const files = movedIn(input.files, store.dirOf?.(id), diff?.paths);
  releasedAs.set(files, id);
  return {
    id,
    files,
    written: staged.written,
    reusedByStore: staged.reused,
    total: handedCount(input.files, input.twins),
    stageMs,
    steps: staged.steps,
    switchMs,
    liveAt,
    changed: diff && { paths: diff.paths, gone: diff.gone },
  };
}

/** The release each set of files `release` returned went out as. */
const releasedAs = new WeakMap<Files, string>();

/**
 * The files of a release with their sources in its folder `dir` (a store with folders): a file
 * whose bytes are already in a release folder keeps its state (and source), since kept releases
 * never change, and a later stage that finds the path gone (its release dropped) links the bytes
 * by hash. Only the files this publish wrote (work folder, a build's output) point to the new
 * release now. Sharing the unchanged states keeps one copy of them in memory, not one per kept
 * release. `changed`: the only paths whose states can be outside a release folder (those the
 * publish made, `diffFromLive`); every path without it (a base release, a build's output).
 */
function movedIn(next: Files, dir: string | undefined, changed: readonly string[] | undefined): Files {
  const files: Files = new Map(next);
  if (!dir) return files;
  const root = path.dirname(dir) + path.sep;
  const inRelease = (f: FileState) =>
    f.source.startsWith(root) && (f.twins ?? []).every((tw) => tw.source.startsWith(root));
  const move = (p: string, f: FileState) => {
    if (inRelease(f)) return;
    files.set(p, {
      ...f,
      source: path.join(dir, p),
      twins: f.twins?.map((tw) => ({ ...tw, source: path.join(dir, p + tw.suffix) })),
    });
  };
  if (changed)
    for (const p of changed) {
      const f = next.get(p);
      if (f) move(p, f);
    }
  else next.forEach((f, p) => move(p, f));
  return files;
}

/**
 * Where `next` differs from `live`, when `live` is a set of files `release` returned: the stage's
 * hint (the handed paths that changed; the store checks that its release is still the live one),
 * the paths of `next` whose states are not the live release's and the paths of `live` that went.
 * A file whose state is the same object is the same file (states are never changed once
 * released), so only the states an edit made are looked at by the store (dir: a few dozen of the
 * release's paths).
 */
function diffFromLive(
  live: Files | undefined,
  next: Files,
  twins: boolean,
): { hint: StageHint; paths: string[]; gone: string[] } | undefined {
  const over = live && releasedAs.get(live);
  if (!live || !over) return undefined;
  const changed = new Map<string, ReleaseFile | null>();
  const paths: string[] = [];
  const went: string[] = [];
  const gone = (p: string, f: FileState) => {
    for (const r of handedOf(p, f, twins)) if (!changed.has(r.path)) changed.set(r.path, null);
  };
  // forEach: no array per file of the site at each publish.
  next.forEach((f, p) => {
    const before = live.get(p);
    if (before === f) return;
    paths.push(p);
    for (const r of handedOf(p, f, twins)) changed.set(r.path, r);
    if (before) gone(p, before); // twins it had and has no more
  });
  live.forEach((f, p) => {
    if (next.has(p)) return;
    went.push(p);
    gone(p, f);
  });
  return { hint: { over, changed }, paths, gone: went };
}

/** The folder of the release `live` went live as, for a store with folders (dir). */
export function liveDirOf(store: Pick<ReleaseStore, 'dirOf'>, live: Files): string | undefined {
  const id = releasedAs.get(live);
  return id === undefined ? undefined : store.dirOf?.(id);
}

/** Drops releases beyond `keep` (never the live one); returns the ids dropped. */
export async function prune(store: ReleaseStore, keep: number): Promise<string[]> {
  const pruned = await store.prune(keep);
  store.prepareNext?.();
  return pruned;
}

/**
 * After a release that replaced much of the last (the twins of a base release, a full publish of
 * a new build, a menu's every page) the store's spare folders are far from it: fresh copies are
 * made now, as this publish's own work, so that the edits after it never wait for one. Every
 * release kept before it is as far: the prunes of the next `keep` edits free only folders too far
 * to be spares (or none, until `keep` releases exist), so `keep` + 1 copies (fewer left the 3rd
 * to 5th edit after it waiting for a copy: docs/performance.md).
 * Not while an edit waits (`queue.editsWaiting`): it goes first, and its stage waits for the next
 * copy only.
 * Not while files lack twins (`twinsOwed`, a menu's every page): the release of their twins is as
 * far from the copies, and makes them, for the files written by both.
 * Returns the spares asked for (0 when the store keeps none or none were needed) and the time waited.
 */
/** Files written by a store's releases since it last made spare copies, while twins were owed. */
const writtenSince = new WeakMap<Pick<ReleaseStore, 'prepareNext'>, number>();

export async function makeSpares(
  store: ReleaseStore,
  keep: number,
  { written, total }: { written: number; total: number },
  queue: { readonly editsWaiting: boolean },
  { twinsOwed }: { readonly twinsOwed: number },
): Promise<{ spares: number; durationMs: number }> {
  const t = performance.now();
  const since = (writtenSince.get(store) ?? 0) + written;
  writtenSince.set(store, twinsOwed > 0 ? since : 0);
  if (!store.prepareNext || since <= total / 10 || twinsOwed > 0) return { spares: 0, durationMs: 0 };
  const spares = keep + 1;
  store.prepareNext(spares);
  // Held while an edit waits (its hold stops the copies): looked at every 50 ms, not waited for.
  let made = false;
  const ready = store.sparesReady?.({ whenHeld: 'wait' }).then(() => (made = true));
  while (ready && !made && !queue.editsWaiting) await Promise.race([ready, sleep(50)]);
  return { spares, durationMs: performance.now() - t };
}

/** Bytes of the files under `dir`, each inode counted once (hard links between releases share bytes). */
export async function diskUsage(dir: string): Promise<number> {
  const seen = new Set<number>();
  let total = 0;
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile()) {
        const st = await lstat(full);
        if (!seen.has(st.ino)) {
          seen.add(st.ino);
          total += st.size;
        }
      }
    }
  };
  await walk(dir);
  return total;
}

type HoldOf = { readonly store: Pick<ReleaseStore, 'hold'>; readonly queue: { readonly editsWaiting: boolean } };

/**
 * The store's background work (spare copies, deletions: `ReleaseStore.hold`) stopped from an
 * edit's arrival until its release is live, or until it failed; kept while another edit waits.
 */
export class EditHold {
  #letGo: (() => void) | null = null;
  readonly #of: HoldOf;

  /** `of`: the publisher (its store and queue). */
  constructor(of: HoldOf) {
    this.#of = of;
  }

  take(): void {
    this.#letGo ??= this.#of.store.hold?.() ?? null;
  }

  letGo(): void {
    if (this.#of.queue.editsWaiting) return;
    this.#letGo?.();
    this.#letGo = null;
  }
}
