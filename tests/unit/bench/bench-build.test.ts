/**
 * The JavaScript measure of `npm run bench:build` (scripts/bench-build.mjs): a page's
 * shipped JS is every script, modulepreload and island file, followed through imports,
 * each gzipped once, plus inline scripts; JSON script blocks are not code.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pageJavaScript, parseArgs, JS_BUDGET_BYTES } from '../../../scripts/bench-build.mjs';

const gz = (s: string) => gzipSync(s, { level: 9 }).length;

function site(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-test-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

describe('pageJavaScript', () => {
  const shared = 'export const shared = "' + 'x'.repeat(500) + '";';
  const entry = 'import { shared } from "./shared.js"; import("./lazy.js"); console.log(shared);';
  const lazy = 'export default function lazy() { return 42; }';
  const island = 'import "./shared.js"; export default function Island() {}';
  const renderer = 'export default () => {};';
  const inline = 'document.documentElement.dataset.ready = "1";';
  const files = {
    '_astro/entry.js': entry,
    '_astro/shared.js': shared,
    '_astro/lazy.js': lazy,
    '_astro/island.js': island,
    '_astro/renderer.js': renderer,
    'index.html': `<html><head><script type="module" src="/_astro/entry.js"></script>
      <link rel="modulepreload" href="/_astro/shared.js"><script>${inline}</script>
      <script type="application/ld+json">{"@context":"https://schema.org"}</script></head>
      <body><astro-island component-url="/_astro/island.js" renderer-url="/_astro/renderer.js"></astro-island></body></html>`,
  };

  it('follows static and dynamic imports and counts each file once, islands split out', () => {
    const result = pageJavaScript(site(files), '/');
    expect(result.files).toBe(5);
    expect(result.inline).toBe(1);
    expect(result.islands).toBe(1);
    expect(result.gzipBytes).toBe(gz(entry) + gz(shared) + gz(lazy) + gz(island) + gz(renderer) + gz(inline));
    expect(result.islandBytes).toBe(gz(island) + gz(shared) + gz(renderer));
  });

  it('a page without scripts ships nothing', () => {
    expect(pageJavaScript(site({ 'about/index.html': '<html><body><p>hi</p></body></html>' }), '/about/')).toMatchObject({ files: 0, inline: 0, gzipBytes: 0 });
  });

  it('the budget is 20 KB', () => expect(JS_BUDGET_BYTES).toBe(20 * 1024));
});

describe('parseArgs', () => {
  it('defaults to scales 1000 and 5000', () => expect(parseArgs([]).scales).toEqual([1000, 5000]));
  it('reads --scale lists and --js-only with a folder', () => {
    expect(parseArgs(['--scale', '1000,5000']).scales).toEqual([1000, 5000]);
    expect(parseArgs(['--scale=200']).scales).toEqual([200]);
    const opts = parseArgs(['--js-only', '/tmp/site']);
    expect(opts).toMatchObject({ jsOnly: true, dir: '/tmp/site' });
  });
  it('refuses nonsense', () => {
    expect(() => parseArgs(['--scale', 'lots'])).toThrow(/whole numbers/);
    expect(() => parseArgs(['--fast'])).toThrow(/Unknown argument/);
  });
});
