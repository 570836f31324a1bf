/**
 * Keeps the content store out of the bundler (the build's memory and bundling time).
 *
 * Astro's own plugin loads the store module `astro:data-layer-content` by reading the store's
 * JSON (twice its size in memory, the Thai text making it a two-byte
 * string), parsing it once to check it, and returning `export default JSON.parse("…")` with the
 * whole JSON escaped into a string literal, which the bundler then copies, parses and writes
 * like any code: many copies of one large file while bundling, the build's highest memory
 * (docs/performance.md). This plugin points Astro's two imports of that module (in its
 * content runtime) at a module of its own: a read of the same JSON from a file next to the
 * bundle (the bytes Astro's sync wrote, emitted as an asset). The store's text never becomes
 * a JavaScript string while bundling, and the bundle's store is the same data. (Astro's
 * plugin loads its module before any integration's can, so the import is redirected instead.)
 * Only Astro's default single-file store is handled; with `experimental.collectionStorage`
 * set to chunks, everything is left to Astro.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { sealSyncedStore } from '../../collections/synced-store.ts';
import { SYNCED_STORE } from '../../lib/bridge.ts';
import {
  CONTENT_DATA_META,
  internalFallback,
  STORE_IMPORTERS as IMPORTERS,
  STORE_VIRTUAL_MODULE as ASTRO_MODULE,
} from '../../collections/astro-internals.ts';

const MODULE_ID = 'virtual:portal-data-store';
export const STORE_FILE = 'data-store.json';

/**
 * The module's code after this plugin (the chunk lands in `chunks/` or next to the entry): the
 * entries the sync left in memory when this process's sync was sealed (src/collections/
 * synced-store.ts), in the order Astro writes them to the file (collections and ids sorted by
 * localeCompare: serializeDataStore), or else the file.
 */
const READ_STORE = `import { existsSync, readFileSync } from 'node:fs';
const synced = ${SYNCED_STORE.code};
const byKey = ([a], [b]) => a.localeCompare(b);
function read() {
  const file = ['./${STORE_FILE}', '../${STORE_FILE}'].map((p) => new URL(p, import.meta.url)).find((u) => existsSync(u));
  if (!file) throw new Error('The content store ${STORE_FILE} is missing next to the prerender bundle');
  return JSON.parse(readFileSync(file, 'utf8'));
}
export default synced?.sealed && synced.collections.size > 0
  ? new Map([...synced.collections].sort(byKey).map(([name, store]) => [name, new Map(store.entries().sort(byKey))]))
  : read();
`;

interface StoreConfig {
  cacheDir: URL;
  experimental: { collectionStorage?: unknown };
}

export function dataStoreFile(config: () => StoreConfig | undefined): Plugin {
  /** The store file when this build's store is Astro's single file and it exists. */
  const storeFile = (): string | undefined => {
    const settings = config();
    const storage = settings?.experimental.collectionStorage;
    if (!settings || (storage !== undefined && storage !== 'single-file')) return undefined;
    const file = fileURLToPath(new URL(STORE_FILE, settings.cacheDir));
    return existsSync(file) ? file : undefined;
  };
  return {
    name: 'portal-data-store-file',
    apply: 'build',
    transform(code, id) {
      if (!IMPORTERS.test(id) || !storeFile()) return undefined;
      const imports = `import("${ASTRO_MODULE}")`;
      if (!code.includes(imports)) {
        // A later Astro that imports its store otherwise: the bundler takes the store as code.
        internalFallback('data-store importers', `${path.basename(id)} has no ${imports}`);
        return undefined;
      }
      return { code: code.replaceAll(imports, `import("${MODULE_ID}")`), map: null };
    },
    resolveId: (id) => (id === MODULE_ID ? `\0${MODULE_ID}` : undefined),
    load(id) {
      if (id !== `\0${MODULE_ID}`) return undefined;
      const file = storeFile();
      if (!file) throw new Error(`portal-data-store-file: the content store ${STORE_FILE} is gone`);
      // Bundling starts after the sync: what the loaders recorded is all this build will load.
      sealSyncedStore();
      // A Buffer, never a string: the bytes go to the bundler's output as they are.
      this.emitFile({ type: 'asset', fileName: STORE_FILE, source: readFileSync(file) });
      return { code: READ_STORE, map: { mappings: '' }, meta: CONTENT_DATA_META };
    },
  };
}
