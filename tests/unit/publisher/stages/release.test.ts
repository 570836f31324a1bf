import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DirReleaseStore } from '../../../../scripts/publisher/release-store/dir.ts';
import { EditHold, makeSpares, release } from '../../../../scripts/publisher/stages/release.ts';
import { purgeRequest } from '../../../../scripts/publisher/stages/purge.ts';
import { sha256 } from '../../../../scripts/publisher/stages/files.ts';
import type { ReleaseStore } from '../../../../scripts/publisher/release-store/types.ts';
import type { Files } from '../../../../scripts/publisher/stages/types.ts';

function work(entries: Record<string, string>): Files {
  const dir = mkdtempSync(path.join(tmpdir(), 'work-'));
  return new Map(
    Object.entries(entries).map(([p, text]) => {
      const source = path.join(dir, p.replaceAll('/', '_'));
      writeFileSync(source, text);
      return [p, { hash: sha256(Buffer.from(text)), source, page: true }];
    }),
  );
}

/** No file lacks its twins. */
const none = { twinsOwed: 0 };

describe('release stage', () => {
  it('stages, then switches, and points the files at the live release for the next publish', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'rel-'));
    const store = new DirReleaseStore({ root });
    const out = await release({ store, id: 'r1', files: work({ 'index.html': 'one' }), twins: false });
    expect(readFileSync(path.join(root, 'live/index.html'), 'utf8')).toBe('one');
    expect(out.files.get('index.html')!.source).toBe(path.join(store.dirOf('r1'), 'index.html'));
    expect(out.written).toBe(1);
    expect(out.total).toBe(1);
    expect(out.liveAt).toBeGreaterThan(0);
  });

  it('names the paths an edit changed and those that went: the purge asks the CDN for what a full comparison names', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'rel-'));
    const store = new DirReleaseStore({ root });
    const first = await release({
      store,
      id: 'r1',
      files: work({ 'index.html': 'home', 'a/index.html': 'a', 'b/index.html': 'b', 'old/index.html': 'old' }),
      twins: false,
    });
    expect(first.changed).toBeUndefined(); // nothing it made was live: every path may differ
    const next: Files = new Map(first.files);
    next.delete('old/index.html');
    const made = work({ 'a/index.html': 'a, edited', 'new/index.html': 'new', 'b/index.html': 'b' });
    for (const [p, f] of made) next.set(p, f);
    const out = await release({ store, id: 'r2', files: next, twins: false, live: first.files });
    expect([...out.changed!.paths].sort()).toEqual(['a/index.html', 'b/index.html', 'new/index.html']);
    expect(out.changed!.gone).toEqual(['old/index.html']);
    const listed = purgeRequest([], first.files, out.files, undefined, out.changed);
    expect([...listed.paths].sort()).toEqual(['/a/', '/new/', '/old/']); // b's bytes did not change
    expect(listed).toEqual(purgeRequest([], first.files, out.files));
  });

  it('switches nothing when staging fails', async () => {
    const calls: string[] = [];
    const store = {
      stage: async () => {
        calls.push('stage');
        throw new Error('ENOSPC: no space left on device');
      },
      activate: async () => void calls.push('activate'),
    } as unknown as ReleaseStore;
    await expect(release({ store, id: 'r1', files: work({ 'a.html': 'a' }), twins: false })).rejects.toThrow(/ENOSPC/);
    expect(calls).toEqual(['stage']);
  });

  it('asks for spare copies only after a release that replaced much of the last', async () => {
    const asked: number[] = [];
    const store = {
      prepareNext: (n?: number) => asked.push(n ?? 1),
      sparesReady: async () => {},
    } as unknown as ReleaseStore;
    const idle = { editsWaiting: false };
    expect((await makeSpares(store, 5, { written: 5, total: 100 }, idle, none)).spares).toBe(0);
    expect((await makeSpares(store, 5, { written: 50, total: 100 }, idle, none)).spares).toBe(6);
    // As many when every release is kept already: the next five prunes free only folders as far.
    expect((await makeSpares(store, 5, { written: 100, total: 100 }, idle, none)).spares).toBe(6);
    expect(asked).toEqual([6, 6]);
    // A menu's every page and the releases of its twins after it (a part each, none worth copies
    // alone): the copies come after the last, for the files written by them all.
    expect((await makeSpares(store, 5, { written: 40, total: 100 }, idle, { twinsOwed: 60 })).spares).toBe(0);
    expect((await makeSpares(store, 5, { written: 8, total: 100 }, idle, { twinsOwed: 30 })).spares).toBe(0);
    expect((await makeSpares(store, 5, { written: 8, total: 100 }, idle, none)).spares).toBe(6);
    expect((await makeSpares(store, 5, { written: 8, total: 100 }, idle, none)).spares).toBe(0);
    expect(asked).toEqual([6, 6, 6]);
  });

  it('waits for the spares it asked for unless an edit waits: the edit goes first', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'rel-'));
    const store = new DirReleaseStore({ root });
    await release({ store, id: 'r1', files: work({ 'a.html': 'a', 'b.html': 'b' }), twins: false });
    const letGo = store.hold(); // an edit came: its hold stops the copies
    const queue = { editsWaiting: true };
    const out = await makeSpares(store, 5, { written: 2, total: 2 }, queue, none);
    expect(out.spares).toBeGreaterThan(0);
    expect(store.spares).toBeLessThan(out.spares); // not waited for
    letGo();
    queue.editsWaiting = false;
    await makeSpares(store, 5, { written: 2, total: 2 }, queue, none);
    expect(store.spares).toBeGreaterThanOrEqual(out.spares); // no edit waiting: made before it returns
  });
});

describe("EditHold: the store's copies stopped from an edit's arrival until it is live", () => {
  it('takes one hold for the edits that arrive meanwhile and lets it go once no edit waits', () => {
    const calls: string[] = [];
    const queue = { editsWaiting: true };
    const store = { hold: () => (calls.push('hold'), () => calls.push('let go')) };
    const hold = new EditHold({ store, queue });
    hold.take();
    hold.take(); // a second edit while the first waits: the same hold
    expect(calls).toEqual(['hold']);
    hold.letGo(); // the first is live, the second still waits
    expect(calls).toEqual(['hold']);
    queue.editsWaiting = false;
    hold.letGo();
    hold.letGo();
    expect(calls).toEqual(['hold', 'let go']);
    hold.take(); // the next edit
    expect(calls).toEqual(['hold', 'let go', 'hold']);
  });

  it('does nothing with a store that holds nothing (s3)', () => {
    const hold = new EditHold({ store: {}, queue: { editsWaiting: false } });
    hold.take();
    expect(() => hold.letGo()).not.toThrow();
  });
});
