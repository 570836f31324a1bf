/**
 * What the documentation states, read back from the tree, so that tests/unit/docs/drift.test.ts
 * can compare it with what the code does: the `npm run` names, the environment variables, the
 * relative links and the Node version.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkValidateLinks from 'remark-validate-links';
import { engine, type Options as EngineOptions } from 'unified-engine';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The Markdown that is reference: the front page, the changelog and every file of docs/. */
export function markdownFiles(root = ROOT): string[] {
  const docs = readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name));
  return ['README.md', 'CHANGELOG.md', ...docs.sort()];
}

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|astro)$/;

/** Every source file under `dir` (node_modules and dot-folders left out), relative to root. */
export function sourceFiles(dir: string, root = ROOT): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (SOURCE.test(entry.name)) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * The folders a map of the tree must name: every folder directly under src/, and every folder of
 * scripts/ (the bare Astro template's own inner folders left out), as `src/x/`, `scripts/x/y/`.
 */
export function mappedFolders(root = ROOT): string[] {
  const dirs = (rel: string) =>
    readdirSync(path.join(root, rel), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
      .map((entry) => `${rel}/${entry.name}`);
  const scripts: string[] = [];
  const walk = (rel: string) => {
    for (const dir of dirs(rel)) {
      scripts.push(dir);
      if (!dir.endsWith('/bare-template')) walk(dir);
    }
  };
  walk('scripts');
  return [...dirs('src'), ...scripts].map((dir) => `${dir}/`).sort();
}

/** Block and line comments removed (a `//` inside a string such as a URL is kept). */
export function stripComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.replace(/(^|[^:'"`\\])\/\/.*$/, '$1'))
    .join('\n');
}

/** Flags Vite puts on `import.meta.env` itself: not environment variables anyone sets. */
const VITE_FLAGS = new Set(['PROD', 'DEV', 'MODE', 'SSR', 'BASE_URL', 'SITE', 'ASSETS_PREFIX']);

const NAME = '([A-Z][A-Z0-9_]*)';
const READS = [
  // process.env.X, import.meta.env.X, env.X, options.env?.X, and the checked result of loadEnv
  new RegExp(`(?:\\b\\w*[eE]nv|\\bchecked)\\??\\.${NAME}\\b`, 'g'),
  // env['X'], process.env["X"]
  new RegExp(`\\b\\w*[eE]nv\\??\\[\\s*['"\`]${NAME}['"\`]\\s*\\]`, 'g'),
  // need(env, 'X'): a helper handed the environment and the name it reads
  new RegExp(`\\(\\s*\\w*[eE]nv\\s*,\\s*['"]${NAME}['"]`, 'g'),
  // const LOADER_CODE_ENV = 'X', read as process.env[LOADER_CODE_ENV]
  new RegExp(`\\b[A-Z][A-Z0-9_]*_ENV\\s*=\\s*['"]${NAME}['"]`, 'g'),
];

/** The environment variables one source file reads. */
export function envReads(source: string, file = ''): Set<string> {
  const code = stripComments(source);
  const names = new Set<string>();
  for (const pattern of READS) for (const match of code.matchAll(pattern)) names.add(match[1]!);
  // scripts/config/env.ts: the keys of the schema every entry point's loadEnv checks
  if (file.endsWith(path.join('config', 'env.ts'))) {
    const start = code.indexOf('const schema');
    const schema = code.slice(start, code.indexOf('.partial()', start));
    for (const match of schema.matchAll(/^\s+([A-Z][A-Z0-9_]*):/gm)) names.add(match[1]!);
  }
  for (const flag of VITE_FLAGS) if (code.includes(`import.meta.env.${flag}`)) names.delete(flag);
  return names;
}

/**
 * name → the files (relative to root) that read it. A file gone since it was listed is passed over:
 * the lint boundaries' test plants files in src/ for a moment, and may run at the same time.
 */
export function envReadsIn(files: readonly string[], root = ROOT): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of files) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue;
    for (const name of envReads(readFileSync(full, 'utf8'), file)) {
      found.set(name, [...(found.get(name) ?? []), file]);
    }
  }
  return found;
}

/** The variables a configuration page documents: each backticked name in a table row's first cell. */
export function documentedEnv(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const line of markdown.split('\n')) {
    const cell = /^\|([^|]*)\|/.exec(line)?.[1];
    if (!cell) continue;
    for (const match of cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1]!);
  }
  return names;
}

/** The package.json scripts a Markdown text names: `npm run X`, `npm start`, `npm test`. */
export function npmScriptsNamed(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const match of markdown.matchAll(/\bnpm run ([a-z][\w:.-]*)/g)) names.add(match[1]!.replace(/[.:-]+$/, ''));
  for (const match of markdown.matchAll(/\bnpm (start|test)\b/g)) names.add(match[1]!);
  return names;
}

export interface NodeClaim {
  text: string;
  version: string;
  minimum: boolean;
}

/** Every Node version a Markdown text states: "Node 22.12 or later", "Node >= 22.12", "Node 24". */
export function nodeVersionClaims(markdown: string): NodeClaim[] {
  const claims: NodeClaim[] = [];
  const pattern = /\bNode(?:\.js)?\s+(>=\s*)?v?(\d+(?:\.\d+){0,2})(\s+or\s+(?:later|newer)|\+)?/g;
  for (const match of markdown.matchAll(pattern)) {
    claims.push({ text: match[0], version: match[2]!, minimum: Boolean(match[1] || match[3]) });
  }
  return claims;
}

/**
 * The relative links and #anchors of these Markdown files that lead nowhere, as
 * "file:line reason" (remark-validate-links, run over all files at once so that links to a
 * heading of another file are checked too). Web addresses are not fetched.
 */
export async function brokenLinks(files: readonly string[], cwd = ROOT): Promise<string[]> {
  const context = await new Promise<{ files: { path: string; messages: { line?: number; reason: string }[] }[] }>(
    (resolve, reject) => {
      engine(
        {
          processor: remark().use(remarkGfm),
          files: [...files],
          cwd,
          extensions: ['md'],
          plugins: [[remarkValidateLinks, { repository: false }]] as EngineOptions['plugins'],
          detectConfig: false,
          detectIgnore: false,
          out: false,
          output: false,
          silent: true,
          streamError: { write: () => true } as unknown as NodeJS.WritableStream,
        },
        (error, _code, result) => (error ? reject(error) : resolve(result as never)),
      );
    },
  );
  return context.files.flatMap((file) =>
    file.messages.map((m) => `${path.relative(cwd, path.resolve(cwd, file.path))}:${m.line ?? 0} ${m.reason}`),
  );
}
