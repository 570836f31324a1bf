/**
 * The README and docs/ cannot drift from the tree: every `npm run` they name is a script, every
 * environment variable the code reads is in docs/configuration.md and every one listed there is
 * read, every relative link and #anchor resolves, and the Node version they state is the one
 * package.json asks for. The second block plants each kind of mistake and shows it is caught.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ROOT,
  brokenLinks,
  documentedEnv,
  envReads,
  envReadsIn,
  mappedFolders,
  markdownFiles,
  nodeVersionClaims,
  npmScriptsNamed,
  sourceFiles,
  type NodeClaim,
} from './drift.ts';

const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>;
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const docs = markdownFiles();
const configs = readdirSync(ROOT).filter((name) => /\.config\.(ts|mts|js|mjs|cjs)$/.test(name));
/** Where the product reads its settings: every variable read here must be documented. */
const productFiles = [...sourceFiles('src'), ...sourceFiles('scripts'), ...configs];
/** Test suites may read test-only variables; those documented must be read somewhere. */
const everyFile = [
  ...productFiles,
  ...sourceFiles('tests').filter((file) => !file.startsWith(path.join('tests', 'unit', 'docs'))),
];

function unknownScripts(markdown: string, scripts: Record<string, string>): string[] {
  return [...npmScriptsNamed(markdown)].filter((name) => !(name in scripts));
}

function undocumented(reads: Map<string, string[]>, documented: Set<string>): string[] {
  return [...reads].filter(([name]) => !documented.has(name)).map(([name, files]) => `${name} (${files.join(', ')})`);
}

/** `>=22.12` → `22.12`. */
function engineMinimum(range: string): string {
  const match = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(range.trim());
  if (!match) throw new Error(`engines.node is "${range}": the docs check expects ">=X.Y"`);
  return match[1]!;
}

/** `~24.21.0` → `24`. */
function toolchainMajor(range: string): string {
  return /(\d+)/.exec(range)![1]!;
}

/** A stated minimum must be engines' minimum; any other Node version named must be the toolchain's major. */
function wrongNodeClaims(claims: NodeClaim[], minimum: string, toolchain: string): string[] {
  return claims
    .filter((c) => (c.minimum ? c.version !== minimum : c.version.split('.')[0] !== toolchain))
    .map((c) => c.text);
}

describe('the README and docs/ match the tree', () => {
  it('reads a tree with documentation to check', () => {
    expect(docs).toContain('docs/configuration.md');
    expect(productFiles.length).toBeGreaterThan(100);
    expect(configs).toEqual(
      expect.arrayContaining(['astro.config.mjs', 'playwright.config.ts', 'vitest.config.ts', 'uno.config.ts']),
    );
    // subfolders of scripts/ are walked: the publisher's stages, the content API's routes, …
    expect(productFiles).toEqual(
      expect.arrayContaining([
        path.join('scripts', 'publisher', 'purge', 'index.ts'),
        path.join('scripts', 'config', 'env.ts'),
        path.join('scripts', 'bench', 'bare-template', 'src', 'pages', '[...slug].astro'),
      ]),
    );
  });

  it('names only npm scripts that package.json has', () => {
    const problems = docs.flatMap((file) =>
      unknownScripts(read(file), pkg.scripts).map((name) => `${file}: npm run ${name}`),
    );
    expect(problems).toEqual([]);
  });

  it('lists every package.json script in the README', () => {
    const named = npmScriptsNamed(read('README.md'));
    expect(Object.keys(pkg.scripts).filter((name) => !named.has(name))).toEqual([]);
  });

  it('documents in docs/configuration.md every environment variable src/, scripts/ and the configs read', () => {
    const reads = envReadsIn(productFiles);
    expect(reads.has('PUBLIC_API_BASE_URL')).toBe(true); // the scan finds what it should
    expect(undocumented(reads, documentedEnv(read('docs/configuration.md')))).toEqual([]);
  });

  it('lists in docs/configuration.md only variables something reads', () => {
    const reads = envReadsIn(everyFile);
    const documented = [...documentedEnv(read('docs/configuration.md'))];
    expect(documented.length).toBeGreaterThan(40);
    expect(documented.filter((name) => !reads.has(name))).toEqual([]);
  });

  it('maps every folder of src/ and scripts/ in docs/architecture.md', () => {
    const map = read('docs/architecture.md');
    const folders = mappedFolders();
    expect(folders).toEqual(expect.arrayContaining(['src/areas/', 'scripts/publisher/stages/']));
    expect(folders.filter((folder) => !map.includes(`\`${folder}`))).toEqual([]);
  });

  it('has no relative link or #anchor that leads nowhere', async () => {
    expect(await brokenLinks(docs)).toEqual([]);
  }, 60_000);

  it('states the Node version package.json asks for', () => {
    const minimum = engineMinimum(pkg.engines.node);
    const toolchain = toolchainMajor(pkg.devDependencies.node!);
    const claims = docs.flatMap((file) => nodeVersionClaims(read(file)));
    expect(claims.filter((c) => c.minimum).map((c) => c.version)).toContain(minimum);
    expect(wrongNodeClaims(claims, minimum, toolchain)).toEqual([]);
  });
});

