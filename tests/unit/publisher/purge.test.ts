/**
 * Purge adapters against a recording HTTP server on loopback: the CDNs' own SDKs talk HTTP to
 * it as they would to Cloudflare and Fastly; the command adapter runs a real shell command.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCloudflarePurger } from '../../../scripts/publisher/purge/cloudflare.ts';
import { createCommandPurger } from '../../../scripts/publisher/purge/command.ts';
import { createFastlyPurger } from '../../../scripts/publisher/purge/fastly.ts';
import { createPurger } from '../../../scripts/publisher/purge/index.ts';
import { publicUrls } from '../../../scripts/publisher/purge/urls.ts';
import { startRecorder } from './recorder.ts';

const SITE = 'https://www.agency.example.go.th';
const CHANGE = {
  tags: ['article:a', 'article:ข่าว', 'home:th', 'article:a'],
  paths: ['index.html', 'en/index.html', 'en/article/a/index.html', 'en/rss.xml', 'en/article/gone/index.html'],
};
const URLS = [`${SITE}/`, `${SITE}/en/`, `${SITE}/en/article/a/`, `${SITE}/en/rss.xml`, `${SITE}/en/article/gone/`];
const ENCODED_TAGS = ['article:a', `article:${encodeURIComponent('ข่าว')}`, 'home:th'];

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'purge-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('public URLs of site paths', () => {
  it('maps index files to their directory URL, keeps other names', () => {
    expect(publicUrls(SITE, CHANGE.paths)).toEqual(URLS);
    expect(publicUrls(`${SITE}/portal/`, ['/en/news/', 'en/news/index.html'])).toEqual([`${SITE}/portal/en/news/`]);
  });
});

describe('PURGE_COMMAND adapter', () => {
  it('hands the command the tags and paths as JSON on stdin, once', async () => {
    const out = path.join(work, 'purge.json');
    const purger = createPurger({ PURGE_COMMAND: `cat > '${out}'` });
    expect(purger.name).toBe('command');
    const report = await purger.purge(CHANGE);
    expect(JSON.parse(await readFile(out, 'utf8'))).toEqual({ tags: ENCODED_TAGS, paths: CHANGE.paths });
    expect(report).toMatchObject({ requests: 1, tagsSkipped: 0 });
  });

  it('a failing command fails the purge with its message', async () => {
    const purger = createCommandPurger({ command: 'cat >/dev/null; echo "CDN said no" >&2; exit 3' });
    await expect(purger.purge(CHANGE)).rejects.toThrow(/exited with 3: CDN said no/);
  });

  it('nothing changed: the command is not run', async () => {
    const out = path.join(work, 'never.json');
    await createCommandPurger({ command: `cat > '${out}'` }).purge({ tags: [], paths: [] });
    await expect(readFile(out)).rejects.toThrow(/ENOENT/);
  });
});

describe('Cloudflare adapter (cloudflare SDK)', () => {
  const ok = () => ({ status: 200, body: { success: true, errors: [], messages: [], result: { id: 'purge-1' } } });

  it('purges tags in batches, then the changed pages by URL', async () => {
    const api = await startRecorder(ok);
    try {
      const purger = createCloudflarePurger({
        apiToken: 't0ken',
        zoneId: 'zone1',
        siteUrl: SITE,
        baseURL: api.url,
        batchSize: 2,
      });
      const report = await purger.purge(CHANGE);
      expect(api.requests.map((r) => [r.method, r.url])).toEqual(Array(5).fill(['POST', '/zones/zone1/purge_cache']));
      expect(api.requests.map((r) => r.body)).toEqual([
        { tags: ENCODED_TAGS.slice(0, 2) },
        { tags: ENCODED_TAGS.slice(2) },
        { files: URLS.slice(0, 2) },
        { files: URLS.slice(2, 4) },
        { files: URLS.slice(4) },
      ]);
      expect(api.requests[0]?.headers.authorization).toBe('Bearer t0ken');
      expect(report).toEqual({ adapter: 'cloudflare', tags: 3, urls: 5, requests: 5, tagsSkipped: 0 });
    } finally {
      await api.close();
    }
  });

  it('keeps to the tag purge rate and falls back to URL purges when it is used up', async () => {
    const api = await startRecorder(ok);
    let clock = 0;
    try {
      const purger = createCloudflarePurger({
        apiToken: 't',
        zoneId: 'z',
        siteUrl: SITE,
        baseURL: api.url,
        batchSize: 100,
        tagRequestsPerMinute: 5,
        tagBurst: 2,
        now: () => clock,
      });
      await purger.purge(CHANGE);
      await purger.purge(CHANGE);
      const third = await purger.purge(CHANGE);
      // Two tag purges fit the bucket; the third publish purges by URL only.
      expect(api.requests.filter((r) => (r.body as { tags?: unknown }).tags)).toHaveLength(2);
      expect(api.requests.filter((r) => (r.body as { files?: unknown }).files)).toHaveLength(3);
      expect(third).toMatchObject({ tags: 0, tagsSkipped: 3, urls: 5 });
      clock += 12_000; // one token back at 5 a minute
      expect(await purger.purge(CHANGE)).toMatchObject({ tags: 3, tagsSkipped: 0 });
    } finally {
      await api.close();
    }
  });

  it('a 429 on tags is not retried: the pages go by URL and the bucket waits', async () => {
    const api = await startRecorder((r) =>
      (r.body as { tags?: unknown }).tags
        ? {
            status: 429,
            body: { success: false, errors: [{ code: 10000, message: 'rate limited' }], messages: [], result: null },
          }
        : ok(),
    );
    try {
      const purger = createCloudflarePurger({
        apiToken: 't',
        zoneId: 'z',
        siteUrl: SITE,
        baseURL: api.url,
        batchSize: 2,
        now: () => 0,
      });
      const report = await purger.purge(CHANGE);
      expect(report).toMatchObject({ tags: 0, tagsSkipped: 3, urls: 5 });
      expect(api.requests.filter((r) => (r.body as { tags?: unknown }).tags)).toHaveLength(1);
      await purger.purge(CHANGE);
      expect(api.requests.filter((r) => (r.body as { tags?: unknown }).tags)).toHaveLength(1);
    } finally {
      await api.close();
    }
  });

  it('another error fails the purge', async () => {
    const api = await startRecorder(() => ({
      status: 403,
      body: { success: false, errors: [{ code: 10000, message: 'Authentication error' }], messages: [], result: null },
    }));
    try {
      const purger = createCloudflarePurger({ apiToken: 't', zoneId: 'z', siteUrl: SITE, baseURL: api.url });
      await expect(purger.purge(CHANGE)).rejects.toThrow(/Authentication error/);
    } finally {
      await api.close();
    }
  });
});

describe('Fastly adapter (fastly SDK)', () => {
  it('purges surrogate keys in batches of the given size and every changed URL', async () => {
    const api = await startRecorder((r) => ({
      status: 200,
      body: r.url.startsWith('/service/') ? { 'article:a': 'id-1' } : { status: 'ok', id: 'id-2' },
    }));
    try {
      const purger = createFastlyPurger({
        apiToken: 'fk',
        serviceId: 'svc1',
        siteUrl: SITE,
        apiBase: api.url,
        batchSize: 2,
        soft: true,
      });
      const report = await purger.purge(CHANGE);
      const keyPurges = api.requests.filter((r) => r.url === '/service/svc1/purge');
      expect(keyPurges.map((r) => r.body)).toEqual([
        { surrogate_keys: ENCODED_TAGS.slice(0, 2) },
        { surrogate_keys: ENCODED_TAGS.slice(2) },
      ]);
      expect(keyPurges[0]?.headers['fastly-key']).toBe('fk');
      expect(keyPurges[0]?.headers['fastly-soft-purge']).toBe('1');
      const urlPurges = api.requests
        .filter((r) => r.url.startsWith('/purge/'))
        .map((r) => r.url)
        .sort();
      expect(urlPurges).toEqual(URLS.map((u) => `/purge/${u.replace('https://', '')}`).sort());
      expect(report).toEqual({ adapter: 'fastly', tags: 3, urls: 5, requests: 7, tagsSkipped: 0 });
    } finally {
      await api.close();
    }
  });

  it('a refused purge fails', async () => {
    const api = await startRecorder(() => ({
      status: 401,
      body: { msg: 'Provided credentials are missing or invalid' },
    }));
    try {
      const purger = createFastlyPurger({ apiToken: 'bad', serviceId: 'svc1', siteUrl: SITE, apiBase: api.url });
      await expect(purger.purge(CHANGE)).rejects.toThrow();
    } finally {
      await api.close();
    }
  });
});

describe('choosing the adapter', () => {
  it('follows PURGE_ADAPTER, with PURGE_COMMAND the default and nothing without a CDN', () => {
    expect(createPurger({}).name).toBe('none');
    expect(createPurger({ PURGE_COMMAND: 'true' }).name).toBe('command');
    expect(
      createPurger({ PURGE_ADAPTER: 'cloudflare', CLOUDFLARE_API_TOKEN: 't', CLOUDFLARE_ZONE_ID: 'z', SITE_URL: SITE })
        .name,
    ).toBe('cloudflare');
    expect(
      createPurger({ PURGE_ADAPTER: 'fastly', FASTLY_API_TOKEN: 't', FASTLY_SERVICE_ID: 's', SITE_URL: SITE }).name,
    ).toBe('fastly');
    expect(() => createPurger({ PURGE_ADAPTER: 'cloudflare' })).toThrow(/CLOUDFLARE_API_TOKEN/);
    expect(() => createPurger({ PURGE_ADAPTER: 'akamai' })).toThrow(/PURGE_ADAPTER/);
  });
});
