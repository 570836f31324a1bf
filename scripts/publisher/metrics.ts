/**
 * The publisher's metrics, served at `GET /metrics` in the Prometheus text format.
 * One registry per process; the names below are public (README "Metrics", docs/operations.md's
 * alerts use them): rename one only together with both.
 *
 * Labels:
 * - webhooks: `outcome` accepted | refused, `reason` (refusals) signature | timestamp | replay |
 *   too_large | media_type | shape | other, `''` when accepted
 * - publishes: `kind` incremental | full | catch_up | scheduled | boundary | rollback | base,
 *   `outcome` success | failure | noop
 * - stage durations: `stage` queue | reread | render | release | switch | purge | history
 * - pages: `result` rendered | reused | removed
 * - purges: `outcome` success | failure
 * - scheduled re-reads: `found` changed | unchanged | failed
 * - site requests: `status` (the HTTP status code), `kind` page | asset | search | other
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const STAGE_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30, 60, 120];
const REQUEST_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

type Registers = Registry[];

/** What webhooks and publishes did: counters and durations. */
function publishMetrics(registers: Registers) {
  return {
    webhooks: new Counter({
      name: 'portal_publisher_webhooks_total',
      help: 'Webhooks received, by outcome (accepted or refused) and reason of a refusal',
      labelNames: ['outcome', 'reason'] as const,
      registers,
    }),
    publishes: new Counter({
      name: 'portal_publisher_publishes_total',
      help: 'Publishes finished, by kind and outcome (success, failure, noop: nothing changed)',
      labelNames: ['kind', 'outcome'] as const,
      registers,
    }),
    stageSeconds: new Histogram({
      name: 'portal_publisher_publish_stage_seconds',
      help: 'Duration of each stage of a publish',
      labelNames: ['stage'] as const,
      buckets: STAGE_BUCKETS,
      registers,
    }),
    publishSeconds: new Histogram({
      name: 'portal_publisher_publish_seconds',
      help: 'Duration of a whole publish, from its start to the live switch (purge excluded)',
      labelNames: ['kind'] as const,
      buckets: STAGE_BUCKETS,
      registers,
    }),
    editToLiveSeconds: new Histogram({
      name: 'portal_publisher_edit_to_live_seconds',
      help: 'From a webhook accepted to its records live (the editor waits this long)',
      buckets: STAGE_BUCKETS,
      registers,
    }),
    pages: new Counter({
      name: 'portal_publisher_pages_total',
      help: 'Pages handled by publishes: rendered, reused (unchanged) and removed',
      labelNames: ['result'] as const,
      registers,
    }),
    apiRequests: new Counter({
      name: 'portal_publisher_api_requests_total',
      help: 'Requests to the content API made by re-reads',
      registers,
    }),
  };
}

/** The publisher's moment (gauges read when /metrics is asked), purges and scheduled re-reads. */
function stateMetrics(registers: Registers) {
  return {
    queueDepth: new Gauge({
      name: 'portal_publisher_queue_depth',
      help: 'Content events waiting for a publish',
      registers,
    }),
    oldestDirtySeconds: new Gauge({
      name: 'portal_publisher_oldest_dirty_seconds',
      help: 'Age of the oldest record accepted but not yet live (0 when none)',
      registers,
    }),
    publishing: new Gauge({
      name: 'portal_publisher_publishing',
      help: '1 while a publish runs',
      registers,
    }),
    ready: new Gauge({
      name: 'portal_publisher_ready',
      help: '1 when the publisher is ready (state "ready"), 0 while starting or catching up',
      registers,
    }),
    lastSuccessTimestamp: new Gauge({
      name: 'portal_publisher_last_success_timestamp_seconds',
      help: 'Unix time of the last successful publish',
      registers,
    }),
    purges: new Counter({
      name: 'portal_publisher_purges_total',
      help: 'CDN purge requests, by outcome',
      labelNames: ['outcome'] as const,
      registers,
    }),
    purgeSeconds: new Histogram({
      name: 'portal_publisher_purge_seconds',
      help: 'Duration of a CDN purge request (retries included)',
      buckets: STAGE_BUCKETS,
      registers,
    }),
    releases: new Gauge({
      name: 'portal_publisher_releases',
      help: 'Releases kept (the live one included)',
      registers,
    }),
    diskBytes: new Gauge({
      name: 'portal_publisher_disk_bytes',
      help: 'Bytes used by the kept releases on disk (hard-linked files counted once)',
      registers,
    }),
    scheduledRereads: new Counter({
      name: 'portal_publisher_scheduled_rereads_total',
      help: 'Scheduled re-reads of the API and what they found (changed, unchanged, failed)',
      labelNames: ['found'] as const,
      registers,
    }),
  };
}

export function createPublisherMetrics(options: { defaults?: boolean } = {}) {
  const registry = new Registry();
  if (options.defaults !== false) collectDefaultMetrics({ register: registry, prefix: 'portal_publisher_process_' });
  const registers = [registry];
  return { registry, ...publishMetrics(registers), ...stateMetrics(registers) };
}

export type PublisherMetrics = ReturnType<typeof createPublisherMetrics>;

/** The site server's own metrics: requests by status and latency. */
export function createSiteMetrics(registry: Registry = new Registry()) {
  const registers = [registry];
  return {
    registry,
    requests: new Counter({
      name: 'portal_site_requests_total',
      help: 'Requests answered by the site server, by status code and kind',
      labelNames: ['status', 'kind'] as const,
      registers,
    }),
    requestSeconds: new Histogram({
      name: 'portal_site_request_seconds',
      help: 'Latency of the site server, by kind of request',
      labelNames: ['kind'] as const,
      buckets: REQUEST_BUCKETS,
      registers,
    }),
  };
}

export type SiteMetrics = ReturnType<typeof createSiteMetrics>;
