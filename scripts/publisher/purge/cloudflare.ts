/**
 * Cloudflare purge adapter, with Cloudflare's own SDK (`cloudflare`). Tags go by tag purge,
 * batched; Cloudflare limits tag purges by requests (Free: 5 a minute, bucket of 25), so the
 * adapter keeps a token bucket of its own and, when it is empty or Cloudflare answers 429,
 * leaves the remaining tags and relies on URL purges (limited by URLs a second, not requests),
 * which it always sends for the changed paths anyway: pages whose tag list was cut to fit a
 * header are covered too.
 *
 * The SDK loads with the first purge, not with the publisher: the Fastly and Cloudflare SDKs took
 * most of the time the publisher spent loading its modules, and most starts never purge through them.
 */
import type Cloudflare from 'cloudflare';
import { encodeTag } from '../release-store/headers.ts';
import { TokenBucket } from './rate.ts';
import { batches, type PurgeAdapter, type PurgeReport, type PurgeRequest } from './types.ts';
import { publicUrls } from './urls.ts';

export interface CloudflarePurgeOptions {
  apiToken: string;
  zoneId: string;
  /** The site's public origin, for URL purges (`https://www.example.go.th`). */
  siteUrl: string;
  /** API base, for tests or a proxy; default Cloudflare's. */
  baseURL?: string;
  /** Items per purge request (Cloudflare: 100 on every plan; 500 URLs on Enterprise). */
  batchSize?: number;
  /** Tag purge requests a minute and the bucket size (Free: 5 and 25). */
  tagRequestsPerMinute?: number;
  tagBurst?: number;
  /** A clock, for tests of the rate limit. */
  now?: () => number;
}

function isRateLimited(sdk: typeof Cloudflare, error: unknown): boolean {
  return error instanceof sdk.RateLimitError || (error as { status?: number }).status === 429;
}

/** The client, and one for tag purges that does not retry: a 429 there falls back at once. */
async function clients(options: CloudflarePurgeOptions) {
  const { default: sdk } = await import('cloudflare');
  const client = new sdk({
    apiToken: options.apiToken,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
  });
  return { sdk, client, tagClient: client.withOptions({ maxRetries: 0 }) };
}

export function createCloudflarePurger(options: CloudflarePurgeOptions): PurgeAdapter {
  const batchSize = options.batchSize ?? 100;
  let loaded: ReturnType<typeof clients> | undefined;
  const bucket = new TokenBucket(options.tagBurst ?? 25, options.tagRequestsPerMinute ?? 5, options.now);

  return {
    name: 'cloudflare',
    async purge(request: PurgeRequest): Promise<PurgeReport> {
      const report: PurgeReport = { adapter: 'cloudflare', tags: 0, urls: 0, requests: 0, tagsSkipped: 0 };
      const { sdk, client, tagClient } = await (loaded ??= clients(options));
      const tags = [...new Set(request.tags.map(encodeTag))];
      let limited = false;
      for (const batch of batches(tags, batchSize)) {
        if (limited || !bucket.take()) {
          limited = true;
          report.tagsSkipped += batch.length;
          continue;
        }
        try {
          report.requests += 1;
          await tagClient.cache.purge({ zone_id: options.zoneId, tags: batch });
          report.tags += batch.length;
        } catch (error) {
          if (!isRateLimited(sdk, error)) throw error;
          bucket.drain();
          limited = true;
          report.tagsSkipped += batch.length;
        }
      }
      for (const files of batches(publicUrls(options.siteUrl, request.paths), batchSize)) {
        report.requests += 1;
        await client.cache.purge({ zone_id: options.zoneId, files });
        report.urls += files.length;
      }
      return report;
    },
  };
}
