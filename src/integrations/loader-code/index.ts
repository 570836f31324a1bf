/**
 * Names the version of the code that turns API answers into stored records, so a conditional
 * sync never keeps records an older loader made (src/collections/api-collection.ts).
 *
 * The loaders revalidate an area with the ETags of their last sync; when every GET answers 304
 * the stored records are kept as they are. That is right while the code is the same, and wrong
 * after a change to a schema, a mapping or a loader: the API's answers did not change, but the
 * records made from them would. This integration hashes the TypeScript under src/ (tests and
 * islands' .tsx aside) when the build starts and hands the hash to the loaders in
 * `PORTAL_LOADER_CODE`; a sync made by other code reads every area in full once.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The environment variable the loaders read (src/collections/api-collection.ts). */
const LOADER_CODE_ENV = 'PORTAL_LOADER_CODE';

/** A hash of every `.ts` file under `dir` but tests, in path order. */
export function loaderCodeVersion(dir: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .sort();
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(dir, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

export default function loaderCode(): AstroIntegration {
  return {
    name: 'loader-code',
    hooks: {
      'astro:config:setup': ({ config }) => {
        process.env[LOADER_CODE_ENV] = loaderCodeVersion(fileURLToPath(config.srcDir));
      },
    },
  };
}
