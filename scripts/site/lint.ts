/**
 * `npm run lint`: the code checks that need no API. ESLint (eslint.config.js: typescript-eslint,
 * eslint-plugin-astro, jsx-a11y, react-hooks; zero warnings), Prettier's format check
 * (.prettierrc.json, .prettierignore) and knip (knip.json: unused files, exports and
 * dependencies). Runs all three; exits non-zero if any failed. `npm run format` fixes formatting.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './run.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (rel: string) => path.join(root, 'node_modules', rel);

const steps: [string, string[]][] = [
  ['eslint', [bin('eslint/bin/eslint.js'), '.', '--max-warnings', '0']],
  ['prettier --check', [bin('prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', '.']],
  ['knip', [bin('knip/bin/knip.js')]],
];
const failed: string[] = [];
for (const [name, args] of steps) {
  console.log(`lint: ${name}`);
  const code = await run(process.execPath, args, { cwd: root });
  if (code !== 0) failed.push(`${name} (exit ${code})`);
}
console.log(failed.length ? `lint: failed: ${failed.join(', ')}` : 'lint: clean');
process.exit(failed.length ? 1 : 0);
