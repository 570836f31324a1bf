/**
 * The dir store's manifest in parts (release-store/dir/manifests.ts `PARTS`) and the stage hint
 * (stages/release.ts `diffFromLive`): an edit's stage writes only the parts of the paths it changed
 * and links the others from the live release, works from the hint alone when it is over the
 * live release, and ignores a hint over any other release.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bucketOf, DirReleaseStore, releaseTags } from '../../../scripts/publisher/release-store/dir.ts';
import { BUCKETS } from '../../../scripts/publisher/release-store/dir/bucketed.ts';
import type { ReleaseFile, ReleaseStore, StageHint } from '../../../scripts/publisher/release-store/types.ts';
import { release } from '../../../scripts/publisher/stages/release.ts';
import type { FileState, Files } from '../../../scripts/publisher/stages/types.ts';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

function fileOf(src: string, p: string, text: string, tags?: string[]): ReleaseFile {
  const source = path.join(src, `${p.replaceAll('/', '_')}-${sha(text).slice(0, 8)}`);
  writeFileSync(source, text);
  return { path: p, source, hash: sha(text), ...(tags ? { tags } : {}) };
}

/** Every file of a release folder but the store's own, with its text. */
function contents(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name.startsWith('.release')) continue;
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out[path.relative(dir, full)] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return out;
}

const partIno = (root: string, id: string, b: number) =>
  statSync(path.join(root, 'releases', id, '.release-parts', `${String(b).padStart(2, '0')}.json`)).ino;

