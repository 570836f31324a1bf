/**
 * Keeps the content store out of the bundler (issue 12, memory).
 *
 * Astro puts the whole content-layer store into the server bundle as one module,
 * `export default JSON.parse("…")`, the store's JSON as a string literal (30 MB at 20,000
 * pages): the bundler parses, transforms and writes that string like any code. This plugin
 * replaces the module's code with a read of the same JSON from a file next to the bundle
 * (emitted as an asset, the bytes Astro's sync wrote), so the bundle's store is the same data
 * and the bundler never sees it. Only the single-file store (Astro's default) is handled; any
 * other shape of the module is left alone.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const MODULE_ID = '\0astro:data-layer-content';
export const STORE_FILE = 'data-store.json';

/** The module's code after this plugin: the chunk lands in `chunks/` or next to the entry. */
const READ_STORE = `import { existsSync, readFileSync } from 'node:fs';
const file = ['./${STORE_FILE}', '../${STORE_FILE}'].map((p) => new URL(p, import.meta.url)).find((u) => existsSync(u));
if (!file) throw new Error('The content store ${STORE_FILE} is missing next to the prerender bundle');
export default JSON.parse(readFileSync(file, 'utf8'));
`;

export function dataStoreFile(cacheDir: () => URL | undefined): Plugin {
  return {
    name: 'portal-data-store-file',
    apply: 'build',
    transform(code, id) {
      if (id !== MODULE_ID || !code.startsWith('export default JSON.parse(')) return undefined;
      const dir = cacheDir();
      if (!dir) return undefined;
      const source = readFileSync(fileURLToPath(new URL(STORE_FILE, dir)));
      this.emitFile({ type: 'asset', fileName: STORE_FILE, source });
      return { code: READ_STORE, map: { mappings: '' } };
    },
  };
}
