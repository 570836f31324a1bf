/**
 * Astro loads astro.config.mjs with Node's own `import` first, and falls back to a Vite module
 * runner only when that fails; the runner is closed by the time the integrations' hooks run, so
 * a hook's dynamic import then fails the build ("Vite module runner has been closed"). Every
 * module the config reaches must therefore load in plain Node: relative imports with their
 * `.ts` extension, nothing only Vite resolves.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

it('astro.config.mjs and everything it imports load with Node’s own import', () => {
  const run = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "const c = await import('./astro.config.mjs'); console.log(typeof c.default);"],
    { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_NO_WARNINGS: '1' } },
  );
  expect(run.stderr).toBe('');
  expect(run.stdout.trim()).toBe('object');
  expect(run.status).toBe(0);
});
