import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  writeFileSync,
  existsSync,
  linkSync,
  mkdirSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyFile, link, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DirReleaseStore } from '../../../scripts/publisher/release-store/dir.ts';
import { Background } from '../../../scripts/publisher/release-store/dir/background.ts';
import { Linker } from '../../../scripts/publisher/release-store/dir/copies.ts';

function file(dir: string, p: string, text: string) {
  const source = path.join(dir, p.replaceAll('/', '_'));
  writeFileSync(source, text);
  return { path: p, source, hash: createHash('sha256').update(text).digest('hex') };
}

/**
 * A `cp` first on PATH (until the test's afterEach restores it) running `script(said)`, where
 * `said` is a file it may write to; returns that file.
 */
function fakeCp(script: (said: string) => string): string {
  const bin = mkdtempSync(path.join(tmpdir(), 'bin-'));
  const said = path.join(bin, 'said');
  writeFileSync(path.join(bin, 'cp'), `#!/bin/sh\n${script(said)}\n`);
  chmodSync(path.join(bin, 'cp'), 0o755);
  process.env.PATH = `${bin}:${process.env.PATH}`;
  return said;
}

/** A new folder with a file at each of `paths`, its text the path. */
function folderWith(paths: readonly string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'from-'));
  for (const p of paths) {
    mkdirSync(path.join(dir, path.dirname(p)), { recursive: true });
    writeFileSync(path.join(dir, p), p);
  }
  return dir;
}

/** An empty store in a new folder, and a folder for the files to stage. */
function freshStore() {
  const root = mkdtempSync(path.join(tmpdir(), 'rel-'));
  return { root, src: mkdtempSync(path.join(tmpdir(), 'src-')), store: new DirReleaseStore({ root }) };
}

describe('dir release store', () => {
  it('stages without touching live, hard-links unchanged files, switches the live symlink, rolls back and prunes', async () => {
    const { root, src, store } = freshStore();
    expect(await store.live()).toBeNull();

    const asset = file(src, '_astro/app.1.js', 'js');
    const r1 = await store.stage('r1', [asset, file(src, 'index.html', 'one')]);
    expect(r1).toMatchObject({ written: 2, reused: 0 });
    expect(await store.live()).toBeNull(); // staged is not live
    await store.activate('r1');
    expect(readFileSync(path.join(root, 'live/index.html'), 'utf8')).toBe('one');

    const r2 = await store.stage('r2', [asset, file(src, 'index.html', 'two')]);
    expect(r2).toMatchObject({ written: 1, reused: 1 });
    expect(statSync(path.join(root, 'releases/r2/_astro/app.1.js')).ino).toBe(
      statSync(path.join(root, 'releases/r1/_astro/app.1.js')).ino,
    );
    expect(readFileSync(path.join(root, 'live/index.html'), 'utf8')).toBe('one');
    await store.activate('r2');
    expect(readlinkSync(path.join(root, 'live'))).toBe(path.join('releases', 'r2'));
    expect(readFileSync(path.join(root, 'live/index.html'), 'utf8')).toBe('two');

    expect((await store.rollback()).id).toBe('r1');
    expect(readFileSync(path.join(root, 'live/index.html'), 'utf8')).toBe('one');

    await store.activate('r2');
    await store.stage('r3', [asset, file(src, 'index.html', 'three')]);
    await store.activate('r3');
    expect(await store.prune(2)).toEqual(['r1']);
    expect(existsSync(path.join(root, 'releases/r1'))).toBe(false);
    // the shared asset survives in the kept releases
    expect(readFileSync(path.join(root, 'live/_astro/app.1.js'), 'utf8')).toBe('js');
    expect((await store.list()).map((r) => r.id)).toEqual(['r3', 'r2']);
  });
});

describe('dir release store, prepared copy', () => {
  it('stages onto a hard-linked copy of the live release made in advance, never writing a shared file in place', async () => {
    const { root, src, store } = freshStore();
    const asset = file(src, '_astro/app.1.js', 'js');
    const gone = file(src, 'old/index.html', 'old page');
    await store.stage('r1', [asset, file(src, 'index.html', 'one'), gone]);
    await store.activate('r1');
    store.prepareNext();
    const r2 = await store.stage('r2', [asset, file(src, 'index.html', 'two')]);
    expect(r2).toMatchObject({ written: 1, reused: 1 });
    expect(readFileSync(path.join(root, 'releases/r1/index.html'), 'utf8')).toBe('one'); // not written through the link
    expect(readFileSync(path.join(root, 'releases/r2/index.html'), 'utf8')).toBe('two');
    expect(existsSync(path.join(root, 'releases/r2/old/index.html'))).toBe(false);
    expect(statSync(path.join(root, 'releases/r2/_astro/app.1.js')).ino).toBe(
      statSync(path.join(root, 'releases/r1/_astro/app.1.js')).ino,
    );
    expect((await store.list()).map((r) => r.id)).toEqual(['r2', 'r1']);
    expect(JSON.parse(readFileSync(path.join(root, 'releases/r1/.release.json'), 'utf8')).id).toBe('r1');
    await store.activate('r2');
    expect(readFileSync(path.join(root, 'live/index.html'), 'utf8')).toBe('two');
  });
});

