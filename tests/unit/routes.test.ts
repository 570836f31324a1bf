// Route files stay thin (docs/architecture.md "Route files"): a file under src/pages/ says which
// paths it has and which area screen renders them, nothing else. Its logic (reading collections,
// shaping props, filtering) lives in the area's folder: the paths in src/areas/<area>/paths.ts,
// the page in an area screen. One getStaticPaths style: `export const getStaticPaths = <name>;`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const PAGES = join(import.meta.dirname, '../../src/pages');
const routeFiles = (readdirSync(PAGES, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
  .filter((d) => d.isFile() && /\.(astro|ts)$/.test(d.name))
  .map((d) => relative(PAGES, join(d.parentPath, d.name)));

/** Where a getStaticPaths may come from: an area's folder, or the shell's pages without records. */
const PATHS_MODULE = /^(\.\.\/)+(areas\/[^/]+\/[\w-]+|shell\/page-paths)$/;

const ASTRO_LINES = [
  /^export const getStaticPaths = \w+;$/,
  /^type Props = InferGetStaticPropsType<typeof getStaticPaths>;$/,
];
const TS_LINES = [/^export const getStaticPaths = \w+;$/, /^export const GET = \w+;$/];

interface Parsed {
  /** Code lines besides the doc comment and the imports. */
  code: string[];
  /** Local name -> module, of every import. */
  imports: Map<string, string>;
  template: string;
}

/** A route file's parts: the doc comment and the imports set apart from the rest of its code. */
function parseRoute(source: string, astro: boolean): Parsed {
  let script = source;
  let template = '';
  if (astro) {
    const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source);
    if (!m) throw new Error('no frontmatter');
    [, script, template] = m;
  }
  const imports = new Map<string, string>();
  const rest = script
    .replace(/^\s*\/\*\*[\s\S]*?\*\/\n/, '')
    .replace(/^import\s+(?:type\s+)?([\s\S]*?)\s+from\s+'([^']+)';$/gm, (_, names: string, from: string) => {
      for (const name of names.replace(/[{}]/g, '').split(','))
        if (name.trim())
          imports.set(
            name
              .trim()
              .split(/\s+as\s+|\s+/)
              .pop()!,
            from,
          );
      return '';
    });
  return { code: rest.split('\n').filter((l) => l.trim() !== ''), imports, template: template.trim() };
}

/** What is wrong with a route file's shape; empty when it is thin. */
function routeProblems(file: string, source: string): string[] {
  const astro = file.endsWith('.astro');
  const dynamic = file.includes('[');
  const problems: string[] = [];
  let parsed: Parsed;
  try {
    parsed = parseRoute(source, astro);
  } catch (e) {
    return [(e as Error).message];
  }
  const allowed = astro ? ASTRO_LINES : TS_LINES;
  for (const line of parsed.code)
    if (!allowed.some((re) => re.test(line))) problems.push(`logic in the route file: ${line.trim()}`);
  const paths = parsed.code.map((l) => /^export const getStaticPaths = (\w+);$/.exec(l)?.[1]).find(Boolean);
  if (dynamic && !paths) problems.push('no `export const getStaticPaths = <paths function>;`');
  if (paths && !PATHS_MODULE.test(parsed.imports.get(paths) ?? ''))
    problems.push(`getStaticPaths (${paths}) is not imported from an area's folder`);
  if (astro && !/^<([A-Z]\w*)( \{\.\.\.Astro\.props\})? \/>$/.test(parsed.template))
    problems.push(`the template is not one area screen: ${parsed.template.slice(0, 60)}`);
  if (!astro && !parsed.code.some((l) => /^export const GET = /.test(l)))
    problems.push('no `export const GET = <handler>;`');
  return problems;
}

describe('route files (src/pages/)', () => {
  it('finds the route files', () => {
    expect(routeFiles.length).toBeGreaterThan(60);
    expect(routeFiles).toContain('[...lang]/index.astro');
  });

  it.each(routeFiles)('%s is thin: getStaticPaths in the one style, one area screen', (file) => {
    expect(routeProblems(file, readFileSync(join(PAGES, file), 'utf8'))).toEqual([]);
  });

  it('tells a route that carries logic, another getStaticPaths style or more than one screen', () => {
    const thin = [
      '---',
      '/** The home page. */',
      "import type { InferGetStaticPropsType } from 'astro';",
      "import HomeScreen from '../../areas/home/HomeScreen.astro';",
      "import { homePaths } from '../../areas/home/paths';",
      '',
      'export const getStaticPaths = homePaths;',
      'type Props = InferGetStaticPropsType<typeof getStaticPaths>;',
      '---',
      '',
      '<HomeScreen {...Astro.props} />',
      '',
    ].join('\n');
    expect(routeProblems('[...lang]/index.astro', thin)).toEqual([]);
    const withLogic = thin.replace('---\n\n<', 'const title = Astro.props.data.title;\n---\n\n<');
    expect(routeProblems('[...lang]/index.astro', withLogic)).toEqual([
      'logic in the route file: const title = Astro.props.data.title;',
    ]);
    const oldStyle = thin.replace(
      'export const getStaticPaths = homePaths;',
      'export async function getStaticPaths() {',
    );
    expect(routeProblems('[...lang]/index.astro', oldStyle)).toContain(
      'no `export const getStaticPaths = <paths function>;`',
    );
    const inline = thin.replace("from '../../areas/home/paths'", "from '../../i18n'");
    expect(routeProblems('[...lang]/index.astro', inline)).toEqual([
      "getStaticPaths (homePaths) is not imported from an area's folder",
    ]);
    const twoScreens = thin.replace('<HomeScreen {...Astro.props} />', '<HomeScreen {...Astro.props} />\n<Footer />');
    expect(routeProblems('[...lang]/index.astro', twoScreens)[0]).toMatch(/^the template is not one area screen/);
  });
});
