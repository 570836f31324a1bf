import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { precompressFolder, TwinStash } from '../../../scripts/publisher/precompress.ts';
import { filesOfFolder } from '../../../scripts/publisher/stages/files.ts';

const page = '<!doctype html><html lang="th"><title>ข่าว</title>' + '<p>เนื้อหาข่าวประชาสัมพันธ์</p>'.repeat(80);

describe("a build's twins (npm run build)", () => {
  it('writes the Brotli and gzip twins of every page and text file worth it, once, and the base release takes them', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'twins-'));
    mkdirSync(path.join(dist, 'news'), { recursive: true });
    writeFileSync(path.join(dist, 'news/index.html'), page);
    writeFileSync(path.join(dist, 'small.css'), 'a{}'); // under 1 KB: not worth a twin
    writeFileSync(path.join(dist, 'logo.png'), Buffer.alloc(4096)); // not text
    const first = await precompressFolder(dist);
    expect(first.files).toBe(1); // the page: the stylesheet is too small, the image not text
    expect(brotliDecompressSync(readFileSync(path.join(dist, 'news/index.html.br'))).toString()).toBe(page);
    expect(gunzipSync(readFileSync(path.join(dist, 'news/index.html.gz'))).toString()).toBe(page);
    expect(existsSync(path.join(dist, 'small.css.br'))).toBe(false);
    expect(existsSync(path.join(dist, 'logo.png.br'))).toBe(false);
    const made = statSync(path.join(dist, 'news/index.html.br')).mtimeMs;
    expect((await precompressFolder(dist)).files).toBe(0); // a second run leaves them
    expect(statSync(path.join(dist, 'news/index.html.br')).mtimeMs).toBe(made);

    const pages = new Map([['news/index.html', { cacheKey: 'k' }]]);
    const withTwins = await filesOfFolder(dist, pages, true); // a store that serves twins (dir)
    expect([...withTwins.keys()].sort()).toEqual(['logo.png', 'news/index.html', 'small.css']);
    expect(withTwins.get('news/index.html')!.twins?.map((t) => t.suffix)).toEqual(['.br', '.gz']);
    // Files no twins are made for say so: the first publish after a base release does not read them again.
    expect(withTwins.get('small.css')!.twins).toEqual([]);
    expect(withTwins.get('logo.png')!.twins).toEqual([]);
    const without = await filesOfFolder(dist, pages, false); // one that does not (s3): no twin uploaded
    expect([...without.keys()].sort()).toEqual(['logo.png', 'news/index.html', 'small.css']);
    expect(without.get('news/index.html')!.twins).toBeUndefined();
    // A page worth twins that has none (a build made without them): the next publish makes them.
    writeFileSync(path.join(dist, 'about.html'), page);
    expect((await filesOfFolder(dist, pages, true)).get('about.html')!.twins).toBeUndefined();
  });
});

describe('the twin stash (the twins of a menu’s every page, made ahead of their release)', () => {
  it('makes the twins of some bytes once, keeps them until cleared, and a new process deletes what an old one left', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'stash-')), '.twins');
    const stash = new TwinStash(dir);
    let reads = 0;
    const read = () => (reads++, Buffer.from(page));
    const first = await stash.twinsOf('news/a/index.html', 'h1', read);
    expect(first.map((t) => t.suffix)).toEqual(['.br', '.gz']);
    expect(brotliDecompressSync(readFileSync(first[0]!.source)).toString()).toBe(page);
    expect(gunzipSync(readFileSync(first[1]!.source)).toString()).toBe(page);
    // The same bytes (another rest, after an edit stopped the first): not read nor compressed again.
    expect(await stash.twinsOf('news/a/index.html', 'h1', read)).toBe(first);
    expect(reads).toBe(1);
    // Other bytes at the same path: their own twins, the first kept.
    const second = await stash.twinsOf('news/a/index.html', 'h2', () => Buffer.from(page + '<p>แก้ไข</p>'));
    expect(second[0]!.source).not.toBe(first[0]!.source);
    expect(existsSync(first[0]!.source)).toBe(true);
    expect(stash.size).toBe(2);

    // A restart: the new stash starts empty and the files the old one made go.
    const after = new TwinStash(dir);
    expect(after.size).toBe(0);
    expect(existsSync(first[0]!.source)).toBe(false);
    // ... and are deleted in the background, so that what follows sees only the clearing's work.
    await vi.waitFor(() => expect(readdirSync(path.dirname(dir))).toEqual([]));
    await after.twinsOf('news/b/index.html', 'h3', () => Buffer.from(page));
    const clearing = after.clear();
    expect(after.size).toBe(0);
    expect(existsSync(dir)).toBe(false); // put aside at once, deleted in the background
    await clearing;
    expect(readdirSync(path.dirname(dir))).toEqual([]);

    // What a process killed while deleting left aside goes at the next start.
    mkdirSync(`${dir}.gone-1-0/h9`, { recursive: true });
    new TwinStash(dir);
    await vi.waitFor(() => expect(readdirSync(path.dirname(dir))).toEqual([]));
  });
});