describe('the dir store manifest in parts', () => {
  it("an edit writes only its paths' parts, links the rest, and another process reads the same manifest", async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'parts-'));
    const src = mkdtempSync(path.join(tmpdir(), 'parts-src-'));
    const store = new DirReleaseStore({ root });
    const pages = Array.from({ length: 300 }, (_, i) =>
      fileOf(src, `article/${i}/index.html`, `page ${i}`, [`article:${i}`]),
    );
    await store.stage('r1', pages);
    await store.activate('r1');
    store.prepareNext();
    await store.sparesReady();

    const edited = fileOf(src, 'article/7/index.html', 'page 7, edited', ['article:7', 'menu:main']);
    const added = fileOf(src, 'article/new/index.html', 'a new page', ['article:new']);
    const r2Files = [
      ...pages.filter((p) => p.path !== 'article/7/index.html' && p.path !== 'article/9/index.html'),
      edited,
      added,
    ];
    const hint: StageHint = {
      over: 'r1',
      changed: new Map([
        [edited.path, edited],
        [added.path, added],
        ['article/9/index.html', null],
      ]),
    };
    // Onto a spare with the hint, the store never asks for the whole list (every file of the site).
    let listed = 0;
    const list = () => (listed++, r2Files);
    expect(await store.stage('r2', list, hint)).toMatchObject({ written: 2, reused: 298 });
    expect(listed).toBe(0);
    await store.activate('r2');

    const expected = Object.fromEntries(
      r2Files.map((f) => [
        f.path,
        f === edited ? 'page 7, edited' : f === added ? 'a new page' : readFileSync(f.source, 'utf8'),
      ]),
    );
    expect(contents(path.join(root, 'releases/r2'))).toEqual(expected);
    const dirty = new Set([edited.path, added.path, 'article/9/index.html'].map(bucketOf));
    for (let b = 0; b < BUCKETS; b++) {
      if (dirty.has(b)) expect(partIno(root, 'r2', b), `part ${b}`).not.toBe(partIno(root, 'r1', b));
      else expect(partIno(root, 'r2', b), `part ${b}`).toBe(partIno(root, 'r1', b));
    }

    // A store of another process (a restart) reads r2 from its parts.
    const again = await new DirReleaseStore({ root }).files('r2');
    expect(new Map([...again!].map(([p, f]) => [p, f.hash]))).toEqual(new Map(r2Files.map((f) => [f.path, f.hash])));
    expect(again!.get(edited.path)!.tags).toEqual(['article:7', 'menu:main']);
    expect(again!.has('article/9/index.html')).toBe(false);
    const tags = await releaseTags(path.join(root, 'releases/r2'));
    expect(tags.get(added.path)).toEqual(['article:new']);
    expect(tags.get('article/3/index.html')).toEqual(['article:3']);
  });

  it('takes over a release staged before the parts (one .release.json): its tags served, the next stage writes every part', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'parts-'));
    const src = mkdtempSync(path.join(tmpdir(), 'parts-src-'));
    const a = fileOf(src, 'a/index.html', 'a one', ['article:a']);
    const b = fileOf(src, 'b/index.html', 'b one');
    const old = path.join(root, 'releases/r0');
    mkdirSync(path.join(old, 'a'), { recursive: true });
    mkdirSync(path.join(old, 'b'), { recursive: true });
    copyFileSync(a.source, path.join(old, a.path));
    copyFileSync(b.source, path.join(old, b.path));
    const head = { id: 'r0', publishedAt: new Date().toISOString() };
    writeFileSync(
      path.join(old, '.release.json'),
      JSON.stringify({ ...head, files: { [a.path]: a.hash, [b.path]: b.hash }, tags: { [a.path]: a.tags } }),
    );
    symlinkSync(path.join('releases', 'r0'), path.join(root, 'live'));
    expect((await releaseTags(old)).get(a.path)).toEqual(['article:a']);

    const store = new DirReleaseStore({ root });
    const b2 = fileOf(src, 'b/index.html', 'b two', ['article:b']);
    expect(await store.stage('r1', [a, b2], { over: 'r0', changed: new Map([[b2.path, b2]]) })).toEqual({
      written: 1,
      reused: 1,
    });
    await store.activate('r1');
    expect(contents(path.join(root, 'releases/r1'))).toEqual({ 'a/index.html': 'a one', 'b/index.html': 'b two' });
    expect(readdirSync(path.join(root, 'releases/r1/.release-parts'))).toHaveLength(BUCKETS);
    const tags = await releaseTags(path.join(root, 'releases/r1'));
    expect([tags.get(a.path), tags.get(b2.path)]).toEqual([['article:a'], ['article:b']]);
  });

  it('takes over a release staged with another number of parts (an older layout): read whole, the next stage writes every part', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'parts-'));
    const src = mkdtempSync(path.join(tmpdir(), 'parts-src-'));
    const a = fileOf(src, 'a/index.html', 'a one', ['article:a']);
    const b = fileOf(src, 'b/index.html', 'b one', ['article:b']);
    const old = path.join(root, 'releases/r0');
    mkdirSync(path.join(old, '.release-parts'), { recursive: true });
    for (const f of [a, b]) {
      mkdirSync(path.join(old, path.dirname(f.path)), { recursive: true });
      copyFileSync(f.source, path.join(old, f.path));
    }
    // Two parts, each path in the "wrong" one for BUCKETS.
    const part = (f: ReleaseFile) => JSON.stringify({ files: { [f.path]: f.hash }, tags: { [f.path]: f.tags } });
    writeFileSync(path.join(old, '.release-parts/00.json'), part(a));
    writeFileSync(path.join(old, '.release-parts/01.json'), part(b));
    writeFileSync(
      path.join(old, '.release.json'),
      JSON.stringify({ id: 'r0', publishedAt: new Date().toISOString(), parts: 2 }),
    );
    symlinkSync(path.join('releases', 'r0'), path.join(root, 'live'));
    expect((await releaseTags(old)).get(b.path)).toEqual(['article:b']);

    const store = new DirReleaseStore({ root });
    expect(new Map([...(await store.files('r0'))!].map(([p, f]) => [p, f.hash]))).toEqual(
      new Map([a, b].map((f) => [f.path, f.hash])),
    );
    const b2 = fileOf(src, 'b/index.html', 'b two', ['article:b']);
    await store.stage('r1', [a, b2], { over: 'r0', changed: new Map([[b2.path, b2]]) });
    await store.activate('r1');
    expect(readdirSync(path.join(root, 'releases/r1/.release-parts'))).toHaveLength(BUCKETS);
    expect(contents(path.join(root, 'releases/r1'))).toEqual({ 'a/index.html': 'a one', 'b/index.html': 'b two' });
    const tags = await releaseTags(path.join(root, 'releases/r1'));
    expect([tags.get(a.path), tags.get(b2.path)]).toEqual([['article:a'], ['article:b']]);
  });

  it('ignores a hint over a release that is not the live one', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'parts-'));
    const src = mkdtempSync(path.join(tmpdir(), 'parts-src-'));
    const store = new DirReleaseStore({ root });
    const a = fileOf(src, 'a/index.html', 'a one');
    const b = fileOf(src, 'b/index.html', 'b one');
    await store.stage('r1', [a, b]);
    await store.activate('r1');
    const a2 = fileOf(src, 'a/index.html', 'a two');
    await store.stage('r2', [a2, b]);
    await store.activate('r2');
    // Over r1 (not live) `a` did change, but this hint names only `b`: taken at its word, r3
    // would keep r2's `a`.
    const a3 = fileOf(src, 'a/index.html', 'a three');
    const b3 = fileOf(src, 'b/index.html', 'b three');
    store.prepareNext(); // staged onto a copy of r2, as an edit's release is
    await store.sparesReady();
    await store.stage('r3', () => [a3, b3], { over: 'r1', changed: new Map([[b3.path, b3]]) }); // the list asked for
    expect(contents(path.join(root, 'releases/r3'))).toEqual({ 'a/index.html': 'a three', 'b/index.html': 'b three' });
    const manifest = await new DirReleaseStore({ root }).files('r3');
    expect(manifest!.get('a/index.html')!.hash).toBe(a3.hash);
  });
});

