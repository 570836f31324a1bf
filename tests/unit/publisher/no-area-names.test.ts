/**
 * The publisher knows no area by name: what it must know of the areas (the collections a
 * webhook type makes stale, the boundaries their records carry) comes from the areas' manifests
 * (src/areas/registry.ts). No string literal in scripts/publisher is an area's folder name or a
 * collection's name.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../../src/areas/registry.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Literals that are the same word as an area and name something else: the site server's kind of
 * request in its metrics (`portal_site_requests_total{kind="search"}`), a query string's search.
 */
const OTHER_MEANING = new Set(['scripts/publisher/site-server.ts search']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : name.endsWith('.ts') ? [full] : [];
  });
}

function literals(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      out.push(node.head.text, ...node.templateSpans.map((s) => s.literal.text));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('the publisher knows no area by name', () => {
  it('has no string literal that is an area folder or a collection', () => {
    const areaDir = path.join(ROOT, 'src/areas');
    const names = new Set([
      ...readdirSync(areaDir).filter((d) => statSync(path.join(areaDir, d)).isDirectory()),
      ...AREAS.flatMap((a) => Object.keys(a.collections ?? {})),
    ]);
    expect(names.has('surveys') && names.has('surveyForms') && names.has('home')).toBe(true);
    const found = sources(path.join(ROOT, 'scripts/publisher')).flatMap((file) => {
      const rel = path.relative(ROOT, file);
      return literals(file)
        .filter((text) => names.has(text) && !OTHER_MEANING.has(`${rel} ${text}`))
        .map((text) => `${rel}: '${text}'`);
    });
    expect(found).toEqual([]);
  });
});
