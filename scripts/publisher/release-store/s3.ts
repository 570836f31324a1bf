/**
 * The release store on any S3-compatible bucket (AWS S3, R2, MinIO, Ceph, s3rver), for a CDN
 * that serves the site straight from the bucket. PUBLISH_TARGET=s3.
 *
 * Layout under S3_PREFIX (`P`):
 *
 *   P/blobs/<sha256>          every file of every kept release, once per content hash (private)
 *   P/releases/<id>.json      a release's manifest: site path → hash and cache tags
 *   P/site/<path>             the live site: what the CDN serves (`/en/news/` → `en/news/index.html`)
 *   P/live.json               the pointer: which release `site/` holds, and when each went live
 *
 * `stage` uploads only the blobs whose hash the bucket does not have yet (so a retry after a
 * failure reuses what was uploaded), then writes the manifest; nothing under `site/` changes.
 * `activate` copies into `site/`, server side and in dependency order, only the files that
 * differ from the live release (hashed assets first, then other files, then pages, then feeds
 * and sitemaps), with their headers; then writes the pointer; then deletes the pages the new
 * release no longer has. Hashed assets stay under `site/_astro/` until `prune` drops the last
 * release that names them, so a page cached anywhere never names a missing asset. A CDN needs no
 * edge code for this layout; the pointer is the publisher's record, and it marks a switch in
 * progress so that an interrupted switch is completed (or undone) by the next one.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import pMap from 'p-map';
import { z } from 'zod';
import { cacheControlOf, contentTypeOf, headersFor, isDocument, isHashedAsset, SECURITY_HEADERS } from './headers.ts';
import { listFiles } from './types.ts';
import type { ReleasedFile, ReleaseFile, ReleaseInfo, ReleaseStore, StageFiles, StageResult } from './types.ts';

/** Tries of one request to the store (the first and the retries), unless AWS_MAX_ATTEMPTS says otherwise. */
const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** Files at least this big go through lib-storage's multipart upload. */
const MULTIPART_FROM = 16 * 1024 * 1024;
/** Up to this many unknown hashes are looked up one by one (HEAD); more, by listing the blobs. */
const HEAD_AT_MOST = 256;
/** S3's limit on user metadata per object (keys and values, UTF-8 bytes). */
const METADATA_LIMIT = 2048;
/** Header names stored as `x-amz-meta-<name>`; the CDN maps each back to `<name>`. */
const META_PREFIX = 'x-amz-meta-';

const manifestSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  stagedAt: z.string(),
  files: z.record(
    z.string(),
    z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/), tags: z.array(z.string()).optional() }),
  ),
});
type Manifest = z.infer<typeof manifestSchema>;

const pointerSchema = z.object({
  version: z.literal(1),
  live: z.string().nullable(),
  /** Set while `site/` is being switched to this release; cleared by the write that finishes it. */
  switching: z.string().nullable(),
  /** When each kept release first went live. */
  activated: z.record(z.string(), z.string()),
});
type Pointer = z.infer<typeof pointerSchema>;

export interface S3StoreOptions {
  client: S3Client;
  bucket: string;
  /** Key prefix, `''` or ending in `/`. */
  prefix?: string;
  /** Requests in flight at once (uploads, copies). */
  concurrency?: number;
  /** Keys a listing request asks for (S3's most and default: 1000). */
  listPageSize?: number;
}

export interface S3Env {
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION?: string;
  S3_PREFIX?: string;
  /** `false` for virtual-hosted buckets; path style is the default when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE?: string;
  S3_CONCURRENCY?: string;
  AWS_ACCESS_KEY_ID?: string;
  AWS_SECRET_ACCESS_KEY?: string;
  AWS_SESSION_TOKEN?: string;
  AWS_MAX_ATTEMPTS?: string;
  /** Milliseconds a request may wait for the store's answer before it is retried (default 30 s). */
  S3_REQUEST_TIMEOUT_MS?: string;
  AWS_REQUEST_CHECKSUM_CALCULATION?: string;
  [name: string]: string | undefined;
}

