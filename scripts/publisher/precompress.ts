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
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { isHashedAsset } from './release-store/headers.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** HTML, CSS, JavaScript, XML (feeds, sitemaps) and SVG: the text a site serves. */
const COMPRESSIBLE = /\.(html|css|js|mjs|xml|xsl|svg)$/;
/** Smaller files gain less than a request's headers weigh. */
const MIN_BYTES = 1024;
/**
 * Brotli quality 6 for pages, feeds and sitemaps, 11 for hashed assets; gzip level 9. Measured
 * on this site's files (2 shared cores): a 44 KB article page takes about 1 ms at quality 6
 * (8.1 KB), 20–26 ms at 9 (8.0 KB) and 70–80 ms at 11 (7.4 KB); a 28 KB stylesheet 0.5 ms at 6
 * and 63 ms at 11; the 210 KB client script 15 ms and 470 ms. Pages are made on every edit (a
 * few hundred when a page is in many related items) and 20,000 at a time on a full publish:
 * quality 11 there would cost minutes. Hashed assets are made once per build and served for a
 * year: they get the smallest bytes.
 */
const PAGE_QUALITY = 6;
const ASSET_QUALITY = 11;
const GZIP_LEVEL = 9;

export const TWIN_SUFFIXES = ['.br', '.gz'] as const;

export interface Twin {
  /** `.br` or `.gz` */
  suffix: (typeof TWIN_SUFFIXES)[number];
  hash: string;
  /** Where its bytes are on this machine. */
  source: string;
}

/** True for a site path whose twins are made. */
function compressible(sitePath: string, size: number): boolean {
  return size >= MIN_BYTES && COMPRESSIBLE.test(sitePath);
}

/** True for a twin's path (`x/index.html.br`) next to the file it was made from. */
export function isTwinPath(sitePath: string): boolean {
  return TWIN_SUFFIXES.some((s) => sitePath.endsWith(s)) && COMPRESSIBLE.test(sitePath.slice(0, -3));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Writes the Brotli and gzip twins of `bytes` (the file at site path `sitePath`) under `dir`,
 * at the same relative path plus `.br` / `.gz`. Returns them, or none when the file is not
 * worth compressing.
 */
export async function writeTwins(dir: string, sitePath: string, bytes: Buffer): Promise<Twin[]> {
  if (!compressible(sitePath, bytes.length)) return [];
  const [br, gzipped] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: isHashedAsset(sitePath) ? ASSET_QUALITY : PAGE_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gz(bytes, { level: GZIP_LEVEL }),
  ]);
  const base = path.join(dir, sitePath);
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
