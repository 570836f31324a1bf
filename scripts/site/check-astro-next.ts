/**
 * `npm run check:astro-next`: would the newest Astro 7.x still fit? Copies the project to a
 * temporary folder (without node_modules, .data, dist and the build's caches; node_modules is
 * hard-linked, so the copy costs no space until npm replaces a package), installs the newest
 * `astro` 7.x there, and runs against it the contract of the seam with Astro's internals
 * (src/collections/astro-internals.test.ts), then the unit tests and the publisher's loop test.
 * Prints which contract broke, if one did, and exits non-zero when anything failed. The
 * project's own node_modules and package files are not touched. README "Upgrading Astro".
 *
 * `-- --keep` keeps the temporary copy; `-- --contract-only` stops after the contract;
 * `-- --version 7.4.0` tries that version instead of the newest 7.x.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { astroVersion } from '../../src/collections/astro-internals.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONTRACT = 'src/collections/astro-internals.test.ts';
const LEFT_OUT = new Set([
  'node_modules',
  '.data',
  'dist',
  '.astro',
  '.git',
  'test-results',
  'playwright-report',
  'bench-results',
]);
const args = process.argv.slice(2);
const keep = args.includes('--keep');
const contractOnly = args.includes('--contract-only');
const asked = args.includes('--version') ? args[args.indexOf('--version') + 1] : undefined;

function run(cmd: string, argv: string[], cwd: string, capture = false) {
  const result = spawnSync(cmd, argv, {
    cwd,
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
  });
  return { code: result.status ?? 1, out: result.stdout ?? '' };
}

const installed = (dir: string) => astroVersion(dir);

interface ContractReport {
  testResults: Array<{
    message?: string;
    assertionResults: Array<{ title: string; status: string; failureMessages?: string[] }>;
  }>;
}

/**
 * The contacts whose contract test failed, each as its test names it (`<contact>: <what it
 * relies on>`) with the first line of what failed; a contract file that did not load at all is
 * one entry with its error.
 */
function brokenContacts(report: ContractReport): string[] {
  return report.testResults.flatMap((file) => {
    const failed = file.assertionResults.filter((t) => t.status === 'failed');
    if (failed.length === 0 && file.assertionResults.length === 0 && file.message)
      return [`the contract did not load: ${file.message.split('\n')[0]}`];
    return failed.map((t) => {
      const why = t.failureMessages?.[0]?.split('\n')[0];
      return why ? `${t.title}\n        ${why}` : t.title;
    });
  });
}

function newestSeven(): string {
  const { code, out } = run('npm', ['view', 'astro@7', 'version', '--json'], ROOT, true);
  if (code !== 0) throw new Error('npm view astro@7 failed: is the registry reachable?');
  const versions = JSON.parse(out) as string | string[];
  return Array.isArray(versions) ? versions.at(-1)! : versions;
}

const target = asked ?? newestSeven();
const current = installed(ROOT);
const work = mkdtempSync(path.join(tmpdir(), 'astro-next-'));
console.log(`check:astro-next: astro ${current} installed, trying ${target} in ${work}`);

const results: Array<[string, number]> = [];
let broken: string[] | undefined;
try {
  cpSync(ROOT, work, { recursive: true, filter: (src) => !LEFT_OUT.has(path.relative(ROOT, src).split(path.sep)[0]!) });
  // Hard links: no copy of node_modules; npm writes the packages it replaces as new files.
  const link = run('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(work, 'node_modules')], ROOT);
  if (link.code !== 0) throw new Error('could not hard-link node_modules');
  // Caches are written in place: the copy gets its own.
  rmSync(path.join(work, 'node_modules/.vite'), { recursive: true, force: true });
  rmSync(path.join(work, 'node_modules/.astro'), { recursive: true, force: true });
  if (target !== current) {
    const install = run(
      'npm',
      ['install', `astro@${target}`, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts'],
      work,
    );
    if (install.code !== 0) throw new Error(`npm install astro@${target} failed`);
  }
  console.log(`check:astro-next: astro ${installed(work)} in the copy`);

  const contract = run(
    'npx',
    ['vitest', 'run', CONTRACT, '--reporter=default', '--reporter=json', '--outputFile=contract.json'],
    work,
  );
  results.push(['contract (src/collections/astro-internals.test.ts)', contract.code]);
  broken = brokenContacts(JSON.parse(readFileSync(path.join(work, 'contract.json'), 'utf8')) as ContractReport);
  if (!contractOnly) {
    const unit = run('npx', ['vitest', 'run', '--exclude', 'tests/unit/publisher/loop.test.ts'], work);
    results.push(['unit tests (vitest)', unit.code]);
    const loop = run('npx', ['vitest', 'run', 'tests/unit/publisher/loop.test.ts'], work);
    results.push(['publisher loop (tests/unit/publisher/loop.test.ts)', loop.code]);
  }
} finally {
  if (!keep) rmSync(work, { recursive: true, force: true });
}

console.log(`\ncheck:astro-next: astro ${current} → ${target}`);
for (const [name, code] of results) console.log(`  ${code === 0 ? 'pass' : 'FAIL'}  ${name}`);
if (broken?.length) {
  console.log(
    '  contracts that broke (src/collections/astro-internals.ts, docs/performance.md "What each internal buys"):',
  );
  for (const title of broken) console.log(`    - ${title}`);
} else if (results.length) console.log('  every contract holds');
process.exit(results.every(([, code]) => code === 0) ? 0 : 1);
