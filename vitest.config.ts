import { globSync, readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

const INCLUDE = ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'];

/**
 * The suites that take a minute or more (builds, child processes, publishes at demo scale), in the
 * order they start, before the rest: the short files then fill the other worker around them and
 * the run does not end on one of them alone. The loop suite starts first and makes the build the
 * publisher suites share (scripts/test/built-site.ts) while the other worker runs the long
 * suites that need none; faults-journey and publish-s3 then find the build made. Without a record
 * of earlier runs (a fresh clone) Vitest orders by file size, which starts a short file with a long
 * run, such as deploy-try's, last.
 */
const LONG_SUITES = [
  'tests/unit/publisher/loop.test.ts',
  'tests/unit/publisher/dir-store.test.ts',
  'tests/unit/config/commands.test.ts',
  'tests/unit/publisher/faults.test.ts',
  'tests/unit/publisher/faults-journey.test.ts',
  'tests/unit/publisher/deploy-try.test.ts',
  'tests/unit/publisher/publish-s3.test.ts',
];

class LongSuitesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const i = LONG_SUITES.findIndex((suite) => spec.moduleId.endsWith(`/${suite}`));
      return i === -1 ? LONG_SUITES.length : i;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}

/**
 * Test files that leave state behind in the modules they load, so each runs in a fresh worker:
 * module mocks, stubbed globals or variables, spies, fake timers, the site's clock, the process's
 * environment or directory; and the long suites (their publishers load a build's render path).
 * The others share their workers' modules (`isolate: false`): a fresh worker per file costs
 * about 0.4 s of start-up on an idle machine and over a second on a busy one, for each of a
 * hundred files.
 */
const LEAVES_STATE =
  /vi\.(mock|doMock|stubGlobal|stubEnv|spyOn|useFakeTimers|setConfig|resetModules)\b|setClock|globalThis|process\.env\.\w+ =|delete process\.env|process\.chdir/;
const OWN_WORKER = INCLUDE.flatMap((pattern) => globSync(pattern)).filter(
  (file) => LONG_SUITES.includes(file) || LEAVES_STATE.test(readFileSync(file, 'utf8')),
);

export default defineConfig({
  test: {
    environment: 'node',
    // Both cores: the publisher suites spend much of their time waiting on builds, child
    // processes and publishes, so a second worker overlaps those waits (on 2 cores Vitest's
    // default is one worker). A third made the run slower (docs/performance.md, Measured choices).
    maxWorkers: 2,
    globalSetup: ['tests/unit/temp-folder.ts'],
    sequence: { sequencer: LongSuitesFirst },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'own-worker', include: OWN_WORKER } },
      { extends: true, test: { name: 'shared-worker', include: INCLUDE, exclude: OWN_WORKER, isolate: false } },
    ],
  },
  resolve: {
    alias: { '~': new URL('./src', import.meta.url).pathname },
  },
});
