/**
 * `npm run lint`: the code checks that need no API. ESLint (eslint.config.js: typescript-eslint,
 * eslint-plugin-astro, jsx-a11y, react-hooks; zero warnings), Prettier's format check
 * (.prettierrc.json, .prettierignore), knip (knip.jsonc: unused files, exports and
 * dependencies; then `knip --production`: code only tests import) and dependency-cruiser
 * (.dependency-cruiser.cjs: the layers). Runs them all; exits non-zero if any failed.
 * `npm run format` fixes formatting.
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
const failed: string[] = [];
for (const [name, args] of steps) {
  console.log(`lint: ${name}`);
  const code = await run(process.execPath, args, { cwd: root });
  if (code !== 0) failed.push(`${name} (exit ${code})`);
}
console.log(failed.length ? `lint: failed: ${failed.join(', ')}` : 'lint: clean');
process.exit(failed.length ? 1 : 0);
