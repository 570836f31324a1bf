/**
 * The two boundaries eslint.config.js keeps: Astro's internals are named in the seam
 * (src/collections/astro-internals.ts) only, and a global slot's `portal.` key is spelled in the
 * bridge (src/lib/bridge.ts) only. Files planted inside the project tree, where `npm run lint`
 * reads, are reported; the seam and the bridge themselves are not.
 */
/* eslint-disable no-restricted-syntax -- the planted texts name what the two rules refuse */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });
const planted: string[] = [];

/** The boundary messages ESLint gives `text` as the file `relative`, written there first. */
async function boundaryMessages(relative: string, text: string): Promise<string[]> {
  const file = path.join(ROOT, relative);
  planted.push(file);
  writeFileSync(file, text);
  expect(await eslint.isPathIgnored(file)).toBe(false);
  const [result] = await eslint.lintText(text, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

/** The boundary messages of a file of the project as it is. */
async function messagesOf(relative: string): Promise<string[]> {
  const file = path.join(ROOT, relative);
  const [result] = await eslint.lintText(readFileSync(file, 'utf8'), { filePath: file });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

// ESLint loads its configuration and plugins once, on the first file (seconds on a busy machine).
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: path.join(ROOT, 'src/lib/bridge.ts') });
}, 120_000);

afterEach(() => {
  for (const file of planted.splice(0)) rmSync(file, { force: true });
});

const SEAM = /astro-internals\.ts only/;
const BRIDGE = /src\/lib\/bridge\.ts only/;
const tag = `lint-planted-${process.pid}`;

describe('the seam with Astro (eslint.config.js)', () => {
  it('reports an import of astro/dist outside the seam, even beside it', async () => {
    const text = "import { App } from 'astro/dist/core/app/index.js';\nexport const app = App;\n";
    expect(await boundaryMessages(`src/collections/${tag}.ts`, text)).toEqual([expect.stringMatching(SEAM)]);
    expect(await boundaryMessages(`scripts/publisher/${tag}.ts`, text)).toEqual([expect.stringMatching(SEAM)]);
  });

  it('reports astro/runtime and a path into node_modules/astro, in a test and in a template', async () => {
    const text =
      "const { StaticPaths } = await import('astro/runtime/prerender/static-paths.js');\n" +
      'const root = process.cwd();\n' +
      'export const bin = `${root}/node_modules/astro/bin/astro.mjs`;\n' +
      'export { StaticPaths };\n';
    expect(await boundaryMessages(`tests/unit/site/${tag}.test.ts`, text)).toEqual([
      expect.stringMatching(SEAM),
      expect.stringMatching(SEAM),
    ]);
  });

  it('leaves the seam and its contract test alone, and public entry points everywhere', async () => {
    expect(await messagesOf('src/collections/astro-internals.ts')).toEqual([]);
    expect(await messagesOf('src/collections/astro-internals.test.ts')).toEqual([]);
    const text = "import type { LoaderContext } from 'astro/loaders';\nexport type C = LoaderContext;\n";
    expect(await boundaryMessages(`src/lib/${tag}.ts`, text)).toEqual([]);
  });
});

describe('the bridge between the site and the publisher (eslint.config.js)', () => {
  it('reports a portal. key spelled outside the bridge, as a Symbol.for or in generated code', async () => {
    const text =
      "export const clock = (globalThis as Record<symbol, unknown>)[Symbol.for('portal.clock')];\n" +
      "export const code = `globalThis[Symbol.for('portal.render-path.collections')] = collections;`;\n";
    expect(await boundaryMessages(`tests/unit/site/${tag}.test.ts`, text)).toEqual([
      expect.stringMatching(BRIDGE),
      expect.stringMatching(BRIDGE),
    ]);
  });

  it('leaves the bridge alone', async () => {
    expect(await messagesOf('src/lib/bridge.ts')).toEqual([]);
  });
});
