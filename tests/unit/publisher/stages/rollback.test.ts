import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DirReleaseStore } from '../../../../scripts/publisher/release-store/dir.ts';
import { History } from '../../../../scripts/publisher/stages/history.ts';
import { memoryLogger } from '../../../../scripts/publisher/log.ts';
import { createPublisherMetrics } from '../../../../scripts/publisher/metrics.ts';
import { PageMaps } from '../../../../scripts/publisher/stages/page-maps.ts';
import { PurgeStage } from '../../../../scripts/publisher/stages/purge.ts';
import { release } from '../../../../scripts/publisher/stages/release.ts';
import { Reporter } from '../../../../scripts/publisher/stages/report.ts';
import { rollback } from '../../../../scripts/publisher/stages/rollback.ts';
import type { PurgeRequest } from '../../../../scripts/publisher/purge/types.ts';
import type { RenderPath } from '../../../../scripts/publisher/render-path.ts';
import { renderedPages } from './pages-fixture.ts';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'rollback-'));

/** Two releases made by this process (r1, then r2 live), a purger that records, a history. */
async function twoReleases() {
  const root = tmp();
  const store = new DirReleaseStore({ root });
  const maps = new PageMaps(path.join(root, 'page-maps'));
  const r1 = await release({
    store,
    id: 'r1',
    files: renderedPages({ 'index.html': 'one', 'old.html': 'old' }),
    twins: false,
  });
  maps.write('r1', r1.files);
  const r2 = await release({ store, id: 'r2', files: renderedPages({ 'index.html': 'two' }), twins: false });
  maps.write('r2', r2.files);
  const purged: PurgeRequest[] = [];
  const purge = new PurgeStage({
    name: 'test',
    purge: async (r) => (purged.push(r), { adapter: 'test', tags: 0, urls: 0, requests: 1, tagsSkipped: 0 }),
  });
  const history = new History(path.join(root, 'history.sqlite'));
  const reporter = new Reporter(memoryLogger([]), createPublisherMetrics({ defaults: false }), history);
  // The page maps answer: a rollback never asks the render path.
  const rp = { paths: async () => expect.fail('the render path was asked') } as unknown as RenderPath;
  return { root, store, maps, purge, reporter, history, rp, live: r2.files, purged };
}

describe('rollback stage', () => {
  it('makes the release before the live one live, with its files and cacheKeys, then purges what the switch changed', async () => {
    const t = await twoReleases();
    const out = await rollback({ ...t, twins: false });
    expect(out.info.id).toBe('r1');
    expect(readFileSync(path.join(t.root, 'live/index.html'), 'utf8')).toBe('one');
    expect(out.files.get('old.html')?.cacheKey).toBe('key-old'); // the next publish compares against these
    expect(t.purged).toEqual([{ tags: [], paths: ['/', '/old.html'] }]);
    const [entry] = t.history.list().items;
    expect(entry).toMatchObject({ kind: 'rollback', outcome: 'success', release: 'r1' });
  });

  it('refuses a release that is not kept, leaves the live one, and records the failure', async () => {
    const t = await twoReleases();
    await expect(rollback({ ...t, twins: false, id: 'r9' })).rejects.toThrow(/no kept release r9/);
    expect(readFileSync(path.join(t.root, 'live/index.html'), 'utf8')).toBe('two');
    expect(t.purged).toEqual([]);
    expect(t.history.list().items[0]).toMatchObject({
      kind: 'rollback',
      outcome: 'failure',
      error: 'no kept release r9',
    });
  });
});