describe('each check catches a planted mistake', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'docs-drift-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('a script renamed in package.json', () => {
    const scripts: Record<string, string> = { ...pkg.scripts, 'bench:built': pkg.scripts['bench:build']! };
    delete scripts['bench:build'];
    expect(unknownScripts(read('README.md'), scripts)).toContain('bench:build');
    expect(unknownScripts('run `npm run buidl` then `npm test`.', pkg.scripts)).toEqual(['buidl']);
  });

  it('a variable read without being documented, in each way the code reads one', () => {
    const documented = documentedEnv(read('docs/configuration.md'));
    const planted = [
      'const a = process.env.PLANTED_ONE;',
      "const b = env['PLANTED_TWO'] ?? '';",
      'const c = import.meta.env.PLANTED_THREE; if (import.meta.env.PROD) {}',
      "need(env, 'PLANTED_FOUR', kind);",
      "const X_ENV = 'PLANTED_FIVE';",
      'const d = checked.PLANTED_SIX;',
      '// process.env.IN_A_COMMENT is not a read',
    ].join('\n');
    const reads = new Map([...envReads(planted)].map((name) => [name, ['planted.ts']]));
    expect(
      undocumented(reads, documented)
        .map((line) => line.split(' ')[0])
        .sort(),
    ).toEqual(['PLANTED_FIVE', 'PLANTED_FOUR', 'PLANTED_ONE', 'PLANTED_SIX', 'PLANTED_THREE', 'PLANTED_TWO']);
  });

  it('a variable documented that nothing reads', () => {
    const real = read('docs/configuration.md');
    const page = `${real}\n| \`PORTAL_RENDER_THREADS\` | 2 | no longer read |\n`;
    const reads = envReadsIn(everyFile);
    const unread = (markdown: string) => [...documentedEnv(markdown)].filter((name) => !reads.has(name));
    expect(unread(page).filter((name) => !unread(real).includes(name))).toEqual(['PORTAL_RENDER_THREADS']);
  });

  it('a link to a missing file, to a missing heading in another file, and to a missing anchor', async () => {
    writeFileSync(
      path.join(scratch, 'a.md'),
      '# A\n\n## Set up\n\n[ok](#set-up) [ok](b.md#b) [gone](c.md) [no](b.md#nowhere) [no](#nowhere)\n',
    );
    writeFileSync(path.join(scratch, 'b.md'), '# B\n');
    const broken = await brokenLinks(['a.md', 'b.md'], scratch);
    expect(broken).toHaveLength(3);
    expect(broken.join('\n')).toMatch(/c\.md/);
    expect(broken.join('\n')).toMatch(/nowhere.*b\.md/);
  });

  it('a folder the map does not name', () => {
    const map = read('docs/architecture.md').replaceAll('`scripts/publisher/purge/', '`scripts/publisher/');
    expect(mappedFolders().filter((folder) => !map.includes(`\`${folder}`))).toEqual(['scripts/publisher/purge/']);
  });

  it('a Node version other than the one package.json asks for', () => {
    const claims = nodeVersionClaims('With Node 20 or later (the project brings Node 24), or Node >= 22.12.');
    expect(claims.map((c) => c.text)).toEqual(['Node 20 or later', 'Node 24', 'Node >= 22.12']);
    expect(wrongNodeClaims(claims, '22.12', '24')).toEqual(['Node 20 or later']);
  });
});
