/**
 * `npm run lint`: the code checks that need no API. ESLint (eslint.config.js: typescript-eslint,
 * eslint-plugin-astro, jsx-a11y, react-hooks; zero warnings), Prettier's format check
 * (.prettierrc.json, .prettierignore), knip (knip.jsonc: unused files, exports and
 * dependencies; then `knip --production`: code only tests import) and dependency-cruiser
 * (.dependency-cruiser.cjs: the layers). Runs them all; exits non-zero if any failed.
 * `npm run format` (`--format`) fixes formatting: Prettier alone, writing, over the same files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './run.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (rel: string) => path.join(root, 'node_modules', rel);

// Prettier lists every file under the folders it is given before it applies .prettierignore, so
// given `.` it walks .data/ too (the builds and releases the tests and benchmarks keep: hundreds of
// thousands of files). It is given the top-level entries instead, less the folders .prettierignore
// names; --ignore-unknown skips the files it has no parser for (.gitignore), as `.` would.
const prettierIgnoredFolders = readFileSync(path.join(root, '.prettierignore'), 'utf8')
  .split('\n')
  .filter((line) => /^[^#!*/][^*]*\/$/.test(line.trim()))
  .map((line) => line.trim().slice(0, -1));
const prettierTargets = readdirSync(root).filter((name) => name !== '.git' && !prettierIgnoredFolders.includes(name));

const steps: [string, string[]][] = [
  ['eslint', [bin('eslint/bin/eslint.js'), '.', '--max-warnings', '0']],
  [
    'prettier --check',
    [bin('prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', '--ignore-unknown', ...prettierTargets],
  ],
  ['knip', [bin('knip/bin/knip.js')]],
  // Production entries only (knip.jsonc's `!` files): an export or file that only tests import
  // is reported. Dependencies are the run above's: this one does not follow astro.config.mjs,
  // so it would call the React renderer and UnoCSS unused.
  ['knip --production', [bin('knip/bin/knip.js'), '--production', '--exclude', 'dependencies']],
  // The layers (.dependency-cruiser.cjs, docs/architecture.md "Layers"): module by module over
  // src/ and scripts/, then folder by folder (an area, or a top folder of src/) for pairs.
  [
    'dependency-cruiser',
    [
      bin('dependency-cruiser/bin/dependency-cruiser.mjs'),
      'src',
      'scripts',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
    ],
  ],
  [
    'dependency-cruiser (folders)',
    [
      bin('dependency-cruiser/bin/dependency-cruiser.mjs'),
      'src',
      '--config',
      '.dependency-cruiser.cjs',
      '--collapse',
      '^src/(areas/[^/]+|[^/]+)/',
      '--output-type',
      'err',
    ],
  ],
];
if (process.argv.includes('--format')) {
  const prettier = [bin('prettier/bin/prettier.cjs'), '--write', '--log-level', 'warn', '--ignore-unknown'];
  process.exit(await run(process.execPath, [...prettier, ...prettierTargets], { cwd: root }));
}
const failed: string[] = [];
for (const [name, args] of steps) {
  console.log(`lint: ${name}`);
  const code = await run(process.execPath, args, { cwd: root });
  if (code !== 0) failed.push(`${name} (exit ${code})`);
}
console.log(failed.length ? `lint: failed: ${failed.join(', ')}` : 'lint: clean');
process.exit(failed.length ? 1 : 0);
