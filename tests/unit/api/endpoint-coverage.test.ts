/**
 * Every endpoint of spec point 7 is called where its screen needs it.
 *
 * Nothing here is a hand-kept list. The endpoints are read from the API modules' call sites
 * (src/areas/<area>/api.ts, src/shell/<name>-api.ts and the shared helpers they call): every
 * path literal inside an exported function is an endpoint that function calls. A function
 * counts as used when its name appears in a file that the site actually runs: the files
 * reached by static or dynamic imports from the pages, the content config (build steps: the
 * collections), the middleware and the publisher. A running file that calls an endpoint itself
 * (the view counters and banner clicks call the client directly, to keep the validation library
 * out of the page) counts too. An endpoint with no caller fails, unless docs/api-contract.md
 * ("Endpoints with the same data") names it with the endpoint the portal uses instead, and
 * that one is called.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|astro|mjs)$/.test(name) && !/\.test\.ts$/.test(name)) out.push(full);
  }
  return out;
}

/** Source without comments, so a name mentioned in a comment does not count as a use. */
function code(file: string): string {
  return (
    readFileSync(file, 'utf8')
      // A block comment, not a glob in a string ('/common/*'): its opener follows no word character.
      .replace(/(^|[^\w'"`/])\/\*[\s\S]*?\*\//g, '$1')
      .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
      .replace(/<!--[\s\S]*?-->/g, '')
  );
}

const EXTENSIONS = ['', '.ts', '.tsx', '.astro', '.mjs', '/index.ts', '/index.tsx'];
function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every file reached from the entry points through `import … from`, `import '…'`, `import('…')`, `export … from`. */
function reachable(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = code(file);
    const specs = [
      ...text.matchAll(/\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g),
      ...text.matchAll(/\bimport\s*\(?\s*['"]([^'"]+)['"]/g),
    ].map((m) => m[1]!);
    for (const spec of specs) {
      const target = resolve(file, spec);
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  return seen;
}

/** The API modules: each exported function with the endpoints (path literals) in its body. */
function apiFunctions(): Array<{ module: string; name: string; endpoints: string[] }> {
  const modules = [
    ...readdirSync(path.join(root, 'src/areas')).map((area) => path.join(root, 'src/areas', area, 'api.ts')),
    ...readdirSync(path.join(root, 'src/shell'))
      .filter((n) => n.endsWith('-api.ts'))
      .map((n) => path.join(root, 'src/shell', n)),
  ].filter((f) => existsSync(f));
  const out = [];
  for (const module of modules) {
    const text = code(module);
    const starts = [...text.matchAll(/^export\s+(?:async\s+)?function\s+(\w+)/gm)];
    for (const [i, m] of starts.entries()) {
      // A function returning a string builds a portal path (search results' links), it calls nothing.
      if (/^[^{]*\)\s*:\s*string\s*\{/.test(text.slice(m.index, m.index + 400))) continue;
      const chunk = text.slice(m.index, starts[i + 1]?.index ?? text.length);
      const end = chunk.indexOf('\n}');
      const body = end === -1 ? chunk : chunk.slice(0, end);
      const endpoints = [...body.matchAll(/['`](\/(?:[\w-]+|\$\{[^}]+\})(?:\/(?:[\w-]*|\$\{[^}]+\}))*)['`]/g)]
        .map((e) => e[1]!.replace(/\$\{[^}]+\}/g, '{}').replace(/\/$/, '/{}'))
        .filter((e) => !e.startsWith('/en') && e !== '/');
      if (endpoints.length) out.push({ module, name: m[1]!, endpoints: [...new Set(endpoints)] });
    }
  }
  return out;
}

const entries = [
  ...walk(path.join(root, 'src/pages')),
  path.join(root, 'src/content.config.ts'),
  path.join(root, 'src/middleware.ts'),
  ...walk(path.join(root, 'scripts/publisher')).filter((f) => !f.includes('/spike/')),
].filter((f) => existsSync(f));
const running = reachable(entries);
const functions = apiFunctions();

/** The functions whose name a running file other than their own module uses. */
function isUsed(fn: { module: string; name: string }): boolean {
  const word = new RegExp(`\\b${fn.name}\\b`);
  // Import lines name a function without calling it: only the code after them counts.
  const withoutImports = (file: string) => code(file).replace(/^\s*import\b[\s\S]*?from\s*['"][^'"]+['"];?/gm, '');
  for (const file of running) if (file !== fn.module && word.test(withoutImports(file))) return true;
  return false;
}

const apiModules = new Set(functions.map((f) => f.module));

/** An endpoint written out in a running file that is not an API module (a direct client call). */
function calledDirectly(endpoint: string): boolean {
  const pattern = endpoint
    .split('{}')
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('\\$\\{[^}]+\\}');
  const re = new RegExp(`${pattern}(?=['\`?])`);
  for (const file of running) if (!apiModules.has(file) && re.test(code(file))) return true;
  return false;
}

/** docs/api-contract.md, "Endpoints with the same data": | GET /not-called | GET /used-instead | why | */
function documentedDuplicates(): Map<string, string> {
  const doc = readFileSync(path.join(root, 'docs/api-contract.md'), 'utf8');
  const section = doc.split(/^## Endpoints with the same data/m)[1]?.split(/^## /m)[0] ?? '';
  const out = new Map<string, string>();
  const norm = (e: string) => e.replace(/\{[^}]*\}/g, '{}');
  for (const m of section.matchAll(/^\|\s*(?:GET|POST|PUT) (\/\S+)\s*\|\s*(?:GET|POST|PUT) (\/\S+)\s*\|/gm)) {
    out.set(norm(m[1]!), norm(m[2]!));
  }
  return out;
}

describe('spec point 7: every endpoint is called by some screen, build step or island', () => {
  it('finds the API modules and their endpoints', () => {
    const endpoints = new Set(functions.flatMap((f) => f.endpoints));
    // Sanity: the reading works (spec point 7 names about a hundred calls).
    expect(endpoints.size).toBeGreaterThan(80);
    expect(endpoints).toContain('/manual/search');
    expect(endpoints).toContain('/media/dropdown/category');
    expect(running.size).toBeGreaterThan(100);
  });

  const byEndpoint = new Map<string, string[]>();
  for (const fn of functions) {
    for (const e of fn.endpoints) byEndpoint.set(e, [...(byEndpoint.get(e) ?? []), `${rel(fn.module)}#${fn.name}`]);
  }
  const usedNames = new Set(functions.filter(isUsed).map((f) => `${rel(f.module)}#${f.name}`));
  const isCalled = (e: string) => (byEndpoint.get(e) ?? []).some((c) => usedNames.has(c)) || calledDirectly(e);
  const duplicates = documentedDuplicates();
  const reference = readFileSync(path.join(root, 'docs/api-reference.md'), 'utf8').replace(/:\w+/g, '{}');

  it('leaves no endpoint uncalled, except one documented as carrying the same data as a called one', () => {
    const uncalled = [...byEndpoint.keys()]
      .filter((e) => !isCalled(e) && !duplicates.has(e))
      .map((e) => `${e} (only in ${byEndpoint.get(e)!.join(', ')})`)
      .sort();
    expect(uncalled).toEqual([]);
  });

  it('documents as "same data" only endpoints the portal does not call, each with a called alternative', () => {
    expect(duplicates.size).toBeLessThan(10);
    for (const [skipped, used] of duplicates) {
      // A real endpoint: declared by an API module, or one of the API's that no module needs
      // (docs/api-reference.md lists them all; an API module keeps no function only tests call).
      const known = byEndpoint.has(skipped) || reference.includes(`\`${skipped}\``);
      expect(known, `${skipped} is an endpoint of the API (docs/api-reference.md)`).toBe(true);
      expect(isCalled(skipped), `${skipped} is called after all: remove it from the doc`).toBe(false);
      expect(isCalled(used), `${used}, used instead of ${skipped}, is called`).toBe(true);
    }
  });
});