describe('dir release store, recycled copy', () => {
  it('turns the release a prune drops into the next copy of the live release, changing only the files that differ', async () => {
    const { root, src, store } = freshStore();
    const asset = file(src, '_astro/app.1.js', 'js');
    const kept = file(src, 'kept/index.html', 'kept page');
    await store.stage('r1', [asset, kept, file(src, 'index.html', 'one'), file(src, 'old/deep/index.html', 'old')]);
    await store.activate('r1');
    // Each release's pages from a work folder of its own, as the publisher writes them (a stage on
    // a spare links them from there).
    const w2 = mkdtempSync(path.join(tmpdir(), 'r2-'));
    const w3 = mkdtempSync(path.join(tmpdir(), 'r3-'));
    await store.stage('r2', [asset, kept, file(w2, 'index.html', 'two'), file(w2, 'new/index.html', 'new')]);
    await store.activate('r2');
    const r1Index = statSync(path.join(root, 'releases/r1/index.html')).ino;

    expect(await store.prune(1)).toEqual(['r1']);
    expect(existsSync(path.join(root, 'releases/r1'))).toBe(false);
    expect(store.spares).toBe(1); // r1's folder, renamed: no fresh copy
    expect((await store.list()).map((r) => r.id)).toEqual(['r2']);
    // The next stage builds on r1's folder, brought to r2's files: only index.html changes.
    const r3 = await store.stage('r3', [
      asset,
      kept,
      file(w3, 'index.html', 'three'),
      file(w3, 'new/index.html', 'new'),
    ]);
    expect(r3).toMatchObject({ written: 1, reused: 3 });
    const r3Dir = path.join(root, 'releases/r3');
    expect(readFileSync(path.join(r3Dir, 'index.html'), 'utf8')).toBe('three');
    expect(readFileSync(path.join(r3Dir, 'new/index.html'), 'utf8')).toBe('new');
    expect(existsSync(path.join(r3Dir, 'old'))).toBe(false); // the page r2 dropped, and its empty folders
    expect(statSync(path.join(r3Dir, 'kept/index.html')).ino).toBe(
      statSync(path.join(root, 'releases/r2/kept/index.html')).ino,
    );
    expect(statSync(path.join(r3Dir, 'index.html')).ino).not.toBe(r1Index);
    expect(readFileSync(path.join(root, 'releases/r2/index.html'), 'utf8')).toBe('two'); // never written in place
    expect(readFileSync(path.join(root, 'live/index.html'), 'utf8')).toBe('two');
    await store.activate('r3');
    expect(readFileSync(path.join(root, 'live/index.html'), 'utf8')).toBe('three');
    expect(JSON.parse(readFileSync(path.join(r3Dir, '.release.json'), 'utf8')).id).toBe('r3');
  });

  it('recycles a dropped release by what its files are, not by how many changes were staged since', async () => {
    // The store judges a dropped release close to the live one by the changes staged since,
    // without a look at every file, while they add up to at most 64 (here: a tenth of 200 is
    // less); past that it compares the files. r1 changed 70 pages and r2 changed them back: r0
    // is 140 changes away by that count, yet holds r2's files, and becomes a spare.
    const { root, src, store } = freshStore();
    const pages = Array.from({ length: 200 }, (_, i) => file(src, `p${i}/index.html`, `page ${i}`));
    await store.stage('r0', pages);
    await store.activate('r0');
    store.prepareNext();
    await store.sparesReady();
    expect(store.spares).toBe(2);
    // As the publisher: a work folder per publish (a source is never written over).
    const work = () => mkdtempSync(path.join(tmpdir(), 'work-'));
    const w1 = work();
    const edited = pages.map((p, i) => (i < 70 ? file(w1, p.path, `page ${i}, edited`) : p));
    expect(await store.stage('r1', edited)).toMatchObject({ written: 70, reused: 130 });
    await store.activate('r1');
    const w2 = work();
    const back = pages.map((p, i) => (i < 70 ? file(w2, p.path, `page ${i}`) : p));
    expect(await store.stage('r2', back)).toMatchObject({ written: 70, reused: 130 });
    await store.activate('r2');
    expect(store.spares).toBe(0);
    expect(await store.prune(1)).toEqual(['r1', 'r0']);
    await store.settled();
    expect(store.spares).toBe(1); // r0's folder; r1's (70 pages apart) was deleted
    const folders = readdirSync(path.join(root, 'releases'));
    expect(folders.filter((d) => !d.startsWith('.'))).toEqual(['r2']);
    expect(folders.filter((d) => d.startsWith('.spare'))).toHaveLength(1);
    expect(readFileSync(path.join(root, 'live/p3/index.html'), 'utf8')).toBe('page 3');
    const r3 = await store.stage('r3', [file(work(), 'p0/index.html', 'page 0 again'), ...back.slice(1)]);
    expect(r3).toMatchObject({ written: 1, reused: 199 });
    expect(readFileSync(path.join(root, 'releases/r3/p5/index.html'), 'utf8')).toBe('page 5');
  });
});

