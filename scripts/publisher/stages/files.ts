/**
 * The files of a release as the publisher knows them (types.ts `Files`): read from a folder (a
 * build's output, the live release), from a store's manifest (s3), and handed to a store.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pMap from 'p-map';
import { compressible, isTwinPath, TWIN_SUFFIXES } from '../precompress.ts';
import type { ReleasedFile, ReleaseFile, ReleaseStore } from '../release-store/types.ts';
import type { RenderPath } from '../render-path.ts';
import { tagsOf } from '../tags.ts';
import type { FileState, Files, PageState, PublishStats } from './types.ts';

/** Files read (and hashed) at once. */
const IN_FLIGHT = 8;

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function* walk(dir: string, base = dir): AsyncGenerator<string> {
  for (const d of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) yield* walk(full, base);
    else if (d.isFile()) yield path.relative(base, full).split(path.sep).join('/');
  }
}

/**
 * The files of a folder (a build's output, a live release), with their `.br`/`.gz` twins when
 * `twins` is on and the folder has them (`npm run build` makes them; where it did not, the next
 * publish does).
 * `pages` says which files are pages, with the cacheKey and tags they were rendered with.
 */
export async function filesOfFolder(
  dir: string,
  pages: ReadonlyMap<string, PageState>,
  twins: boolean,
): Promise<Files> {
  const all: string[] = [];
  for await (const rel of walk(dir)) if (!rel.startsWith('.release')) all.push(rel); // the store's own
  const present = new Set(all);
  const files = new Map<string, FileState>();
  const hashOf = async (file: string) => sha256(await readFile(file));
  await pMap(
    // Twins are the file's (FileState.twins), never files of their own; a store that serves none (s3) drops them.
    all.filter((rel) => !(isTwinPath(rel) && present.has(rel.slice(0, -3)))),
    async (rel) => {
      const source = path.join(dir, rel);
      const page = pages.get(rel);
      const made =
        twins && TWIN_SUFFIXES.every((suffix) => present.has(rel + suffix))
          ? await Promise.all(
              TWIN_SUFFIXES.map(async (suffix) => ({
                suffix,
                hash: await hashOf(source + suffix),
                source: source + suffix,
              })),
            )
          : undefined;
      const bytes = await readFile(source);
      // A file no twins are made for (an image, a page under 1 KB) says so: otherwise the first
      // publish after a base release reads and looks at each of them again.
      const none = twins && !made && !compressible(rel, bytes.length);
      files.set(rel, {
        hash: sha256(bytes),
        source,
        cacheKey: page?.cacheKey,
        tags: page?.tags,
        page: !!page,
        ...(made ? { twins: made } : none ? { twins: [] } : {}),
      });
    },
    { concurrency: IN_FLIGHT },
  );
  // In the folder's order (the walk's): stage and manifests list files in it.
  return new Map(all.flatMap((rel) => (files.has(rel) ? [[rel, files.get(rel)!] as const] : [])));
}

/** The files of a release kept by a store only (s3): its manifest's hashes and tags, no bytes here. */
function filesOfManifest(manifest: ReadonlyMap<string, ReleasedFile>, pages: ReadonlyMap<string, PageState>): Files {
  return new Map(
    [...manifest].map(([p, f]) => {
      const page = pages.get(p);
      return [p, { hash: f.hash, source: '', cacheKey: page?.cacheKey, tags: page?.tags ?? f.tags, page: !!page }];
    }),
  );
}

/**
 * What a store is handed for each file state (with and without twins): a file that did not
 * change is handed as the same objects, its path the same string, release after release (made
 * anew, every stage's maps would hash every path again).
 */
const handed = [new WeakMap<FileState, ReleaseFile[]>(), new WeakMap<FileState, ReleaseFile[]>()] as const;

/** What a store is handed of the file `f` at path `p`: the file, and its twins when the store serves them. */
export function handedOf(p: string, f: FileState, twins: boolean): readonly ReleaseFile[] {
  const cache = handed[twins ? 1 : 0];
  let mine = cache.get(f);
  // A state is the file's at one path; its tags and twins are set once, before it is handed.
  if (!mine || mine[0]!.path !== p || mine[0]!.tags !== (f.tags?.length ? f.tags : undefined)) {
    mine = [
      f.tags?.length
        ? { path: p, source: f.source, hash: f.hash, tags: f.tags }
        : { path: p, source: f.source, hash: f.hash },
    ];
    if (twins) for (const t of f.twins ?? []) mine.push({ path: p + t.suffix, source: t.source, hash: t.hash });
    cache.set(f, mine);
  }
  return mine;
}

/** What a store is handed: every file, and its twins when the store serves them. */
export function releaseFiles(files: Files, twins: boolean): ReleaseFile[] {
  const out: ReleaseFile[] = [];
  for (const [p, f] of files) for (const r of handedOf(p, f, twins)) out.push(r);
  return out;
}

/** How many files `releaseFiles` would list, without listing them. */
export function handedCount(files: Files, twins: boolean): number {
  let n = files.size;
  if (twins) for (const f of files.values()) n += f.twins?.length ?? 0;
  return n;
}

/** The files of kept release `id`: its folder's (dir) or its manifest's (s3). */
export async function filesOfRelease(
  store: ReleaseStore,
  id: string,
  pages: ReadonlyMap<string, PageState>,
  twins: boolean,
): Promise<Files> {
  const dir = store.dirOf?.(id);
  if (dir) return filesOfFolder(dir, pages, twins);
  const manifest = await store.files(id);
  if (!manifest) throw new Error(`the release ${id} has no manifest`);
  return filesOfManifest(manifest, pages);
}

/** Every page with its cacheKey and tags as getStaticPaths gives them now. */
export async function pagesNow(rp: Pick<RenderPath, 'paths'>): Promise<Map<string, PageState>> {
  return new Map((await rp.paths()).map((p) => [p.file, { cacheKey: p.cacheKey, tags: tagsOf(p.records) }]));
}

/** A base release's files: a finished `astro build` folder and every page's cacheKey now (timed as its render). */
export async function baseReleaseFiles(
  distDir: string,
  rp: Pick<RenderPath, 'paths'>,
  twins: boolean,
  stats: PublishStats,
) {
  const t = performance.now();
  const files = await filesOfFolder(distDir, await pagesNow(rp), twins);
  stats.stages.render = performance.now() - t;
  stats.reused = [...files.values()].filter((f) => f.page).length;
  return files;
}