/** An S3 client from the environment: S3_* for the store, the standard AWS variables for the rest. */
export function s3ClientFromEnv(env: S3Env, overrides: Partial<S3ClientConfig> = {}): S3Client {
  const config: S3ClientConfig = {
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE !== 'false' : Boolean(env.S3_ENDPOINT),
    // Many S3-compatible stores do not take the SDK's default CRC32 trailers on uploads.
    requestChecksumCalculation:
      env.AWS_REQUEST_CHECKSUM_CALCULATION === 'WHEN_SUPPORTED' ? 'WHEN_SUPPORTED' : 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering (a hung connection) must not hold a publish for ever: each
    // request waits this long, then the SDK's retries (below) try it again.
    requestHandler: {
      connectionTimeout: 5_000,
      // Without it the SDK only warns and the request waits for ever (found by the fault test).
      throwOnRequestTimeout: true,
      requestTimeout: env.S3_REQUEST_TIMEOUT_MS ? Number(env.S3_REQUEST_TIMEOUT_MS) : DEFAULT_REQUEST_TIMEOUT_MS,
    },
    // 5xx answers, SlowDown, timeouts and cut connections are retried with exponential back-off
    // and jitter (the SDK's standard retry strategy), DEFAULT_MAX_ATTEMPTS tries in all.
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    ...overrides,
  };
  if (env.S3_ENDPOINT) config.endpoint = env.S3_ENDPOINT;
  if (env.AWS_MAX_ATTEMPTS && !overrides.maxAttempts) config.maxAttempts = Number(env.AWS_MAX_ATTEMPTS);
  // Explicit keys when the given environment has them; otherwise the SDK's default chain
  // (process environment, shared config files, instance or container roles).
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY && !overrides.credentials) {
    config.credentials = {
      accessKeyId: env.AWS_ACCESS_KEY_ID,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
      ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
    };
  }
  return new S3Client(config);
}

/** The S3 release store for PUBLISH_TARGET=s3. */
export function createS3Store(env: S3Env = process.env, overrides: Partial<S3ClientConfig> = {}): S3ReleaseStore {
  if (!env.S3_BUCKET)
    throw new Error('PUBLISH_TARGET=s3 needs S3_BUCKET (and S3_ENDPOINT for a store other than AWS S3)');
  return new S3ReleaseStore({
    client: s3ClientFromEnv(env, overrides),
    bucket: env.S3_BUCKET,
    prefix: env.S3_PREFIX ?? '',
    concurrency: env.S3_CONCURRENCY ? Number(env.S3_CONCURRENCY) : undefined,
  });
}

function normalisePrefix(prefix: string): string {
  const trimmed = prefix.replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
}

function checkId(id: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(id))
    throw new Error(`release id not usable in a key: ${JSON.stringify(id)}`);
}

function checkPath(path: string): void {
  if (!path || path.startsWith('/') || path.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`not a site path: ${JSON.stringify(path)}`);
  }
}

function sameTags(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((tag, i) => tag === y[i]);
}

/** Copy order: hashed assets, other files, pages, then feeds and sitemaps (they name pages). */
function copyRank(path: string): number {
  if (isHashedAsset(path)) return 0;
  if (!isDocument(path)) return 1;
  return path.endsWith('.html') ? 2 : 3;
}

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * Object headers for a site path: Content-Type and Cache-Control as the object's own headers,
 * the security headers and cache tags as user metadata (S3 has no other way to store them),
 * the tags cut to what fits in S3's 2 KB of metadata.
 */
function objectHeaders(path: string, tags: readonly string[] = []) {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) metadata[name.toLowerCase()] = value;
  let used = 0;
  for (const [name, value] of Object.entries(metadata)) used += utf8Length(META_PREFIX + name) + utf8Length(value);
  used += utf8Length(`${META_PREFIX}surrogate-key`) + utf8Length(`${META_PREFIX}cache-tag`);
  const tagLimit = Math.floor((METADATA_LIMIT - used) / 2);
  const headers = headersFor(path, tags, tagLimit);
  if (headers['Surrogate-Key']) metadata['surrogate-key'] = headers['Surrogate-Key'];
  if (headers['Cache-Tag']) metadata['cache-tag'] = headers['Cache-Tag'];
  return { ContentType: contentTypeOf(path), CacheControl: cacheControlOf(path), Metadata: metadata };
}

export class S3ReleaseStore implements ReleaseStore {
  readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;
  readonly concurrency: number;
  readonly listPageSize: number;

  constructor(options: S3StoreOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = normalisePrefix(options.prefix ?? '');
    this.concurrency = options.concurrency && options.concurrency > 0 ? options.concurrency : 16;
    this.listPageSize = options.listPageSize ?? 1000;
  }

