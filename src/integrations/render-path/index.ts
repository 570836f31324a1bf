/**
 * Keeps the build's render path for the publisher (docs/publisher.md).
 *
 * A static `astro build` renders every page through a prerender bundle (`dist/.prerender/`)
 * and deletes it afterwards. When `RENDER_PATH_DIR` is set, this integration copies that
 * bundle there before pages are generated, with the few build facts its renderer needs
 * (each route's stylesheets, the page script, inline head scripts). The long-lived publisher
 * loads it once and renders single pages with it: the same code and the same hashed assets
 * as the build that made the release (the loader: ./bundle.ts).
 *
 * In every build it also keeps a sync that changed nothing from rewriting the content store
 * (src/collections/unchanged-meta.ts), writes the store in pieces (src/collections/store-file-writer.ts),
 * keeps the store out of the bundler (./data-store-file.ts), hashes each inline text for the pages'
 * Content Security Policy once (./csp-digests.ts), hands
 * the sync's and the bundler's memory back before rendering (./release-memory.ts).
 *
 * It also lets the publisher reach two things inside that bundle (never used by the site):
 * Astro's content-layer store, so re-read records replace the built ones in place, and the
 * collections of src/content.config.ts, so their loaders re-read an area from the API.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { cp, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroPrerenderer as Prerenderer } from 'astro';
import { writeFacts, type BundleApp } from './bundle.ts';
import { cspDigests } from './csp-digests.ts';
import { dataStoreFile } from './data-store-file.ts';
import { releaseMemory } from './release-memory.ts';
import { recordDetailAnswers, type AnswerRecorder } from './detail-answers.ts';
import { quietUnchangedMeta } from '../../collections/unchanged-meta.ts';
import { streamStoreWrites } from '../../collections/store-file-writer.ts';
import {
  captureBuildInternals,
  DATA_STORE_MODULE,
  DATA_STORE_SINGLETON,
  internalFallback,
  PRERENDER_ENTRY_PREFIX,
  prerenderDirOf,
} from '../../collections/astro-internals.ts';
import { COLLECTIONS, DATA_STORE } from '../../lib/bridge.ts';

const HOOK_ID = 'virtual:portal-render-path-hook';

/**
 * The prerender entry this build wrote. A build that failed leaves its bundle behind (Astro
 * removes the folder only after generating pages), so the folder may hold older entries too.
 */
async function newestEntry(dir: URL): Promise<string | undefined> {
  const names = (await readdir(dir)).filter((f) => f.startsWith(PRERENDER_ENTRY_PREFIX));
  const dated = await Promise.all(names.map(async (name) => ({ name, at: (await stat(new URL(name, dir))).mtimeMs })));
  return dated.sort((a, b) => b.at - a.at)[0]?.name;
}

/**
 * The bundle's hook module (imported by every page) and the store singleton's hand-over: they
 * fill the bridge's `COLLECTIONS` and `DATA_STORE` slots for the publisher.
 */
function publisherHooks(configFile: string) {
  return {
    name: 'portal-render-path',
    resolveId: (id: string) => (id === HOOK_ID ? `\0${HOOK_ID}` : undefined),
    load: (id: string) =>
      id === `\0${HOOK_ID}`
        ? `import { collections } from ${JSON.stringify(configFile)};\n${COLLECTIONS.code} = collections;\n`
        : undefined,
    transform(code: string, id: string) {
      if (!DATA_STORE_MODULE.test(id)) return undefined;
      if (!code.includes(`const ${DATA_STORE_SINGLETON} =`)) {
        internalFallback(
          'globalDataStore',
          'content/data-store.js has no such singleton: the publisher cannot reach the store',
        );
        return undefined;
      }
      return `${code}\n${DATA_STORE.code} = ${DATA_STORE_SINGLETON};\n`;
    },
  };
}

