import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressFolder } from '../../../scripts/publisher/precompress.ts';
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
