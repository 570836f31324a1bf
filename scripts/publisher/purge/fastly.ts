/**
 * Fastly purge adapter, with Fastly's own SDK (`fastly`). Tags are surrogate keys, purged 256 to
 * a request (Fastly's batch limit); changed paths are purged by URL as well (pages whose key list
 * was cut to fit a header are covered too). Fastly does not count purges against its API rate
 * limit; URL purges still go a few at a time.
 *
 * The SDK loads with the first purge, not with the publisher: the Fastly and Cloudflare SDKs took
 * most of the time the publisher spent loading its modules, and most starts never purge through them.
 */
import pMap from 'p-map';
import { encodeTag } from '../release-store/headers.ts';
import { batches, type PurgeAdapter, type PurgeReport, type PurgeRequest } from './types.ts';
import { publicUrls } from './urls.ts';

export interface FastlyPurgeOptions {
  apiToken: string;
  serviceId: string;
  /** The site's public origin, for URL purges. */
  siteUrl: string;
  /** API base, for tests or a proxy; default Fastly's. */
  apiBase?: string;
  /** Mark purged objects stale instead of removing them (served stale while refetched). */
  soft?: boolean;
  /** Surrogate keys per request (Fastly allows 256). */
  batchSize?: number;
  /** URL purges in flight at once. */
  concurrency?: number;
}

interface SuperagentRequest {
  url: string;
}

/** The SDK's purge API, authenticated, its calls sent to `apiBase` when one is given. */
async function purgeApi(options: FastlyPurgeOptions) {
  const { default: Fastly } = await import('fastly');
  const client = new Fastly.ApiClient();
  client.authenticate(options.apiToken);
  if (options.apiBase) {
    // The SDK names api.fastly.com on each operation; its superagent plugin hook moves the call.
    const base = options.apiBase.replace(/\/+$/, '');
    client.plugins = [
      (request: SuperagentRequest) => void (request.url = request.url.replace(/^https:\/\/api\.fastly\.com/, base)),
    ];
  }
  return new Fastly.PurgeApi(client);
}

export function createFastlyPurger(options: FastlyPurgeOptions): PurgeAdapter {
  let loaded: ReturnType<typeof purgeApi> | undefined;
  const soft = options.soft ? { fastly_soft_purge: 1 } : {};

  return {
    name: 'fastly',
    async purge(request: PurgeRequest): Promise<PurgeReport> {
      const report: PurgeReport = { adapter: 'fastly', tags: 0, urls: 0, requests: 0, tagsSkipped: 0 };
      const api = await (loaded ??= purgeApi(options));
      const tags = [...new Set(request.tags.map(encodeTag))];
      for (const batch of batches(tags, options.batchSize ?? 256)) {
        report.requests += 1;
        await api.bulkPurgeTag({ service_id: options.serviceId, purge_response: { surrogate_keys: batch }, ...soft });
        report.tags += batch.length;
      }
      const urls = publicUrls(options.siteUrl, request.paths);
      await pMap(
        urls,
        async (url) => {
          // Fastly takes the cached URL without its scheme: host and path.
          await api.purgeSingleUrl({ cached_url: url.replace(/^https?:\/\//, ''), ...soft });
          report.requests += 1;
          report.urls += 1;
        },
        { concurrency: options.concurrency ?? 8 },
      );
      return report;
    },
  };
}
