/**
 * Finds built pages that reference a bundled asset (/_astro/…) the build did not write.
 *
 * Why: Astro's experimental incremental build restores a page whose own inputs did not change,
 * but a bundling change elsewhere (the chunking rules in astro.config.mjs, a shared chunk
 * renamed) gives its island or script a new file name, and the restored HTML would still name
 * the old one: a 404 for the visitor and a dead island. build-site.ts runs this after every
 * build and rebuilds without the cache when it finds any.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ASSET_RE = /\/_astro\/[\w.-]+\.(?:js|css|mjs)\b/g;

/** `outDir`: the build output. One entry per missing asset (the first page naming it). */
export function findMissingAssets(outDir: string): { page: string; asset: string }[] {
  if (!existsSync(outDir)) return [];
  const missing = new Map<string, string>();
  for (const entry of readdirSync(outDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    for (const [asset] of readFileSync(file, 'utf8').matchAll(ASSET_RE)) {
      if (missing.has(asset) || existsSync(path.join(outDir, asset))) continue;
      missing.set(asset, path.relative(outDir, file));
    }
  }
  return [...missing].map(([asset, page]) => ({ page, asset }));
}
