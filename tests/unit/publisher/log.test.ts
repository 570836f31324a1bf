import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, logFormatFrom } from '../../../scripts/publisher/log.ts';
import { createPublisherMetrics } from '../../../scripts/publisher/metrics.ts';

function collector() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

const env = {
  WEBHOOK_SECRET: 'whsec_c2VjcmV0LWtleS1ieXRlcy0x whsec_c2Vjb25kLWtleS1ieXRlcy0y',
  EDITOR_TOKEN: 'editor-token-0123456789',
};

describe('publisher log', () => {
  it('writes one JSON object a line with level, time, fields and the error with its cause', () => {
    const { lines, stream } = collector();
    const log = createLogger({ format: 'json', destination: stream, env: {} });
    const err = new Error('switch failed', { cause: new Error('ENOSPC: no space left on device') });
    log.child({ publishId: 'p-1', stage: 'release' }).error({ err, durationMs: 12 }, 'publish failed');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({
      level: 50,
      publishId: 'p-1',
      stage: 'release',
      durationMs: 12,
      msg: 'publish failed',
    });
    expect(typeof line.time).toBe('string');
    expect(JSON.stringify(line.err)).toContain('ENOSPC');
  });

  it('never writes a secret: censored fields and secret values in any string', () => {
    const { lines, stream } = collector();
    const log = createLogger({ format: 'json', destination: stream, env, secrets: ['generated-admin-token-xyz'] });
    log.info({ token: 'anything-at-all', headers: { authorization: 'Bearer abc' } }, 'request');
    log.warn(`the editor sent ${env.EDITOR_TOKEN} and whsec_c2Vjb25kLWtleS1ieXRlcy0y`);
    log.info({ note: 'admin generated-admin-token-xyz' }, 'start');
    const all = lines.join('\n');
    expect(all).not.toContain('anything-at-all');
    expect(all).not.toContain('Bearer abc');
    expect(all).not.toContain(env.EDITOR_TOKEN);
    expect(all).not.toContain('whsec_c2Vjb25kLWtleS1ieXRlcy0y');
    expect(all).not.toContain('generated-admin-token-xyz');
    expect(all).toContain('[secret]');
  });

  it('writes readable lines in the pretty format', () => {
    const { lines, stream } = collector();
    const log = createLogger({ format: 'pretty', destination: stream, env: {} });
    log.info({ rendered: 3 }, 'published');
    expect(lines[0]).toMatch(/INFO.*published/);
    expect(() => JSON.parse(lines[0])).toThrow();
  });

  it('reads LOG_FORMAT strictly', () => {
    expect(logFormatFrom({}, 'pretty')).toBe('pretty');
    expect(logFormatFrom({ LOG_FORMAT: 'json' }, 'pretty')).toBe('json');
    expect(() => logFormatFrom({ LOG_FORMAT: 'xml' }, 'json')).toThrow(/LOG_FORMAT/);
  });
});

describe('publisher metrics', () => {
  it('exposes the public metric names in the Prometheus text format', async () => {
    const metrics = createPublisherMetrics({ defaults: false });
    metrics.webhooks.inc({ outcome: 'refused', reason: 'signature' });
    metrics.stageSeconds.observe({ stage: 'render' }, 0.4);
    const text = await metrics.registry.metrics();
    expect(text).toContain('portal_publisher_webhooks_total{outcome="refused",reason="signature"} 1');
    expect(text).toContain('portal_publisher_publish_stage_seconds_bucket{le="0.5",stage="render"} 1');
    expect(metrics.registry.contentType).toMatch(/text\/plain/);
  });
});
