/**
 * What an operator meets on day one. Every command's --help prints its usage and
 * exits 0; an unknown option or a wrong variable stops it with one line naming it (no stack
 * trace); the publisher refuses a render path built against another API.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';

// Each test starts a Node process that loads TypeScript: seconds each on a loaded machine.
vi.setConfig({ testTimeout: 90_000 });
import { EnvError, parseEnv } from '../../../scripts/config/env.ts';
import { checkRenderPath } from '../../../scripts/publisher/render-path.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const SECRET = `whsec_${Buffer.from('commands-test-secret-0123').toString('base64')}`;

/** Runs an entry point as npm would (node with type stripping), with only these variables set. */
function run(script: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const COMMANDS: Array<[string, string]> = [
  ['cms', 'scripts/content-api/cms.ts'],
  ['api', 'scripts/content-api/main.ts'],
  ['publisher', 'scripts/publisher/main.ts'],
  ['start', 'scripts/site/start.ts'],
  ['build', 'scripts/site/build.ts'],
  ['dev', 'scripts/site/dev.ts'],
  ['deploy', 'scripts/site/deploy.ts'],
  ['bench:build', 'scripts/bench/build.ts'],
  ['bench:publish', 'scripts/bench/publish.ts'],
  ['bench:lighthouse', 'scripts/bench/lighthouse.ts'],
  ['bench:load', 'scripts/bench/load.ts'],
  ['s3-publish', 'scripts/bench/s3-publish.ts'],
  ['send-webhook', 'scripts/publisher/send-webhook.ts'],
];

const API = { PUBLIC_API_BASE_URL: 'http://127.0.0.1:9' };
const noStack = (text: string) => expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);

describe('--help and unknown options', () => {
  it.each(COMMANDS)('%s --help prints its usage and exits 0', (_name, script) => {
    const { code, out, err } = run(script, ['--help']);
    expect(err).toBe('');
    expect(out).toMatch(/^usage: /);
    expect(out).toContain('--help');
    expect(code).toBe(0);
  });

  it.each(COMMANDS)('%s --no-such-flag stops with one line naming it', (_name, script) => {
    const { code, out, err } = run(script, ['--no-such-flag']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toContain("'--no-such-flag'");
    noStack(err);
  });
});

describe('the environment, checked at start', () => {
  it.each([
    [
      'publisher',
      'scripts/publisher/main.ts',
      { PUBLISHER_PORT: 'eighty', ...API },
      'PUBLISHER_PORT must be a port number',
    ],
    [
      'publisher',
      'scripts/publisher/main.ts',
      { PUBLIC_API_BASE_URL: 'api.example' },
      'PUBLIC_API_BASE_URL must be an http(s) URL',
    ],
    ['publisher', 'scripts/publisher/main.ts', {}, 'PUBLIC_API_BASE_URL must be set'],
    [
      'publisher',
      'scripts/publisher/main.ts',
      { PUBLISH_TARGET: 's3', ...API },
      'S3_BUCKET must be set when PUBLISH_TARGET=s3',
    ],
    ['publisher', 'scripts/publisher/main.ts', { PUBLISH_TARGET: 'ftp', ...API }, 'PUBLISH_TARGET must be dir or s3'],
    ['start', 'scripts/site/start.ts', { KEEP_RELEASES: '0' }, 'KEEP_RELEASES must be a whole number of at least 1'],
    ['start', 'scripts/site/start.ts', { LOG_FORMAT: 'xml' }, 'LOG_FORMAT must be json or pretty'],
    [
      'start',
      'scripts/site/start.ts',
      { REREAD_INTERVAL: 'soon' },
      'REREAD_INTERVAL must be a whole number of seconds',
    ],
    ['start', 'scripts/site/start.ts', { SITE_METRICS_PORT: '99999' }, 'SITE_METRICS_PORT must be a port number'],
    ['build', 'scripts/site/build.ts', { SITE_URL: 'not a url' }, 'SITE_URL must be an http(s) URL'],
    ['deploy', 'scripts/site/deploy.ts', {}, 'PUBLIC_API_BASE_URL must be set'],
    [
      'publisher',
      'scripts/publisher/main.ts',
      { PURGE_WAIT_MS: 'soon', ...API },
      'PURGE_WAIT_MS must be a number of milliseconds',
    ],
    ['api', 'scripts/content-api/main.ts', { API_PORT: '70000' }, 'API_PORT must be a port number'],
    ['cms', 'scripts/content-api/cms.ts', { EDITOR_TOKEN: 't', API_PORT: 'x' }, 'API_PORT must be a port number'],
  ])('%s with %o stops with one line naming it', (_name, script, env, message) => {
    const args = script.endsWith('cms.ts') ? ['edit', 'article', 'x'] : [];
    const { code, err } = run(script, args, env);
    expect(code).toBe(2);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toContain(message);
    noStack(err);
  });

  it('parseEnv converts what it checks and treats empty values as unset', () => {
    expect(parseEnv({ PORT: '4321', KEEP_RELEASES: '3', PUBLISHER_PORT: '' })).toEqual({
      PORT: 4321,
      KEEP_RELEASES: 3,
    });
    expect(() => parseEnv({ PORT: '-1', S3_ENDPOINT: 'ftp://x' })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: '-1', S3_ENDPOINT: 'ftp://x' })).toThrow(/PORT must be a port number .*\(got "-1"\)/);
    expect(() => parseEnv({ PORT: '-1', S3_ENDPOINT: 'ftp://x' })).toThrow(
      /S3_ENDPOINT must be an http\(s\) URL \(got "ftp:\/\/x"\)/,
    );
    // Secrets are named, never echoed.
    expect(() => parseEnv({ WEBHOOK_SECRET: 'hunter2' })).toThrow(/^WEBHOOK_SECRET must be whsec_/);
    expect(() => parseEnv({ WEBHOOK_SECRET: 'hunter2' })).not.toThrow(/hunter2/);
    expect(parseEnv({ WEBHOOK_SECRET: `${SECRET} ${SECRET}` }).WEBHOOK_SECRET).toBe(`${SECRET} ${SECRET}`);
  });
});

