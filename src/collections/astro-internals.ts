/**
 * Changes a class of Astro's content layer that its package does not export (reached by its
 * file under astro/dist/), once per process: the content store's meta sets
 * (./unchanged-meta.ts) and its file writer (./store-file-writer.ts).
 *
 * The file is loaded with Node's own `require` (Node 24 loads ES modules that way, into the
 * same module map as `import`): the class is the very one Astro's sync uses, however the config
 * was loaded. (Astro loads astro.config.mjs with Node's `import`, and only when that fails
 * through a Vite module runner it closes before the hooks run; a dynamic `import()` in a hook
 * then fails. tests/unit/site/config-load.test.ts keeps the config loadable by Node.)
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export function patchAstroClass<P extends object>(
  file: string,
  className: string,
  mark: string,
  patch: (prototype: P) => void,
): void {
  const astroDist = path.dirname(require.resolve('astro'));
  const module = require(path.join(astroDist, file)) as Record<string, { prototype: P }>;
  const prototype = module[className]!.prototype;
  const marks = prototype as Record<symbol, true | undefined>;
  const done = Symbol.for(mark);
  if (marks[done]) return;
  patch(prototype);
  marks[done] = true;
}
