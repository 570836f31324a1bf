/**
 * Visitors' load for `npm run bench:publish`: autocannon with CONNECTIONS concurrent
 * clients (default 8) loading the given site paths one after the other (the sitemap's pages), in
 * its own process (forked by the bench, so its work does not share the publisher's event loop).
 *
 *   fork('scripts/bench/visitors.ts', [siteUrl, pathsJsonFile, connections, overallRate])
 *
 * `overallRate` 0 = as fast as the server answers. The parent sends `'window'`: the answer is
 * what happened since the last window (GETs, latency p50 / p95 / p99 / max in ms, failed: a
 * status other than 200 or a request error), and `'stop'`.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [url, file, connections = '8', rate = '0'] = process.argv.slice(2);
if (!url || !file) throw new Error('usage: visitors.ts <site url> <paths.json> [connections] [overallRate]');
const paths = JSON.parse(readFileSync(file, 'utf8')) as string[];
let next = 0;
let latencies: number[] = [];
let failed = 0;
const statuses: Record<string, number> = {};

const instance = autocannon(
  {
    url,
    connections: Number(connections),
    ...(Number(rate) > 0 ? { overallRate: Number(rate) } : {}),
    duration: 24 * 3600,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }),
      },
    ],
    // With a callback autocannon returns its instance (events, stop); the run's end is of no use here.
  },
  () => {},
);
instance.on('response', (_client, status, _bytes, ms) => {
  latencies.push(ms);
  statuses[status] = (statuses[status] ?? 0) + 1;
  if (status !== 200) failed++;
});
instance.on('reqError', () => {
  failed++;
  statuses.error = (statuses.error ?? 0) + 1;
});

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

process.on('message', (m) => {
  if (m === 'window') {
    const sorted = latencies.sort((a, b) => a - b);
    process.send!({
      gets: sorted.length,
      p50Ms: pct(sorted, 50),
      p95Ms: pct(sorted, 95),
      p99Ms: pct(sorted, 99),
      maxMs: sorted.at(-1) ?? NaN,
      failed,
      statuses: { ...statuses },
    });
    latencies = [];
    failed = 0;
    for (const k of Object.keys(statuses)) delete statuses[k];
  } else if (m === 'stop') {
    instance.stop();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
process.send!('started');