describe('the render path and PUBLIC_API_BASE_URL', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'render-path-check-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const bundle = (name: string, facts: object | null) => {
    const dir = path.join(work, name);
    mkdirSync(dir, { recursive: true });
    if (facts) writeFileSync(path.join(dir, 'render-path.json'), JSON.stringify({ entry: 'x.mjs', ...facts }));
    return dir;
  };

  it('passes the same address (a trailing slash aside) and refuses another', async () => {
    const dir = bundle('a', { apiBaseUrl: 'http://api.one:8787' });
    await expect(checkRenderPath(dir, 'http://api.one:8787/')).resolves.toEqual({ apiBaseUrl: 'http://api.one:8787' });
    await expect(checkRenderPath(dir, 'http://api.two:8787')).rejects.toThrow(
      /was built against http:\/\/api\.one:8787, not PUBLIC_API_BASE_URL=http:\/\/api\.two:8787/,
    );
  });

  it('says what to do when there is no render path', async () => {
    await expect(checkRenderPath(bundle('empty', null), 'http://x')).rejects.toThrow(/run `npm run build` first/);
  });

  it('npm run publisher stops with one line before loading a render path of another API', () => {
    const dir = bundle('b', { apiBaseUrl: 'http://127.0.0.1:1111' });
    const { code, err } = run('scripts/publisher/main.ts', ['--render-path', dir], {
      PUBLIC_API_BASE_URL: 'http://127.0.0.1:2222',
      WEBHOOK_SECRET: SECRET,
      PUBLISH_DIR: path.join(work, 'releases'),
    });
    expect(code).toBe(1);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toMatch(
      /^publisher: the render path in .* was built against http:\/\/127\.0\.0\.1:1111, not PUBLIC_API_BASE_URL=http:\/\/127\.0\.0\.1:2222/,
    );
  });
});