describe('dir release store, spares after a base release', () => {
  const path0 = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path0;
  });

  it('keeps two spare copies, so back-to-back edits after a base release never wait for a copy', async () => {
    const { root, src, store } = freshStore();
    const pages = Array.from({ length: 300 }, (_, i) => file(src, `p${i}/index.html`, `page ${i}`));
    const twins = pages.flatMap((p) => [
      file(src, `${p.path}.br`, `br ${p.path}`),
      file(src, `${p.path}.gz`, `gz ${p.path}`),
    ]);
    // A base release (a build: no twins), then the publish that adds the twins.
    await store.stage('r1', pages);
    await store.activate('r1');
    store.prepareNext();
    await store.sparesReady();
    expect(store.spares).toBe(2);
    await store.stage('r2', [...pages, ...twins]);
    await store.activate('r2');
    store.prepareNext();
    await store.sparesReady(); // the publisher waits for these after a publish that big
    expect(store.spares).toBe(2); // the base release's spare (600 files short) was dropped, two copies of r2 made

    // From now on a copy of a release (`cp -al`) waits until the test opens a gate: a stage that
    // waited for one would never end. Bringing a spare up to date (`cp -l --parents`) goes on.
    const said = fakeCp(
      (said) =>
        `case "$1" in -al) echo copy >> ${said}; while [ ! -e ${said}.open ]; do sleep 0.05; done;; esac\nexec /bin/cp "$@"`,
    );
    const stageUnlessStuck = (id: string, files: typeof pages) =>
      Promise.race([
        store.stage(id, files),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`${id}'s stage waited for a copy of the release`)), 15_000).unref(),
        ),
      ]);
    let current = [...pages, ...twins];
    for (const id of ['r3', 'r4']) {
      const work = mkdtempSync(path.join(tmpdir(), `${id}-`)); // as the publisher: a work folder per publish
      current = current.map((f) => (f.path === 'p7/index.html' ? file(work, f.path, `page 7 in ${id}`) : f));
      expect(await stageUnlessStuck(id, current)).toMatchObject({ written: 1, reused: 899 });
      await store.activate(id);
      store.refreshSpare(); // as the release stage does at the switch
      expect(await store.prune(5)).toEqual([]); // fewer than 5 releases: nothing to recycle
      store.prepareNext(); // a copy of the live release starts (held at the gate)
    }
    // A copy was asked meanwhile (it starts once the store has read the live release).
    await vi.waitFor(() => expect(existsSync(said) && readFileSync(said, 'utf8')).toContain('copy'), 10_000);
    writeFileSync(`${said}.open`, '');
    expect(readFileSync(path.join(root, 'live/p7/index.html'), 'utf8')).toBe('page 7 in r4');
    expect(readFileSync(path.join(root, 'releases/r3/p7/index.html'), 'utf8')).toBe('page 7 in r3');
    expect(statSync(path.join(root, 'releases/r4/p8/index.html.br')).ino).toBe(
      statSync(path.join(root, 'releases/r2/p8/index.html.br')).ino,
    );
    // Once five releases exist, a prune drops the base release: far from the live one, it is
    // deleted (in the background), not recycled; the next-oldest becomes a spare.
    process.env.PATH = path0;
    await store.sparesReady();
    await store.stage('r5', current);
    await store.activate('r5');
    expect(await store.prune(3)).toEqual(['r2', 'r1']);
    await store.settled();
    const left = readdirSync(path.join(root, 'releases')).sort();
    expect(left.filter((d) => !d.startsWith('.'))).toEqual(['r3', 'r4', 'r5']);
    expect(left.filter((d) => d.startsWith('.trash'))).toEqual([]);
    expect(store.spares).toBe(2); // one copy left over, and r2 (one page apart)
  }, 30_000);
});

