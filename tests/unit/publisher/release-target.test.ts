/**
 * PUBLISH_TARGET picks the release store; the dir store keeps each page's cache tags in its
 * manifest and the site server sends them as `Surrogate-Key` / `Cache-Tag`, as the S3 store
 * stores them on its objects.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DirReleaseStore } from '../../../scripts/publisher/release-store/dir.ts';
import { createReleaseStore } from '../../../scripts/publisher/release-store/index.ts';
import { S3ReleaseStore } from '../../../scripts/publisher/release-store/s3.ts';
import { startSiteServer } from '../../../scripts/publisher/site-server.ts';
import { recordTag, tagsOf } from '../../../scripts/publisher/tags.ts';

describe('PUBLISH_TARGET', () => {
  it('is dir by default, s3 with a bucket, and anything else stops the start with the choices', async () => {
    expect(await createReleaseStore({}, '/tmp/x')).toBeInstanceOf(DirReleaseStore);
    expect(await createReleaseStore({ PUBLISH_TARGET: 'dir' }, '/tmp/x')).toBeInstanceOf(DirReleaseStore);
    const s3 = await createReleaseStore(
      { PUBLISH_TARGET: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:1' },
      '/x',
    );
    expect(s3).toBeInstanceOf(S3ReleaseStore);
    await expect(createReleaseStore({ PUBLISH_TARGET: 's3' }, '/x')).rejects.toThrow(/S3_BUCKET/);
    await expect(createReleaseStore({ PUBLISH_TARGET: 'ftp' }, '/x')).rejects.toThrow(
      'PUBLISH_TARGET must be dir or s3, not "ftp"',
    );
  });
});

describe('cache tags', () => {
  it('name a record by collection and key, the same in both languages', () => {
    expect(recordTag('articles/th/my-slug')).toBe('articles:my-slug');
    expect(tagsOf(['articles/th/a', 'articles/en/a', 'menu/en/main'])).toEqual(['articles:a', 'menu:main']);
  });

  it('travel from the dir release to the site server headers, per page', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'rel-'));
    const src = mkdtempSync(path.join(tmpdir(), 'src-'));
    const file = (p: string, text: string, tags?: string[]) => {
      const source = path.join(src, p.replaceAll('/', '_'));
      writeFileSync(source, text);
      return { path: p, source, hash: createHash('sha256').update(text).digest('hex'), ...(tags ? { tags } : {}) };
    };
    const store = new DirReleaseStore({ root });
    await store.stage('r1', [
      file('en/article/a/index.html', '<p>a</p>', ['articles:a', 'menu:main']),
      file('favicon.svg', '<svg/>'),
    ]);
    await store.activate('r1');
    expect((await store.files('r1'))!.get('en/article/a/index.html')!.tags).toEqual(['articles:a', 'menu:main']);
    const site = await startSiteServer({ root, port: 0 });
    try {
      const page = await fetch(`${site.url}/en/article/a/`);
      expect(page.headers.get('surrogate-key')).toBe('articles:a menu:main');
      expect(page.headers.get('cache-tag')).toBe('articles:a,menu:main');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      const icon = await fetch(`${site.url}/favicon.svg`);
      expect(icon.status).toBe(200);
      expect(icon.headers.get('surrogate-key')).toBeNull();
    } finally {
      await site.close();
    }
  });

  it('are held only for the live and kept releases: a long-lived site server does not grow per publish', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'rel-'));
    const src = mkdtempSync(path.join(tmpdir(), 'src-'));
    const store = new DirReleaseStore({ root });
    const site = await startSiteServer({ root, port: 0 });
    try {
      for (let i = 1; i <= 8; i++) {
        const text = `<p>release ${i}</p>`;
        const source = path.join(src, `page-${i}.html`);
        writeFileSync(source, text);
        const hash = createHash('sha256').update(text).digest('hex');
        await store.stage(`r${i}`, [{ path: 'index.html', source, hash, tags: ['home:main'] }]);
        await store.activate(`r${i}`);
        await store.prune(3);
        expect(await (await fetch(`${site.url}/`)).text()).toBe(text);
      }
      const held = site.heldReleases().map((d) => path.basename(d));
      expect(held).toContain('r8');
      expect(held.length).toBeLessThanOrEqual(3);
    } finally {
      await site.close();
    }
  });
});