/** Astro's prerenderer, handing back the sync's and the bundler's memory before and after rendering. */
function releasingMemory(defaultPrerenderer: Prerenderer): Prerenderer {
  return {
    ...defaultPrerenderer,
    name: 'portal:release-memory',
    setup: async () => {
      releaseMemory();
      await defaultPrerenderer.setup?.();
    },
    teardown: async () => {
      await defaultPrerenderer.teardown?.();
      releaseMemory();
    },
  };
}

/**
 * Astro's prerenderer, keeping its bundle in `target` first: the entry is loaded before Astro's
 * setup loads it again (the same module), so the build internals it is handed can be recorded
 * next to the bundle (./bundle.ts); then the sync's API answers go with it.
 */
function keepingRenderPath(
  defaultPrerenderer: Prerenderer,
  keep: { target: string; prerenderDir: URL; answers: () => AnswerRecorder | null; warn: (m: string) => void },
): Prerenderer {
  const prepare = async () => {
    releaseMemory();
    const entryName = await newestEntry(keep.prerenderDir);
    if (!entryName) throw new Error(`render-path: no prerender entry in ${fileURLToPath(keep.prerenderDir)}`);
    const entry = await import(new URL(entryName, keep.prerenderDir).href);
    const app = entry.app as BundleApp;
    const internals = await captureBuildInternals(app, async () => defaultPrerenderer.setup?.());
    await writeFacts(fileURLToPath(keep.prerenderDir), entryName, app, internals);
    const dir = path.resolve(keep.target);
    await rm(dir, { recursive: true, force: true });
    await mkdir(path.dirname(dir), { recursive: true });
    await cp(fileURLToPath(keep.prerenderDir), dir, { recursive: true });
    // The sync is over: its answers, for the publisher's first edits (without them its
    // catch-up reads every area).
    await keep
      .answers()
      ?.write(dir)
      .catch((error: unknown) =>
        keep.warn(`the API answers for the publisher were not kept: ${(error as Error).message}`),
      );
  };
  return { ...releasingMemory(defaultPrerenderer), name: 'portal:render-path', setup: prepare };
}

export default function renderPath(): AstroIntegration {
  const target = process.env.RENDER_PATH_DIR;
  let outDir: URL | undefined;
  /** The API answers this build's sync read, kept with the render path (./detail-answers.ts). */
  let answers: AnswerRecorder | null = null;
  return {
    name: 'render-path',
    hooks: {
      'astro:config:setup': ({ config, updateConfig, injectScript }) => {
        quietUnchangedMeta();
        streamStoreWrites();
        updateConfig({ vite: { plugins: [dataStoreFile(() => config), cspDigests()] } });
        if (!target) return;
        const parent = path.dirname(path.resolve(target));
        mkdirSync(parent, { recursive: true });
        // What a build that failed before its render path was kept left behind.
        const left = `${path.basename(target)}.answers-`;
        for (const name of readdirSync(parent))
          if (name.startsWith(left)) rmSync(path.join(parent, name), { force: true });
        answers = recordDetailAnswers(`${path.resolve(target)}.answers-${process.pid}.jsonl`);
        const configFile = fileURLToPath(new URL('content.config.ts', config.srcDir));
        injectScript('page-ssr', `import ${JSON.stringify(HOOK_ID)};`);
        updateConfig({ vite: { plugins: [publisherHooks(configFile)] } });
      },
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
      },
      'astro:build:start': ({ setPrerenderer, logger }) => {
        if (!outDir) return;
        const prerenderDir = prerenderDirOf(outDir);
        setPrerenderer((defaultPrerenderer) => {
          if (!target) return releasingMemory(defaultPrerenderer);
          const taken = () => {
            const recorder = answers;
            answers = null;
            return recorder;
          };
          return keepingRenderPath(defaultPrerenderer, {
            target,
            prerenderDir,
            answers: taken,
            warn: (m) => logger.warn(m),
          });
        });
      },
    },
  };
}
