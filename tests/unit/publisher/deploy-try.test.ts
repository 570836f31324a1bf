/**
 * `npm run deploy:try` (scripts/site/deploy-try.ts) end to end: docs/deploy.md's walkthrough at
 * demo scale, its checks made by the script itself (a non-zero exit names the one that failed).
 * The build is made on the first run into .data/deploy-try (as `npm run deploy:try` makes it) and
 * reused while the sources and the ports are unchanged. Ports 8960 … 8964 (the command's);
 * `DEPLOY_TRY_TEST_PORT=N` moves them to N … N+4.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function deployTry(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/site/deploy-try.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DEPLOY_TRY_PORT: process.env.DEPLOY_TRY_TEST_PORT || '8960',
        DEPLOY_TRY_DIR: path.join(ROOT, '.data/deploy-try'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run deploy:try', () => {
  it('builds against the remote API, publishes to the bucket, makes an edit live and resumes from a restored backup', async () => {
    const { code, output } = await deployTry();
    const checks = output.split('\n').filter((l) => l.startsWith('  ok: ') || l.includes('FAILED'));
    expect(code, checks.join('\n') + output.slice(-3000)).toBe(0);
    for (const step of [
      'GET /status on the webhook port: 404',
      'GET /status on the admin port names the live release',
      'the edit is in the bucket after',
      'the purge command got the page',
      'is accepted (202) while the API is down',
      'the backup holds queue.sqlite',
      'the edit accepted before the stop is live after the restore',
      'the restored journal',
      'the same delivery sent again is refused (409)',
    ])
      expect(
        checks.some((l) => l.includes(step)),
        step,
      ).toBe(true);
  }, 900_000);
});
