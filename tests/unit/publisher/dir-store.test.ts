import { mkdtempSync, readFileSync, readlinkSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DirReleaseStore } from '../../../scripts/publisher/release-store/dir.ts';

function file(dir: string, p: string, text: string) {
  const source = path.join(dir, p.replaceAll('/', '_'));
  writeFileSync(source, text);
  return { path: p, source, hash: createHash('sha256').update(text).digest('hex') };
}

describe('dir release store', () => {
  it('stages without touching live, hard-links unchanged files, switches the live symlink, rolls back and prunes', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'rel-'));
    const src = mkdtempSync(path.join(tmpdir(), 'src-'));
    const store = new DirReleaseStore({ root });
    expect(await store.live()).toBeNull();

    const asset = file(src, '_astro/app.1.js', 'js');
    const r1 = await store.stage('r1', [asset, file(src, 'index.html', 'one')]);
    expect(r1).toEqual({ written: 2, reused: 0 });
    expect(await store.live()).toBeNull(); // staged is not live
    await store.activate('r1');
    expect(readFileSync(path.join(root, 'live/index.html'), 'utf8')).toBe('one');

    const r2 = await store.stage('r2', [asset, file(src, 'index.html', 'two')]);
    expect(r2).toEqual({ written: 1, reused: 1 });
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
    const root = mkdtempSync(path.join(tmpdir(), 'rel-'));
    const src = mkdtempSync(path.join(tmpdir(), 'src-'));
    const store = new DirReleaseStore({ root });
    const asset = file(src, '_astro/app.1.js', 'js');
    const gone = file(src, 'old/index.html', 'old page');
    await store.stage('r1', [asset, file(src, 'index.html', 'one'), gone]);
    await store.activate('r1');
    store.prepareNext();
    const r2 = await store.stage('r2', [asset, file(src, 'index.html', 'two')]);
    expect(r2).toEqual({ written: 1, reused: 1 });
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
    const root = mkdtempSync(path.join(tmpdir(), 'rel-'));
    const src = mkdtempSync(path.join(tmpdir(), 'src-'));
    const store = new DirReleaseStore({ root });
    const asset = file(src, '_astro/app.1.js', 'js');
    const kept = file(src, 'kept/index.html', 'kept page');
    await store.stage('r1', [asset, kept, file(src, 'index.html', 'one'), file(src, 'old/deep/index.html', 'old')]);
    await store.activate('r1');
    await store.stage('r2', [asset, kept, file(src, 'index.html', 'two'), file(src, 'new/index.html', 'new')]);
    await store.activate('r2');
    const r1Index = statSync(path.join(root, 'releases/r1/index.html')).ino;

    expect(await store.prune(1)).toEqual(['r1']);
    expect(existsSync(path.join(root, 'releases/r1'))).toBe(false);
    expect(existsSync(path.join(root, 'releases/.next-r2'))).toBe(true); // r1's folder, no fresh copy
    expect((await store.list()).map((r) => r.id)).toEqual(['r2']);
    // The next stage builds on r1's folder, brought to r2's files: only index.html changes.
    const r3 = await store.stage('r3', [
      asset,
      kept,
      file(src, 'index.html', 'three'),
      file(src, 'new/index.html', 'new'),
    ]);
    expect(r3).toEqual({ written: 1, reused: 3 });
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
});
