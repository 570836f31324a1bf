/**
 * Precompressed twins of a release's text files: `page/index.html.br` (Brotli) and
 * `page/index.html.gz` (gzip) next to `page/index.html`. The site server (sirv, `brotli` and
 * `gzip` on) answers a request that accepts them with the twin's bytes and `Content-Encoding`,
 * so nothing is compressed per request.
 *
 * Twins belong to the bytes they were made from: the publisher makes them when it writes a
 * file anew (an edit: only the changed pages), keeps them with a file whose bytes did not change
 * (hard-linked like the file), and drops them with the file. Compression runs on libuv's thread
 * pool (zlib's asynchronous calls), so several files compress at once on a machine with cores to
 * spare.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import pMap from 'p-map';
import { deleteAside, deleteLeftAside } from './niced.ts';
import { isHashedAsset } from './release-store/headers.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** HTML, CSS, JavaScript, XML (feeds, sitemaps) and SVG: the text a site serves. */
const COMPRESSIBLE = /\.(html|css|js|mjs|xml|xsl|svg)$/;
/** Smaller files gain less than a request's headers weigh. */
const MIN_BYTES = 1024;
/**
 * Brotli quality 5 and gzip level 6 for pages, feeds and sitemaps; Brotli 11 and gzip 9 for
 * hashed assets. Pages are made on every edit and all at once on a full publish: the qualities
 * where more CPU stops buying bytes (11 costs about a hundred times as much for a few per cent).
 * Hashed assets are made once per build and served for a year: they get the smallest bytes.
 * Measured on this site's pages: docs/performance.md.
 */
const PAGE_QUALITY = 5;
const ASSET_QUALITY = 11;
const PAGE_GZIP_LEVEL = 6;
const ASSET_GZIP_LEVEL = 9;

/** zlib's output chunk, at least (a page's twin fits one). */
const CHUNK_MIN = 64 * 1024;

/**
 * Brotli's window (log2 bytes) for a file of `size`: as large as the file, no larger than the
 * default (22). The default's 4 MB ring buffer would be set up for each page; a window the size
 * of the file costs a third less CPU a page for twins no larger (measured: docs/performance.md).
 */
const windowFor = (size: number) =>
  Math.min(constants.BROTLI_DEFAULT_WINDOW, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 1))));

export const TWIN_SUFFIXES = ['.br', '.gz'] as const;

export interface Twin {
  /** `.br` or `.gz` */
  suffix: (typeof TWIN_SUFFIXES)[number];
  hash: string;
  /** Where its bytes are on this machine. */
  source: string;
}

/** True for a site path whose twins are made. */
export function compressible(sitePath: string, size: number): boolean {
  return size >= MIN_BYTES && COMPRESSIBLE.test(sitePath);
}

/** True for a twin's path (`x/index.html.br`) next to the file it was made from. */
export function isTwinPath(sitePath: string): boolean {
  return TWIN_SUFFIXES.some((s) => sitePath.endsWith(s)) && COMPRESSIBLE.test(sitePath.slice(0, -3));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Writes the Brotli and gzip twins of `bytes` (the file at site path `sitePath`) under `dir`,
 * at the same relative path (or `at`) plus `.br` / `.gz`. Returns them, or none when the file is not
 * worth compressing.
 */
export async function writeTwins(dir: string, sitePath: string, bytes: Buffer, at = sitePath): Promise<Twin[]> {
  if (!compressible(sitePath, bytes.length)) return [];
  // One chunk for the whole file: with zlib's 16 KB default a page goes to the thread pool and
  // back several times, and costs more CPU (measured: docs/performance.md).
  const chunkSize = Math.max(CHUNK_MIN, bytes.length);
  const [br, gzipped] = await Promise.all([
    brotli(bytes, {
      chunkSize,
      params: {
        [constants.BROTLI_PARAM_QUALITY]: isHashedAsset(sitePath) ? ASSET_QUALITY : PAGE_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_LGWIN]: windowFor(bytes.length),
      },
    }),
    gz(bytes, { chunkSize, level: isHashedAsset(sitePath) ? ASSET_GZIP_LEVEL : PAGE_GZIP_LEVEL }),
  ]);
  const base = path.join(dir, at);
  await mkdir(path.dirname(base), { recursive: true });
  const twins: Twin[] = [];
  for (const [suffix, data] of [
    ['.br', br],
    ['.gz', gzipped],
  ] as const) {
    await writeFile(base + suffix, data);
    twins.push({ suffix, hash: sha256(data), source: base + suffix });
  }
  return twins;
}

/**
 * Twins made ahead of the release that takes them in (the twins of a menu's every page, made by
 * the rests after it: ./stages/render.ts `twinsOwed`), by the hash of the bytes they were made
 * from, in a folder of their own: a rest that an edit stops keeps what it made, and the next
 * makes only the others. Cleared once no file lacks twins (the release linked them in).
 */
export class TwinStash {
  readonly #made = new Map<string, Twin[]>();
  readonly dir: string;

  /** `dir`: what a process before left there (its map went with it) is deleted, in the background. */
  constructor(dir: string) {
    this.dir = dir;
    void deleteLeftAside(dir);
    void deleteAside(dir);
  }

  get size(): number {
    return this.#made.size;
  }

  /** The twins of the file at `sitePath` whose bytes (`read`) hash to `hash`: made once, then kept. */
  async twinsOf(sitePath: string, hash: string, read: () => Buffer): Promise<Twin[]> {
    const made = this.#made.get(hash);
    if (made) return made;
    // Side by side in one folder: a folder each would cost a mkdir per page.
    const twins = await writeTwins(this.dir, sitePath, read(), `${hash}-${path.basename(sitePath)}`);
    this.#made.set(hash, twins);
    return twins;
  }

  /**
   * Forgets them all; their folder is put aside at once and deleted in the background (a menu's
   * twins are two files a page, too many for the path of the publish after their release).
   * Resolves when it is gone.
   */
  clear(): Promise<void> {
    this.#made.clear();
    return deleteAside(this.dir);
  }
}

/**
 * Writes the twins of every file of a build's output folder that lacks them, in place. The
 * builds the publisher takes as a base release (`npm start`, `npm run build`, `npm run deploy`:
 * build-site.ts) run it, so that the base release has its twins and the catch-up after it has
 * none to make (the first edit would wait behind them). Returns how many files got twins and
 * the time taken.
 */
export async function precompressFolder(dir: string): Promise<{ files: number; ms: number }> {
  const t = performance.now();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const present = new Set(entries.map((d) => path.join(d.parentPath, d.name)));
  const todo = entries
    .filter((d) => d.isFile() && COMPRESSIBLE.test(d.name))
    .map((d) => path.join(d.parentPath, d.name))
    .filter((file) => !TWIN_SUFFIXES.every((suffix) => present.has(file + suffix)));
  let files = 0;
  // zlib's asynchronous calls run on libuv's thread pool: several files at once use every core.
  await pMap(
    todo,
    async (file) => {
      const rel = path.relative(dir, file).split(path.sep).join('/');
      const twins = await writeTwins(dir, rel, await readFile(file));
      if (twins.length > 0) files++;
    },
    { concurrency: 8 },
  );
  return { files, ms: performance.now() - t };
}
