/**
 * What a stage is about to make: the next release's manifest and how it differs from the live
 * release's, from every file handed to the stage (`nextRelease`) or from the paths an edit
 * changed (`nextFromHint`).
 */
import path from 'node:path';
import type { ReleaseFile, StageHint } from '../types.ts';
import { Bucketed, bucketOf } from './bucketed.ts';
import type { Manifest } from './manifests.ts';

/** What a stage is about to make: the next manifest, and how it differs from the live release's. */
export interface NextRelease {
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

/** An absolute path or one with a `..` segment (split only when `..` occurs: a stage checks every new path). */
const badPath = (p: string) => p.startsWith('/') || (p.includes('..') && p.split('/').includes('..'));

/** Whether two lists of cache tags are the same. */
function sameTags(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if ((a?.length ?? 0) !== (b?.length ?? 0)) return false;
  if (!a?.length || a === b) return true;
  return a.every((t, i) => t === b![i]);
}

/** The next release from every file handed to the stage, each compared with the live release's. */
export function nextRelease(id: string, files: readonly ReleaseFile[], live: Manifest | null): NextRelease {
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
export function nextFromHint(id: string, live: Manifest, liveDir: string, hint: StageHint): NextRelease {
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