  /** Key of the live copy of a site path (what the CDN serves). */
  siteKey(path: string): string {
    return `${this.prefix}site/${path}`;
  }

  blobKey(hash: string): string {
    return `${this.prefix}blobs/${hash}`;
  }

  manifestKey(id: string): string {
    return `${this.prefix}releases/${id}.json`;
  }

  get pointerKey(): string {
    return `${this.prefix}live.json`;
  }

  async live(): Promise<ReleaseInfo | null> {
    const pointer = await this.readPointer();
    if (!pointer.live) return null;
    return { id: pointer.live, publishedAt: pointer.activated[pointer.live] ?? new Date(0).toISOString() };
  }

  async list(): Promise<ReleaseInfo[]> {
    const [pointer, objects] = await Promise.all([this.readPointer(), this.listKeys(`${this.prefix}releases/`)]);
    const releases = objects
      .filter((object) => object.key.endsWith('.json'))
      .map((object) => {
        const id = object.key.slice(`${this.prefix}releases/`.length, -'.json'.length);
        return { id, publishedAt: pointer.activated[id] ?? object.lastModified };
      });
    return releases.sort((a, b) =>
      a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : a.id < b.id ? 1 : -1,
    );
  }

  async stage(id: string, listed: StageFiles): Promise<StageResult> {
    checkId(id);
    const files = listFiles(listed);
    const seen = new Set<string>();
    for (const file of files) {
      checkPath(file.path);
      if (seen.has(file.path)) throw new Error(`${file.path} is twice in release ${id}`);
      seen.add(file.path);
      if (!/^[0-9a-f]{64}$/.test(file.hash)) throw new Error(`${file.path}: hash is not sha256 hex`);
    }
    const unique = new Map<string, ReleaseFile>();
    for (const file of files) if (!unique.has(file.hash)) unique.set(file.hash, file);
    // Blobs of the live and the newest release are there whole (a manifest is written after its
    // blobs, and prune keeps both). Of the other hashes, ask the bucket: one HEAD each when they
    // are few (an edit), one listing when they are many (a first publish, a new bundle).
    const known = new Set<string>();
    const [pointer, releases] = await Promise.all([this.readPointer(), this.list()]);
    for (const other of new Set([pointer.live, releases[0]?.id])) {
      if (!other || other === id) continue;
      for (const entry of Object.values((await this.readManifest(other))?.files ?? {})) known.add(entry.hash);
    }
    const unknown = [...unique.values()].filter((file) => !known.has(file.hash));
    // An object cut short by a failure (stores other than S3 itself may keep one) has the wrong
    // size and is uploaded again.
    let stored: (hash: string) => Promise<number | undefined>;
    if (unknown.length > HEAD_AT_MOST) {
      const listed = new Map(
        (await this.listKeys(`${this.prefix}blobs/`)).map((object) => [
          object.key.slice(`${this.prefix}blobs/`.length),
          object.size,
        ]),
      );
      stored = async (hash) => listed.get(hash);
    } else {
      stored = (hash) => this.sizeOf(this.blobKey(hash));
    }
    const toUpload: ReleaseFile[] = [];
    await pMap(
      unknown,
      async (file) => {
        const size = await stored(file.hash);
        if (size === undefined || size !== (await stat(file.source)).size) toUpload.push(file);
      },
      { concurrency: this.concurrency },
    );
    await pMap(toUpload, (file) => this.uploadBlob(file), { concurrency: this.concurrency });

    const manifest: Manifest = { version: 1, id, stagedAt: new Date().toISOString(), files: {} };
    for (const file of files)
      manifest.files[file.path] = file.tags?.length ? { hash: file.hash, tags: [...file.tags] } : { hash: file.hash };
    await this.putJson(this.manifestKey(id), manifest);
    return { written: toUpload.length, reused: files.length - toUpload.length };
  }

  async files(id: string): Promise<Map<string, ReleasedFile> | null> {
    checkId(id);
    const manifest = await this.readManifest(id);
    return manifest ? new Map(Object.entries(manifest.files)) : null;
  }