describe('dir release store, spares for the releases before KEEP_RELEASES', () => {
  it('makes as many spare copies as asked after a big publish, so that edits until the first prune find one each', async () => {
    const { root, src, store } = freshStore();
    const pages = Array.from({ length: 50 }, (_, i) => file(src, `p${i}/index.html`, `page ${i}`));
    await store.stage('r1', pages);
    await store.activate('r1');
    store.prepareNext(4);
    await store.sparesReady();
    expect(store.spares).toBe(4);
    for (const id of ['r2', 'r3', 'r4', 'r5']) {
      const work = mkdtempSync(path.join(tmpdir(), `${id}-`));
      const staged = await store.stage(id, [...pages.slice(1), file(work, 'p0/index.html', `page 0 in ${id}`)]);
      expect(staged).toMatchObject({ written: 1, reused: 49 });
      await store.activate(id);
    }
    expect(store.spares).toBe(0); // four stages, four spares, no copy made meanwhile
    expect(readFileSync(path.join(root, 'live/p0/index.html'), 'utf8')).toBe('page 0 in r5');
    expect(readFileSync(path.join(root, 'releases/r2/p0/index.html'), 'utf8')).toBe('page 0 in r2');
  });
});

describe('dir release store, the copies owed after a base release', () => {
  const path0 = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path0;
  });

  it('leaves a spare from a full stage (a base release): the first edit stages on it without waiting for a copy', async () => {
    const { root, src, store } = freshStore();
    const pages = Array.from({ length: 50 }, (_, i) => file(src, `p${i}/index.html`, `page ${i}`));
    await store.stage('r1', pages);
    expect(store.spares).toBe(1);
    await store.activate('r1');
    const said = fakeCp((said) => `echo start >> ${said}\nsleep 1\n/bin/cp "$@"\necho end >> ${said}`);
    const ended = () => (existsSync(said) ? readFileSync(said, 'utf8') : '').includes('end');
    store.prepareNext(3);
    const work = mkdtempSync(path.join(tmpdir(), 'r2-'));
    expect(await store.stage('r2', [file(work, 'p0/index.html', 'page 0 in r2'), ...pages.slice(1)])).toMatchObject({
      written: 1,
      reused: 49,
    });
    expect(ended()).toBe(false); // staged before any copy (a second each here) was made
    await store.activate('r2');
    expect(readFileSync(path.join(root, 'live/p0/index.html'), 'utf8')).toBe('page 0 in r2');
    expect(readFileSync(path.join(root, 'releases/r1/p0/index.html'), 'utf8')).toBe('page 0'); // r1 untouched
    for (let i = 1; i < 50; i++)
      expect(statSync(path.join(root, 'live', pages[i]!.path)).ino).toBe(
        statSync(path.join(root, 'releases/r1', pages[i]!.path)).ino,
      );
    await store.sparesReady();
    expect(ended()).toBe(true); // the copies owed were made after it
  });

  it('stages a release that changes most files (a menu’s twins) on a spare of the live release, not waiting for a copy that would lack them too', async () => {
    const { root, src, store } = freshStore();
    const pages = Array.from({ length: 200 }, (_, i) => file(src, `p${i}/index.html`, `page ${i}`));
    await store.stage('r1', pages);
    await store.activate('r1');
    expect(store.spares).toBe(1); // a copy of r1, the live release
    const said = fakeCp((said) => `echo start >> ${said}\nsleep 1\n/bin/cp "$@"\necho end >> ${said}`);
    const ended = () => (existsSync(said) ? readFileSync(said, 'utf8') : '').includes('end');
    store.prepareNext(3); // copies under way, a second each
    const work = mkdtempSync(path.join(tmpdir(), 'r2-'));
    // 150 of 200 files new: more than a tenth, but any copy of r1 lacks those 150 as the spare does.
    const r2 = pages.map((f, i) => (i < 150 ? file(work, f.path, `page ${i} in r2`) : f));
    expect(await store.stage('r2', r2)).toMatchObject({ written: 150, reused: 50 });
    expect(ended()).toBe(false); // staged before any copy was made
    await store.activate('r2');
    expect(readFileSync(path.join(root, 'live/p0/index.html'), 'utf8')).toBe('page 0 in r2');
    expect(readFileSync(path.join(root, 'live/p199/index.html'), 'utf8')).toBe('page 199');
    expect(readFileSync(path.join(root, 'releases/r1/p0/index.html'), 'utf8')).toBe('page 0'); // r1 untouched
    await store.sparesReady();
  });

  it('makes the first in two halves at once and the rest two at a time; a stage waits for the next, not for all', async () => {
    const { root, src, store: before } = freshStore();
    const pages = Array.from({ length: 50 }, (_, i) => file(src, `${i % 2 ? 'en/' : ''}p${i}/index.html`, `page ${i}`));
    await before.stage('r1', pages);
    await before.activate('r1');
    // A restart: the spare r1's stage left goes with the process (recover removes its folder).
    const store = new DirReleaseStore({ root });
    await store.recover();
    expect(store.spares).toBe(0);
    // A copy takes a second and says when it starts and ends, and where to.
    const said = fakeCp(
      (said) => `for a; do to=$a; done\necho "start $to" >> ${said}\nsleep 1\n/bin/cp "$@"\necho "end $to" >> ${said}`,
    );
    const lines = () => readFileSync(said, 'utf8').trim().split('\n');
    store.prepareNext(3); // after a base release: as many as the edits before the first prune
    const work = mkdtempSync(path.join(tmpdir(), 'r2-'));
    const edited = [file(work, 'p0/index.html', 'page 0 in r2'), ...pages.slice(1)];
    expect(await store.stage('r2', edited)).toMatchObject({ written: 1, reused: 49 }); // on a spare, not linked file by file
    const whenStaged = lines();
    // The first copy: two processes into one folder (the pages, the English pages), then the stage.
    const first = whenStaged[0]!.split(' ')[1];
    expect(whenStaged.slice(0, 2)).toEqual([`start ${first}`, `start ${first}`]);
    const ended = whenStaged.filter((l) => l.startsWith('end'));
    expect(ended.length).toBeGreaterThanOrEqual(2);
    expect(ended.every((l) => l === `end ${first}`)).toBe(true); // the stage waited for no other copy
    await store.activate('r2');
    for (let i = 1; i < 50; i++)
      expect(readFileSync(path.join(root, 'live', pages[i]!.path), 'utf8')).toBe(`page ${i}`); // the halves made a whole
    await store.sparesReady();
    // Copies go on until three are ready again (the stage took one), two at a time once one is ready.
    const all = lines();
    const starts = all.filter((l) => l.startsWith('start'));
    expect(starts).toHaveLength(all.length / 2);
    expect(all.some((l, i) => l.startsWith('start') && all[i + 1]?.startsWith('start') && all[i + 1] !== l)).toBe(true);
    expect(store.spares).toBe(3);
  });
});

