/**
 * A dir release's manifest: what it holds (each file's hash and cache tags) and that it is whole.
 * `.release.json` is written last and names the parts, `.release-parts/NN.json`, one per bucket
 * (./bucketed.ts); `.release-info.json` holds its id and time. Reading (either format, and the
 * site server's cache of parts' tags), and `ReleaseManifests`, the store's parsed manifests and
 * the writing of a staged release's manifest.
 */
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReleaseInfo } from '../types.ts';
import { Bucketed, BUCKETS } from './bucketed.ts';
import { linkBatched } from '../batched.ts';
import { settledMap, type StageIo } from './placing.ts';

/**
 * A staged release's manifest, written last: its id and time, and how many parts (`PARTS`) hold
 * the hash and cache tags of each file. A folder with it is a whole release. (A release of old
 * keeps its files and tags in this file itself; they are read as well.)
 */
export const MANIFEST = '.release.json';
/**
 * `{id, publishedAt}` of a release: what `live()` and `list()` read, and the one file `activate`
 * writes.
 */
export const INFO = '.release-info.json';
/**
 * The manifest's parts, `NN.json` each: path → sha256 and path → cache tags of the paths in one
 * bucket (`bucketOf`). A stage writes the parts whose paths changed and links the others from
 * the live release, and the site server parses only the parts it has not seen (by inode).
 */
const PARTS = '.release-parts';

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

/**
 * Removes the manifest and info of a folder that is not (or no longer) the release it was
 * copied from: they are links to that release's own.
 */
export async function stripManifest(dir: string): Promise<void> {
  await rm(path.join(dir, MANIFEST), { force: true });
  await rm(path.join(dir, INFO), { force: true });
}

/** A manifest to write: the next release's, and the buckets whose part may differ from the live release's. */
export interface ManifestToWrite {
  manifest: Manifest;
  dirty: ReadonlySet<number>;
}

/** The store's manifests: read once per file (by its identity), and written for a staged release. */
export class ReleaseManifests {
  readonly #dirOf: (id: string) => string;
  readonly #io: StageIo;
  /** Parsed manifests by release id, with the identity of the file they were read from. */
  readonly #parsed = new Map<string, { stamp: string; manifest: Manifest }>();

  constructor(dirOf: (id: string) => string, io: StageIo) {
    this.#dirOf = dirOf;
    this.#io = io;
  }

  /** Release `id`'s manifest, or null when it has none (not staged, or staged only in part). */
  async get(id: string): Promise<Manifest | null> {
    const file = path.join(this.#dirOf(id), MANIFEST);
    try {
      const s = await stat(file);
      const stamp = stampOf(s);
      const cached = this.#parsed.get(id);
      if (cached?.stamp === stamp) return cached.manifest;
      const manifest = await readReleaseManifest(this.#dirOf(id));
      this.#parsed.set(id, { stamp, manifest });
      return manifest;
    } catch {
      this.#parsed.delete(id);
      return null;
    }
  }

  /** Lets go of the parsed manifest of a release dropped or never made. */
  forget(id: string): void {
    this.#parsed.delete(id);
  }

  /** A release's id and time (its info file, or the manifest of a release made before it existed). */
  async info(id: string): Promise<ReleaseInfo | null> {
    try {
      return JSON.parse(await readFile(path.join(this.#dirOf(id), INFO), 'utf8')) as ReleaseInfo;
    } catch {
      const m = await this.get(id);
      return m ? { id: m.id, publishedAt: m.publishedAt } : null;
    }
  }

  /**
   * Writes the manifest and info of a staged release, never through a link shared with another:
   * the parts whose paths changed (`dirty`) anew, the others linked from the live release's
   * folder (all written when it has no parts), then `.release.json`, last.
   */
  async write(dir: string, next: ManifestToWrite, live: Manifest | null): Promise<void> {
    const { manifest } = next;
    await stripManifest(dir);
    await mkdir(path.join(dir, PARTS), { recursive: true });
    const from = live?.parts ? this.#dirOf(live.id) : null;
    const buckets = [...manifest.files.buckets.keys()];
    // The parts an edit leaves alone, linked in one synchronous batch (../batched.ts): through the
    // thread pool they queued behind the twins compressing there, on the editor's wait.
    const kept = from ? buckets.filter((b) => !next.dirty.has(b)) : [];
    const links = kept.map((b) => ({ b, from: partFile(from!, b), to: partFile(dir, b) }));
    const unlinked = new Set((await linkBatched(links, this.#io.linkSync)).map((l) => l.b)); // the live part went: written
    const written = buckets.filter((b) => !from || next.dirty.has(b) || unlinked.has(b));
    await settledMap(written, (b) => this.#writePart(dir, b, next), 8);
    // Through a temporary name: a manifest is whole or absent (a kill mid-write leaves none).
    const head: ManifestFile = { id: manifest.id, publishedAt: manifest.publishedAt, parts: BUCKETS };
    await this.#io.writeFile(path.join(dir, `${MANIFEST}.tmp`), JSON.stringify(head));
    await rename(path.join(dir, `${MANIFEST}.tmp`), path.join(dir, MANIFEST));
    // Kept parsed: the next stage reads it as the live release's (no parse of every path).
    const s = await stat(path.join(dir, MANIFEST));
    this.#parsed.set(manifest.id, { stamp: stampOf(s), manifest });
    await writeFile(path.join(dir, INFO), JSON.stringify({ id: manifest.id, publishedAt: manifest.publishedAt }));
  }

  /** Part `b` written anew (never through a link shared with another release). */
  async #writePart(dir: string, b: number, next: ManifestToWrite): Promise<void> {
    const to = partFile(dir, b);
    await rm(to, { force: true });
    await this.#io.writeFile(to, JSON.stringify(partOf(next.manifest, b)));
  }
}