  async activate(id: string): Promise<void> {
    checkId(id);
    const target = await this.readManifest(id);
    if (!target) throw new Error(`release ${id} is not staged`);
    const pointer = await this.readPointer();
    const current = pointer.live ? await this.readManifest(pointer.live) : null;
    // A switch that was interrupted may have left some of its files in site/: copy those again.
    const interrupted =
      pointer.switching && pointer.switching !== id ? await this.readManifest(pointer.switching) : null;

    const changed = Object.entries(target.files).filter(([path, entry]) => {
      const before = current?.files[path];
      if (interrupted?.files[path]) return true;
      return !before || before.hash !== entry.hash || !sameTags(before.tags, entry.tags);
    });
    changed.sort(([a], [b]) => copyRank(a) - copyRank(b));

    await this.putJson(this.pointerKey, { ...pointer, switching: id });
    for (const rank of [0, 1, 2, 3]) {
      const batch = changed.filter(([path]) => copyRank(path) === rank);
      await pMap(batch, ([path, entry]) => this.copyToSite(path, entry.hash, entry.tags), {
        concurrency: this.concurrency,
      });
    }
    const now = new Date().toISOString();
    await this.putJson(this.pointerKey, {
      version: 1,
      live: id,
      switching: null,
      activated: { ...pointer.activated, [id]: pointer.activated[id] ?? now },
    } satisfies Pointer);

    // Pages the new release no longer has go only now; hashed assets wait for prune.
    const gone = new Set<string>();
    for (const manifest of [current, interrupted]) {
      for (const path of Object.keys(manifest?.files ?? {}))
        if (!target.files[path] && !isHashedAsset(path)) gone.add(path);
    }
    await this.deleteKeys([...gone].map((path) => this.siteKey(path)));
  }

  async rollback(): Promise<ReleaseInfo> {
    const [live, releases] = await Promise.all([this.live(), this.list()]);
    if (!live) throw new Error('nothing is live: no release to roll back from');
    const index = releases.findIndex((release) => release.id === live.id);
    const previous = releases.find((release, i) => i > index && release.id !== live.id);
    if (!previous) throw new Error(`no release before ${live.id} to roll back to`);
    await this.activate(previous.id);
    return (await this.live()) ?? previous;
  }

  async prune(keep: number): Promise<string[]> {
    const [pointer, releases] = await Promise.all([this.readPointer(), this.list()]);
    const kept = new Set(releases.slice(0, Math.max(0, keep)).map((release) => release.id));
    if (pointer.live) kept.add(pointer.live);
    if (pointer.switching) kept.add(pointer.switching);
    const dropped = releases.filter((release) => !kept.has(release.id)).map((release) => release.id);

    // Manifests first: a prune cut short leaves unnamed objects (removed next time), never a
    // kept release naming a deleted object.
    await this.deleteKeys(dropped.map((id) => this.manifestKey(id)));
    const hashes = new Set<string>();
    const assets = new Set<string>();
    let livePaths: Set<string> | null = null;
    for (const id of kept) {
      const manifest = await this.readManifest(id);
      for (const [path, entry] of Object.entries(manifest?.files ?? {})) {
        hashes.add(entry.hash);
        if (isHashedAsset(path)) assets.add(path);
      }
      if (id === pointer.live && manifest) livePaths = new Set(Object.keys(manifest.files));
    }
    // site/ keeps the live release's files and the hashed assets of every kept release. Other
    // keys there are left by a switch whose clean-up failed: swept now, unless a switch is under way.
    const sitePaths = livePaths && !pointer.switching ? livePaths : null;
    const blobPrefix = `${this.prefix}blobs/`;
    const sitePrefix = this.siteKey('');
    const [blobs, site] = await Promise.all([this.listKeys(blobPrefix), this.listKeys(sitePrefix)]);
    await this.deleteKeys([
      ...blobs.map((object) => object.key).filter((key) => !hashes.has(key.slice(blobPrefix.length))),
      ...site
        .map((object) => object.key)
        .filter((key) => {
          const path = key.slice(sitePrefix.length);
          return isHashedAsset(path) ? !assets.has(path) : sitePaths !== null && !sitePaths.has(path);
        }),
    ]);

    const activated = Object.fromEntries(Object.entries(pointer.activated).filter(([id]) => kept.has(id)));
    if (dropped.length) await this.putJson(this.pointerKey, { ...pointer, activated });
    return dropped;
  }

