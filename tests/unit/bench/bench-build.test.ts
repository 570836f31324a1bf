/**
 * The JavaScript measure of `npm run bench:build` (scripts/bench/build.ts): a page's
 * shipped JS is every script, modulepreload and island file, followed through imports,
 * each gzipped once, plus inline scripts; JSON script blocks are not code.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  gateFailures,
  pageJavaScript,
  parseArgs,
  ratioLines,
  stageMark,
  stagesFrom,
  withinBudget,
  JS_BUDGET_BYTES,
} from '../../../scripts/bench/build.ts';

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

  it("follows the bundler's backtick dynamic imports", () => {
    const dir = site({ ...files, '_astro/entry.js': 'import(`./lazy.js`);' });
    expect(pageJavaScript(dir, '/').gzipBytes).toBe(
      gz('import(`./lazy.js`);') + gz(shared) + gz(lazy) + gz(island) + gz(renderer) + gz(inline),
    );
  });

  it("an island's own code leaves out React (the renderer), the shell's files and zod", () => {
    const own = 'import "./shared.js"; import "./zod.Ab-1.js"; import("./kind.js"); export default 1;';
    const kind = 'export const kind = "' + 'k'.repeat(300) + '";';
    const zod = 'export const z = "' + 'z'.repeat(900) + '";';
    const dir = site({ ...files, '_astro/island.js': own, '_astro/kind.js': kind, '_astro/zod.Ab-1.js': zod });
    const result = pageJavaScript(dir, '/');
    expect(result.islandOwnBytes).toBe(gz(own) + gz(kind));
    expect(result.gzipBytes).toBe(
      gz(entry) + gz(shared) + gz(lazy) + gz(own) + gz(kind) + gz(zod) + gz(renderer) + gz(inline),
    );
  });

  it("an island page is over budget past 90 KB, or past 15 KB of one island's own code", () => {
    expect(withinBudget({ islands: 1, gzipBytes: 90 * 1024, islandOwnBytes: 14 * 1024 })).toBe(true);
    expect(withinBudget({ islands: 1, gzipBytes: 91 * 1024, islandOwnBytes: 1024 })).toBe(false);
    expect(withinBudget({ islands: 1, gzipBytes: 80 * 1024, islandOwnBytes: 16 * 1024 })).toBe(false);
    expect(withinBudget({ islands: 0, gzipBytes: 21 * 1024, islandOwnBytes: 0 })).toBe(false);
  });

  it('a page without scripts ships nothing', () => {
    expect(
      pageJavaScript(site({ 'about/index.html': '<html><body><p>hi</p></body></html>' }), '/about/'),
    ).toMatchObject({ files: 0, inline: 0, gzipBytes: 0 });
  });

  it('the budget is 20 KB', () => expect(JS_BUDGET_BYTES).toBe(20 * 1024));
});

describe('parseArgs', () => {
  it('defaults to scales 1400 and 5000 (20,000 and 72,000 pages)', () =>
    expect(parseArgs([]).scales).toEqual([1400, 5000]));
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

describe("stage times from Astro's log", () => {
  // Lines as Astro 7 prints them (scale 300 build on this machine).
  const log = [
    '14:03:57 [content] Syncing content',
    '14:04:11 [content] Synced content',
    '14:04:11 [build] ✓ Completed in 22.88s.',
    '14:04:11 [build] Building static entrypoints...',
    ' generating static routes ',
    '14:05:17   ├─ /article/a/index.html (+2ms) ',
    '14:06:21 ✓ Completed in 1m 49s.',
    '14:06:21 [build] ✓ Completed in 2m 11s.',
  ];

  it('names the line that starts each stage, and nothing else', () => {
    expect(log.map(stageMark)).toEqual([
      'syncStart',
      'syncEnd',
      'renderEnd',
      'bundleStart',
      'renderStart',
      undefined,
      'renderEnd',
      'renderEnd',
    ]);
  });

  it('turns the times the marks were seen into seconds per stage', () => {
    const stages = stagesFrom(
      { syncStart: 1000, syncEnd: 15000, bundleStart: 15500, renderStart: 35500, renderEnd: 144500 },
      148000,
    );
    expect(stages).toEqual({ sync: 14, bundle: 20, render: 109, write: 3.5 });
  });

  it('says a stage it never saw is unknown rather than zero', () => {
    expect(stagesFrom({ bundleStart: 0, renderStart: 1000, renderEnd: 2000 }, 3000).sync).toBeNaN();
  });
});

describe('the goal at 20,000 pages', () => {
  const GB = 1024 ** 3;
  const bare = { pages: 20_000, seconds: 40 }; // 500 pages/s

  it('passes at 0.9x the bare template and 1.5 GB', () => {
    expect(gateFailures({ pages: 20_000, seconds: 20_000 / 450, peakBytes: 1.5 * GB, template: bare })).toEqual([]);
  });

  it('fails slower than 0.9x the bare template', () => {
    expect(gateFailures({ pages: 20_000, seconds: 127, peakBytes: GB, template: bare })).toEqual([
      expect.stringMatching(/0\.31x the bare template/),
    ]);
  });

  it('fails over 1.5 GB', () => {
    expect(gateFailures({ pages: 20_460, seconds: 40, peakBytes: 2.1 * GB, template: bare })).toEqual([
      expect.stringMatching(/peaked at 2150 MB/),
    ]);
  });

  it('does not judge smaller builds, which explore rather than measure', () => {
    expect(
      gateFailures({ pages: 4_659, seconds: 168, peakBytes: 2 * GB, template: { pages: 4_659, seconds: 20 } }),
    ).toEqual([]);
  });
});

describe('the ratio lines', () => {
  it('state each ratio with its goal, and nothing else', () => {
    const lines = ratioLines({
      scale: 1400,
      pages: 20_000,
      seconds: 61.5,
      template: { pages: 20_000, seconds: 20 },
      weighted: { pages: 20_000, seconds: 30.75, pageKb: 47 },
    });
    expect(lines).toEqual([
      'scale 1400: 0.33x the pages/s of the bare Astro template, goal 0.9x at 20,000 pages or more',
      "scale 1400: 0.50x the pages/s of bare Astro with pages of the portal's size (47 KB), goal 0.8x",
    ]);
  });

  it('leave out a bare build that did not run', () =>
    expect(ratioLines({ scale: 30, pages: 775, seconds: 20 })).toEqual([]));
});