describe('the stage hint', () => {
  it('names the files whose state changed since the released files, twins that went included', async () => {
    const hints: Array<StageHint | undefined> = [];
    const store = {
      stage: async (_id: string, _files: readonly ReleaseFile[], hint?: StageHint) => {
        hints.push(hint);
        return { written: 0, reused: 0 };
      },
      activate: async () => {},
    } as unknown as ReleaseStore;
    const page = (p: string, hash: string, twins = true): FileState => ({
      hash,
      source: `/work/${p}`,
      page: true,
      twins: twins
        ? [
            { suffix: '.br', hash: `${hash}-br`, source: `/work/${p}.br` },
            { suffix: '.gz', hash: `${hash}-gz`, source: `/work/${p}.gz` },
          ]
        : [],
    });
    const first: Files = new Map([
      ['a/index.html', page('a/index.html', 'a1')],
      ['b/index.html', page('b/index.html', 'b1')],
      ['c/index.html', page('c/index.html', 'c1')],
    ]);
    const out = await release({ store, id: 'r1', files: first, twins: true });
    expect(hints[0]).toBeUndefined(); // nothing released before: no hint

    const next: Files = new Map(out.files);
    next.set('b/index.html', page('b/index.html', 'b2', false)); // now too small for twins
    next.delete('c/index.html');
    next.set('d/index.html', page('d/index.html', 'd1'));
    await release({ store, id: 'r2', files: next, twins: true, live: out.files });
    const hint = hints[1]!;
    expect(hint.over).toBe('r1');
    expect(Object.fromEntries([...hint.changed].map(([p, f]) => [p, f?.hash ?? null]))).toEqual({
      'b/index.html': 'b2',
      'b/index.html.br': null,
      'b/index.html.gz': null,
      'c/index.html': null,
      'c/index.html.br': null,
      'c/index.html.gz': null,
      'd/index.html': 'd1',
      'd/index.html.br': 'd1-br',
      'd/index.html.gz': 'd1-gz',
    });
    // Files not released by `release` (adopted on start, a rollback's) give no hint.
    await release({ store, id: 'r3', files: next, twins: true, live: new Map(out.files) });
    expect(hints[2]).toBeUndefined();
  });
});