  /** Uploads one file's bytes under its hash. */
  private async uploadBlob(file: ReleaseFile): Promise<void> {
    const key = this.blobKey(file.hash);
    const params = { Bucket: this.bucket, Key: key, ContentType: contentTypeOf(file.path) };
    const { size } = await stat(file.source);
    if (size >= MULTIPART_FROM) {
      await new Upload({
        client: this.client,
        params: { ...params, Body: createReadStream(file.source) },
        queueSize: 4,
        leavePartsOnError: false,
      }).done();
      return;
    }
    const body = await readFile(file.source);
    const actual = createHash('sha256').update(body).digest('hex');
    if (actual !== file.hash)
      throw new Error(`${file.path}: the file's sha256 is ${actual}, not the ${file.hash} given`);
    await this.client.send(new PutObjectCommand({ ...params, Body: body, ContentLength: body.length }));
  }

  /** Server-side copy of a blob to its live key, with the headers of its path and tags. */
  private async copyToSite(path: string, hash: string, tags: readonly string[] | undefined): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: this.siteKey(path),
        CopySource: encodeURI(`${this.bucket}/${this.blobKey(hash)}`),
        MetadataDirective: 'REPLACE',
        ...objectHeaders(path, tags),
      }),
    );
  }

  /** Size of an object, or undefined when there is none. */
  private async sizeOf(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength;
    } catch (error) {
      if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return undefined;
      throw error;
    }
  }

  private async readPointer(): Promise<Pointer> {
    const pointer = await this.readJson(this.pointerKey, pointerSchema);
    return pointer ?? { version: 1, live: null, switching: null, activated: {} };
  }

  private async readManifest(id: string): Promise<Manifest | null> {
    return this.readJson(this.manifestKey(id), manifestSchema);
  }

  /**
   * A JSON object of ours, or null when there is none. Cut-short JSON is read again a few
   * times: s3rver answers a PUT before its file is flushed (seen under load), and a store with
   * weaker read-after-write than S3's may do the same.
   */
  private async readJson<T>(key: string, schema: z.ZodType<T>): Promise<T | null> {
    for (let attempt = 1; ; attempt++) {
      const text = await this.getText(key);
      if (text === null) return null;
      try {
        return schema.parse(JSON.parse(text));
      } catch (error) {
        if (!(error instanceof SyntaxError) || attempt >= 4) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }

  private async getText(key: string): Promise<string | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return (await answer.Body?.transformToString('utf-8')) ?? null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  private async putJson(key: string, value: unknown): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: JSON.stringify(value),
        ContentType: 'application/json; charset=utf-8',
        CacheControl: 'no-store',
      }),
    );
  }

  /**
   * Every key under a prefix. ListObjects (v1, paged by the last key) rather than v2: every
   * S3-compatible store has it, and s3rver's v2 continuation tokens use DES, which OpenSSL 3
   * (Node 17 and later) refuses, so its v2 listing fails past 1000 keys.
   */
  private async listKeys(prefix: string): Promise<{ key: string; size: number; lastModified: string }[]> {
    const keys: { key: string; size: number; lastModified: string }[] = [];
    let marker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListObjectsCommand({ Bucket: this.bucket, Prefix: prefix, Marker: marker, MaxKeys: this.listPageSize }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key)
          keys.push({
            key: object.Key,
            size: object.Size ?? -1,
            lastModified: (object.LastModified ?? new Date(0)).toISOString(),
          });
      }
      const last = keys.at(-1)?.key;
      if (!page.IsTruncated || !last || last === marker) break;
      marker = last;
    }
    return keys;
  }

  /**
   * Deletes keys in batches of 1000 (DeleteObjects). A batch the store fails is deleted again key
   * by key: s3rver, for one, deletes a batch in parallel and trips over its own folder clean-up
   * (500 InternalError) when sibling keys go together; deleting a missing key is not an error.
   */
  private async deleteKeys(keys: readonly string[]): Promise<void> {
    const batches: string[][] = [];
    for (let i = 0; i < keys.length; i += 1000) batches.push(keys.slice(i, i + 1000));
    for (const batch of batches) {
      let failed: string[];
      try {
        const answer = await this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        failed = (answer.Errors ?? []).map((error) => error.Key ?? '').filter(Boolean);
      } catch (error) {
        if ((error as { $fault?: string }).$fault !== 'server') throw error;
        failed = batch;
      }
      for (const Key of failed) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
    }
  }
}
