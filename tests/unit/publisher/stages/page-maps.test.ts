import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DirReleaseStore } from '../../../../scripts/publisher/release-store/dir.ts';
import { PageMaps } from '../../../../scripts/publisher/stages/page-maps.ts';
import { release } from '../../../../scripts/publisher/stages/release.ts';
import type { RenderPath } from '../../../../scripts/publisher/render-path.ts';
import { renderedPages } from './pages-fixture.ts';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'page-maps-'));

/** A gate the test opens: the publisher's queue going idle. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { quiet: () => opened, open };
}

// A start with a saved map never asks the render path for the pages' cacheKeys now.
const rp = { paths: async () => [] } as unknown as RenderPath;

describe('page maps', () => {
  it('saves a release’s map only once the publisher is quiet, the newest release’s only', async () => {
    const dir = tmp();
    const g = gate();
    const maps = new PageMaps(dir, { quiet: g.quiet });
    maps.write('r1', renderedPages({ 'index.html': 'one' }));
    maps.write('r2', renderedPages({ 'index.html': 'two' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(maps.file('r2'))).toBe(false); // an edit waits: no map written meanwhile
    g.open();
    await maps.saved();
    expect(existsSync(maps.file('r1'))).toBe(false);
    expect((await maps.read('r2'))?.get('index.html')).toMatchObject({ cacheKey: 'key-two' });
  });

  it('saves at once on a clean stop, quiet or not', async () => {
    const maps = new PageMaps(tmp(), { quiet: () => new Promise(() => {}) });
    maps.write('r1', renderedPages({ 'index.html': 'one' }));
    await maps.flush();
    expect(JSON.parse(readFileSync(maps.file('r1'), 'utf8'))['index.html'].cacheKey).toBe('key-one');
  });

  it('on a start whose live release has no map, keeps the cacheKeys of the pages whose bytes the newest map names', async () => {
    const root = tmp();
    const store = new DirReleaseStore({ root });
    const before = new PageMaps(path.join(root, 'page-maps'));
    const r1 = await release({
      store,
      id: 'r1',
      files: renderedPages({ 'a.html': 'same', 'b.html': 'old' }),
      twins: false,
    });
    before.write('r1', r1.files);
    await before.saved();
    // r2 went live, then the process was killed before its map was saved.
    await release({
      store,
      id: 'r2',
      files: renderedPages({ 'a.html': 'same', 'b.html': 'new', 'c.html': 'added' }),
      twins: false,
    });
    const after = new PageMaps(path.join(root, 'page-maps'));
    const files = await after.filesOf({ store, rp, id: 'r2', twins: false, start: true });
    expect(files.get('a.html')?.cacheKey).toBe('key-same');
    expect(files.get('b.html')?.cacheKey).toBeUndefined(); // the catch-up renders it again
    expect(files.get('c.html')?.cacheKey).toBeUndefined();
  });

  it('keeps the newest saved map of a pruned release until a newer one is saved', async () => {
    const dir = tmp();
    const g = gate();
    const maps = new PageMaps(dir, { quiet: g.quiet });
    maps.write('r1', renderedPages({ 'index.html': 'one' }));
    await maps.flush();
    maps.write('r2', renderedPages({ 'index.html': 'two' }));
    await maps.remove('r1');
    expect(existsSync(maps.file('r1'))).toBe(true); // the one map a start could take
    g.open();
    await maps.saved();
    expect(existsSync(maps.file('r1'))).toBe(false);
    expect(existsSync(maps.file('r2'))).toBe(true);
  });
});