describe('dir release store, held while an edit publishes', () => {
  const path0 = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path0;
  });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** A store with r1 live, its own spare taken away (a restart), and a copy that takes 0.3 s and says when it ends. */
  async function liveStore() {
    const { root, src, store: before } = freshStore();
    const pages = Array.from({ length: 20 }, (_, i) => file(src, `p${i}/index.html`, `page ${i}`));
    await before.stage('r1', pages);
    await before.activate('r1');
    const store = new DirReleaseStore({ root });
    await store.recover();
    const said = fakeCp((said) => `sleep 0.3\n/bin/cp "$@"\necho end >> ${said}`);
    const ends = () => (existsSync(said) ? readFileSync(said, 'utf8') : '').split('\n').filter(Boolean).length;
    return { root, pages, store, ends };
  }

  it('stops its copies while held and lets them go on after', async () => {
    const { store, ends } = await liveStore();
    const letGo = store.hold();
    store.prepareNext(2);
    await sleep(1500); // five times what a copy takes
    expect(ends()).toBe(0);
    expect(store.spares).toBe(0);
    letGo();
    letGo(); // twice: one hold let go once
    await store.sparesReady({ whenHeld: 'wait' });
    expect(ends()).toBeGreaterThanOrEqual(2);
    expect(store.spares).toBe(2);
  });

  it('lets a copy go on for a stage that has no spare to build on, and for sparesReady()', async () => {
    const { root, pages, store, ends } = await liveStore();
    const letGo = store.hold();
    store.prepareNext(2);
    const work = mkdtempSync(path.join(tmpdir(), 'r2-'));
    const edited = [file(work, 'p0/index.html', 'page 0 in r2'), ...pages.slice(1)];
    expect(await store.stage('r2', edited)).toMatchObject({ written: 1, reused: 19 }); // on the copy it let go on
    await store.activate('r2');
    expect(readFileSync(path.join(root, 'live/p0/index.html'), 'utf8')).toBe('page 0 in r2');
    await store.sparesReady(); // held still: waiting for them lets them go on
    expect(ends()).toBeGreaterThanOrEqual(2);
    letGo();
  });
});

