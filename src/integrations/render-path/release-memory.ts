/**
 * Hands the memory of the build's first half back to the system before pages are rendered.
 *
 * The content sync and the bundler leave V8 with a heap grown to their peak: garbage, and pages
 * V8 keeps pooled for reuse. V8 would keep all of it resident through rendering, which never
 * needs it. A last-resort collection (V8's "collect all available garbage", which also releases
 * the pool) frees it, once per build. Rendering leaves the same behind, and the hooks that run
 * after it (the sitemap of every page) grew on top of it to the build's peak: one more
 * collection once the pages are written (the prerenderer's teardown) brings it down again
 * (docs/performance.md).
 *
 * The `gc` function is the one `--expose-gc` gives; when the process was started without that
 * flag, the flag is set now and the function taken from a new context (as jest-leak-detector
 * does), so this works however `astro build` was launched.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

function gcFunction(): NodeJS.GCFunction {
  if (globalThis.gc) return globalThis.gc;
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as NodeJS.GCFunction;
  setFlagsFromString('--no-expose-gc');
  return gc;
}

export function releaseMemory(): void {
  gcFunction()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
