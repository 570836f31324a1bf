/**
 * The purge adapter the publisher uses, chosen by the environment:
 *
 * - PURGE_ADAPTER=command (the default when PURGE_COMMAND is set): runs PURGE_COMMAND;
 * - PURGE_ADAPTER=cloudflare: CLOUDFLARE_API_TOKEN, CLOUDFLARE_ZONE_ID, SITE_URL
 *   (CLOUDFLARE_TAG_PURGES_PER_MINUTE, CLOUDFLARE_TAG_PURGE_BURST, CLOUDFLARE_PURGE_BATCH for
 *   plans other than Free);
 * - PURGE_ADAPTER=fastly: FASTLY_API_TOKEN, FASTLY_SERVICE_ID, SITE_URL (FASTLY_SOFT_PURGE=1);
 * - none of these: nothing to purge (the local folder release, no CDN in front).
 */
import { createCloudflarePurger } from './cloudflare.ts';
import { createCommandPurger } from './command.ts';
import { createFastlyPurger } from './fastly.ts';
import { retryingPurger, type RetryingPurgeOptions, type RetryingPurger } from './retrying.ts';
import type { PurgeAdapter, PurgeReport, PurgeRequest } from './types.ts';

export type { PurgeAdapter } from './types.ts';

function need(env: NodeJS.ProcessEnv, name: string, adapter: string): string {
  const value = env[name];
  if (!value) throw new Error(`PURGE_ADAPTER=${adapter} needs ${name}`);
  return value;
}

function number(value: string | undefined): number | undefined {
  return value ? Number(value) : undefined;
}

const noPurge: PurgeAdapter = {
  name: 'none',
  async purge(request: PurgeRequest): Promise<PurgeReport> {
    return { adapter: 'none', tags: 0, urls: 0, requests: 0, tagsSkipped: request.tags.length };
  },
};

/**
 * The adapter PURGE_ADAPTER / PURGE_COMMAND name, retried with back-off and never holding a
 * publish longer than PURGE_WAIT_MS (./retrying.ts); `none` as it is.
 */
export function createPurger(
  env: NodeJS.ProcessEnv = process.env,
  options: Pick<RetryingPurgeOptions, 'log' | 'onAttempt'> = {},
): PurgeAdapter | RetryingPurger {
  const adapter = createAdapter(env);
  if (adapter === noPurge) return adapter;
  return retryingPurger(adapter, {
    ...options,
    waitMs: number(env.PURGE_WAIT_MS),
    retryMs: number(env.PURGE_RETRY_MS),
    maxRetryMs: number(env.PURGE_MAX_RETRY_MS),
  });
}

function createAdapter(env: NodeJS.ProcessEnv): PurgeAdapter {
  const kind = env.PURGE_ADAPTER || (env.PURGE_COMMAND ? 'command' : 'none');
  switch (kind) {
    case 'command':
      return createCommandPurger({
        command: need(env, 'PURGE_COMMAND', kind),
        env,
        timeoutMs: number(env.PURGE_TIMEOUT_MS),
      });
    case 'cloudflare':
      return createCloudflarePurger({
        apiToken: need(env, 'CLOUDFLARE_API_TOKEN', kind),
        zoneId: need(env, 'CLOUDFLARE_ZONE_ID', kind),
        siteUrl: need(env, 'SITE_URL', kind),
        baseURL: env.CLOUDFLARE_BASE_URL || undefined,
        batchSize: number(env.CLOUDFLARE_PURGE_BATCH),
        tagRequestsPerMinute: number(env.CLOUDFLARE_TAG_PURGES_PER_MINUTE),
        tagBurst: number(env.CLOUDFLARE_TAG_PURGE_BURST),
      });
    case 'fastly':
      return createFastlyPurger({
        apiToken: need(env, 'FASTLY_API_TOKEN', kind),
        serviceId: need(env, 'FASTLY_SERVICE_ID', kind),
        siteUrl: need(env, 'SITE_URL', kind),
        apiBase: env.FASTLY_API_BASE || undefined,
        soft: env.FASTLY_SOFT_PURGE === '1',
      });
    case 'none':
      return noPurge;
    default:
      throw new Error(`PURGE_ADAPTER must be command, cloudflare, fastly or none, not ${JSON.stringify(kind)}`);
  }
}