describe('dir release store, a spare brought up to the live release in the background', () => {
  it('links what the releases since changed into the spare, so the next stage finds it one edit away', async () => {
    const { root, src, store } = freshStore();
    const pages = Array.from({ length: 200 }, (_, i) => file(src, `p${i}/index.html`, `page ${i}`));
    await store.stage('r1', pages);
    await store.activate('r1');
    store.prepareNext();
    await store.sparesReady();
    expect(store.spares).toBe(2);

    // A create's second release: 40 list pages shifted, one gone, one new; staged on one spare.
    const work = mkdtempSync(path.join(tmpdir(), 'r2-'));
    const shifted = [
      ...pages
        .filter((f) => f.path !== 'p150/index.html')
        .map((f, i) => (i < 40 ? file(work, f.path, `shifted ${i}`) : f)),
      file(work, 'new/index.html', 'new page'),
    ];
    await store.stage('r2', shifted);
    await store.activate('r2');
    await store.prune(5);
    store.prepareNext(); // as the publisher's release stage does after each prune
    await store.sparesReady();

    // The spare left (a copy of r1, 42 files from r2) now holds r2's files, linked from the live release.
    expect(store.spares).toBe(2);
    const spares = readdirSync(path.join(root, 'releases')).filter((d) => d.startsWith('.spare'));
    const behind = spares.map((d) => path.join(root, 'releases', d)).filter((d) => existsSync(path.join(d, 'p0')));
    expect(behind.length).toBe(2);
    for (const dir of behind) {
      expect(readFileSync(path.join(dir, 'p5/index.html'), 'utf8')).toBe('shifted 5');
      expect(statSync(path.join(dir, 'p5/index.html')).ino).toBe(statSync(path.join(root, 'live/p5/index.html')).ino);
      expect(readFileSync(path.join(dir, 'new/index.html'), 'utf8')).toBe('new page');
      expect(existsSync(path.join(dir, 'p150'))).toBe(false); // a page gone, with its folder
    }
    // The next edit's stage finds a spare one page away: it places one file.
    const edited = shifted.map((f) => (f.path === 'p100/index.html' ? file(work, f.path, 'edited') : f));
    expect(await store.stage('r3', edited)).toMatchObject({ written: 1, reused: 199 });
    await store.activate('r3');
    expect(readFileSync(path.join(root, 'live/p100/index.html'), 'utf8')).toBe('edited');
    expect(readFileSync(path.join(root, 'live/p5/index.html'), 'utf8')).toBe('shifted 5');
    expect(existsSync(path.join(root, 'live/p150'))).toBe(false);
  });
});

/**
 * r1 (120 pages) live with four spare copies of it, then r2 (its first 30 pages changed) staged on
 * one of them and live: three spares 30 files behind.
 */
async function r2OverFourSpares(store: DirReleaseStore, src: string) {
  const pages = Array.from({ length: 120 }, (_, i) => file(src, `p${i}/index.html`, `page ${i}`));
  await store.stage('r1', pages);
  await store.activate('r1');
  store.prepareNext(4);
  await store.sparesReady();
  expect(store.spares).toBe(4);
  const work = mkdtempSync(path.join(tmpdir(), 'r2-'));
  const r2 = pages.map((f, i) => (i < 30 ? file(work, f.path, `r2 ${i}`) : f));
  await store.stage('r2', r2);
  await store.activate('r2');
  return { work, r2 };
}

describe('dir release store, a stage while spares are brought up to date', () => {
  it('never brings up to date a spare a stage took meanwhile (it would come back with only the changed files)', async () => {
    const { root, src, store } = freshStore();
    const { work, r2 } = await r2OverFourSpares(store, src);
    store.prepareNext(); // three spares of r1 to bring to r2, one after the other
    const r3 = r2.map((f) => (f.path === 'p50/index.html' ? file(work, f.path, 'r3') : f));
    await store.stage('r3', r3); // takes one of them meanwhile
    await store.activate('r3');
    await store.sparesReady();
    const count = (dir: string): number =>
      readdirSync(dir, { withFileTypes: true }).reduce(
        (n, d) => n + (d.name.startsWith('.') ? 0 : d.isDirectory() ? count(path.join(dir, d.name)) : 1),
        0,
      );
    const spares = readdirSync(path.join(root, 'releases')).filter((d) => d.startsWith('.spare'));
    expect(spares.length).toBeGreaterThan(0);
    for (const d of spares) expect(count(path.join(root, 'releases', d))).toBe(120);
    expect(count(path.join(root, 'releases/r3'))).toBe(120);
    expect(readFileSync(path.join(root, 'live/p50/index.html'), 'utf8')).toBe('r3');
  });

  it('waits for the spare being brought up to date rather than link again what it links on a spare as far behind', async () => {
    /** Pages the stage of r3 linked into its folder (files it placed that the refresh placed too). */
    const linkedByStage: string[] = [];
    const root = mkdtempSync(path.join(tmpdir(), 'rel-'));
    const src = mkdtempSync(path.join(tmpdir(), 'src-'));
    const byStage = (to: string) => {
      const placed = /releases\/r3\/p(\d+)\/index\.html$/.exec(to);
      if (placed && Number(placed[1]) < 30) linkedByStage.push(to);
    };
    const store = new DirReleaseStore({
      root,
      io: {
        link: async (from, to) => {
          byStage(String(to));
          return link(from, to);
        },
        linkSync: (from, to) => {
          byStage(to);
          linkSync(from, to);
        },
      },
    });
    const { work, r2 } = await r2OverFourSpares(store, src);
    // An edit publishes: the refresh of the spares to r2 waits, until the stage of r3 waits for it.
    const letGo = store.hold();
    store.prepareNext();
    await new Promise((r) => setTimeout(r, 50));
    const r3 = r2.map((f) => (f.path === 'p50/index.html' ? file(work, f.path, 'r3') : f));
    // On the refreshed spare it places the one file it changes (new bytes), none of the 30 the refresh placed.
    expect(await store.stage('r3', r3)).toMatchObject({ written: 1, reused: 119 });
    expect(linkedByStage).toEqual([]);
    await store.activate('r3');
    letGo();
    await store.sparesReady();
    expect(readFileSync(path.join(root, 'live/p50/index.html'), 'utf8')).toBe('r3');
    expect(readFileSync(path.join(root, 'live/p5/index.html'), 'utf8')).toBe('r2 5');
  });
  /** The spare folders, each as the release whose first page it holds ('r1' or 'r2'). */
  const sparesHolding = (root: string) =>
    readdirSync(path.join(root, 'releases'))
      .filter((d) => d.startsWith('.spare'))
      .map((d) => (readFileSync(path.join(root, 'releases', d, 'p0/index.html'), 'utf8') === 'r2 0' ? 'r2' : 'r1'))
      .sort();

  it('brings one spare up to the live release, the others when their turn comes (each once, however far behind)', async () => {
    const { root, src, store } = freshStore();
    const { work, r2 } = await r2OverFourSpares(store, src);
    store.prepareNext();
    await store.sparesReady();
    // One at r2 for the next stage; two still at r1 (after a footer's every page, six spares each
    // linked every later release's files, while the edits after it rendered).
    expect(sparesHolding(root)).toEqual(['r1', 'r1', 'r2']);
    const r3 = r2.map((f) => (f.path === 'p50/index.html' ? file(work, f.path, 'r3') : f));
    expect(await store.stage('r3', r3)).toMatchObject({ written: 1, reused: 119 }); // on the one at r2
    await store.activate('r3');
    await store.prune(5);
    store.prepareNext();
    await store.sparesReady();
    // The next: from r1 to r3 in one go (r2's 30 pages and r3's one).
    expect(sparesHolding(root)).toEqual(['r1', 'r2']);
    const spares = readdirSync(path.join(root, 'releases')).filter((d) => d.startsWith('.spare'));
    const atR3 = spares.find((d) => readFileSync(path.join(root, 'releases', d, 'p0/index.html'), 'utf8') === 'r2 0');
    expect(readFileSync(path.join(root, 'releases', atR3!, 'p50/index.html'), 'utf8')).toBe('r3');
  });

  it('brings it up to date in this process when a few files changed: no cp process', async () => {
    const path0 = process.env.PATH;
    const said = fakeCp((said) => `echo "$*" >> ${said}\nexec /bin/cp "$@"`);
    try {
      const { root, src, store } = freshStore();
      const { work, r2 } = await r2OverFourSpares(store, src);
      const copies = existsSync(said) ? readFileSync(said, 'utf8') : '';
      store.prepareNext();
      await store.sparesReady();
      expect(sparesHolding(root)).toEqual(['r1', 'r1', 'r2']);
      const calls = existsSync(said) ? readFileSync(said, 'utf8') : '';
      expect(calls).toBe(copies); // the 30 files r2 changed linked without a cp
      const r3 = r2.map((f) => (f.path === 'p50/index.html' ? file(work, f.path, 'r3') : f));
      expect(await store.stage('r3', r3)).toMatchObject({ written: 1, reused: 119 });
      await store.activate('r3');
      for (const i of [0, 29, 30, 50])
        expect(readFileSync(path.join(root, 'live', `p${i}/index.html`), 'utf8')).toBe(
          i < 30 ? `r2 ${i}` : i === 50 ? 'r3' : `page ${i}`,
        );
    } finally {
      process.env.PATH = path0;
    }
  });

  it('links many files into a spare in cp processes, and one link at a time where cp has no --parents', async () => {
    // More than the Linker links in this process (2,000 here; LINKS_IN_PROCESS in the store).
    const many = Array.from({ length: 2_500 }, (_, i) => `d${i % 50}/p${i}.html`);
    const from = folderWith(many);
    for (const cpHasParents of [true, false]) {
      const path0 = process.env.PATH;
      const said = fakeCp((said) =>
        cpHasParents
          ? `echo "$*" >> ${said}\nexec /bin/cp "$@"`
          : `case "$*" in *--parents*) echo "cp: illegal option -- -" >&2; exit 64;; esac\nexec /bin/cp "$@"`,
      );
      try {
        const to = mkdtempSync(path.join(tmpdir(), 'spare-'));
        const io = { copyFile, link, linkSync, writeFile };
        await new Linker(io, new Background(to), 2_000).linkAll(from, to, many);
        const calls = existsSync(said) ? readFileSync(said, 'utf8') : '';
        expect(calls.split('\n').filter((l) => l.includes('--parents')).length).toBe(cpHasParents ? 2 : 0);
        for (const p of [many[0]!, many[2_499]!])
          expect(statSync(path.join(to, p)).ino).toBe(statSync(path.join(from, p)).ino);
      } finally {
        process.env.PATH = path0;
      }
    }
  });

  it('links a few thousand files into a spare in this process, stopping between batches while an edit publishes', async () => {
    const many = Array.from({ length: 1_600 }, (_, i) => `d${i % 20}/p${i}.html`);
    const from = folderWith(many);
    const to = mkdtempSync(path.join(tmpdir(), 'spare-'));
    const background = new Background(to);
    let linked = 0;
    let letGo: (() => void) | null = null;
    const io = {
      copyFile,
      link,
      writeFile,
      linkSync: (a: string, b: string) => {
        linkSync(a, b);
        // An edit starts publishing after the first batch.
        if (++linked === 500) letGo = background.hold();
      },
    };
    const done = new Linker(io, background).linkAll(from, to, many);
    await new Promise((r) => setTimeout(r, 200));
    expect(linked).toBe(500); // no batch while held
    letGo!();
    await done;
    expect(linked).toBe(1_600);
    for (const p of [many[0]!, many[1_599]!])
      expect(statSync(path.join(to, p)).ino).toBe(statSync(path.join(from, p)).ino);
  });

  it('pauses bringing a spare up to date while an edit publishes, unless its stage waits for it', async () => {
    const { root, src, store } = freshStore();
    const { work, r2 } = await r2OverFourSpares(store, src);
    const letGo = store.hold();
    store.prepareNext();
    await new Promise((r) => setTimeout(r, 300));
    expect(sparesHolding(root)).toEqual(['r1', 'r1', 'r1']); // no link made while held
    // A stage (its edit holds the store) finds only spares behind: the refresh goes on for it.
    const r3 = r2.map((f) => (f.path === 'p50/index.html' ? file(work, f.path, 'r3') : f));
    expect(await store.stage('r3', r3)).toMatchObject({ written: 1, reused: 119 });
    await store.activate('r3');
    letGo();
    await store.sparesReady();
    expect(readFileSync(path.join(root, 'live/p5/index.html'), 'utf8')).toBe('r2 5');
    expect(readFileSync(path.join(root, 'live/p50/index.html'), 'utf8')).toBe('r3');
  });
});
