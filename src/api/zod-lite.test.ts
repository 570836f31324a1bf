/**
 * The browser's stand-in for zod/mini (src/api/zod-lite.js) against zod itself: every kind of
 * schema the API boundary writes accepts and rejects the same inputs and gives the same output,
 * and the first issue names the same field.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as zod from 'zod/mini';
import * as liteModule from './zod-lite.js';

const lite = liteModule as unknown as typeof zod;

/** The same schemas written with either implementation. */
function kinds(z: typeof zod) {
  const isoDate = z.string().check(z.refine((v) => !Number.isNaN(Date.parse(v)), 'is not a date'));
  const id = z.union([z.number(), z.string().check(z.minLength(1))]);
  const record = z.object({
    id,
    title: z.string().check(z.minLength(1)),
    count: z._default(z.number().check(z.int(), z.nonnegative()), 0),
    size: z.number().check(z.int(), z.positive()),
    at: z.nullable(isoDate),
    maybe: z.optional(z.nullable(z.string())),
    either: z.nullish(z.boolean()),
    tags: z._default(z.array(z.string()), []),
    kind: z.enum(['a', 'b']),
    only: z.literal('x'),
    colour: z.string().check(z.regex(/^#[0-9a-f]{6}$/, 'is not a colour')),
    text: z.pipe(
      z.nullish(z.string()),
      z.transform((v) => v ?? ''),
    ),
    anything: z.unknown(),
    ratio: z.optional(z.number()),
  });
  type Tree = { title: string; children: Tree[] };
  const tree: zod.ZodMiniType<Tree> = z.lazy(() => z.object({ title: z.string(), children: z.array(tree) }));
  const refined = z.object({ type: z.enum(['page', 'file']), slug: z.optional(z.string()) }).check(
    z.superRefine((v, ctx) => {
      if (v.type === 'page' && v.slug === undefined)
        ctx.addIssue({ code: 'custom', path: ['slug'], message: 'needed' });
    }),
  );
  return {
    record,
    extended: z.extend(record, { extra: z.boolean() }),
    loose: z.looseObject({ results: z.array(z.unknown()), total: z.number() }),
    tree,
    refined,
    custom: z.custom<unknown[]>((v) => Array.isArray(v), 'is not a list'),
  };
}

const good = {
  id: 7,
  title: 'T',
  size: 3,
  at: '2026-01-02T03:04:05Z',
  kind: 'a',
  only: 'x',
  colour: '#a0b1c2',
  anything: { deep: [1] },
  stray: 'dropped',
};

const inputs: Record<keyof ReturnType<typeof kinds>, unknown[]> = {
  record: [
    good,
    { ...good, id: '', count: 2, tags: ['x'], maybe: null, either: false, text: null },
    { ...good, id: 'abc', maybe: 'm', either: undefined, text: 'kept' },
    { ...good, count: -1 },
    { ...good, count: 1.5 },
    { ...good, size: 0 },
    { ...good, size: Number.NaN },
    { ...good, size: Infinity },
    { ...good, ratio: 0.5 },
    { ...good, ratio: Number.NaN },
    { ...good, ratio: -Infinity },
    { ...good, at: 'not a date' },
    { ...good, at: undefined },
    { ...good, title: '' },
    { ...good, title: undefined },
    { ...good, kind: 'c' },
    { ...good, only: 'y' },
    { ...good, colour: 'red' },
    { ...good, tags: ['a', 2] },
    { ...good, text: 3 },
    null,
    [good],
    'text',
  ],
  extended: [{ ...good, extra: true }, { ...good, extra: 'no' }, good],
  loose: [
    { results: [1, 'a'], total: 2, categories: ['kept'] },
    { results: 'x', total: 2 },
  ],
  tree: [
    { title: 'a', children: [{ title: 'b', children: [] }] },
    { title: 'a', children: [{ title: 'b', children: [{ title: 3, children: [] }] }] },
  ],
  refined: [{ type: 'page', slug: 's' }, { type: 'file' }, { type: 'page' }, { type: 'other' }],
  custom: [[1], {}],
};

describe('zod-lite against zod/mini', () => {
  const real = kinds(zod);
  const mine = kinds(lite);
  for (const [name, values] of Object.entries(inputs) as [keyof typeof inputs, unknown[]][]) {
    it(`${name}: the same verdict, output and first issue's field`, () => {
      for (const value of values) {
        const a = zod.safeParse(real[name], value);
        const b = lite.safeParse(mine[name], value);
        expect(b.success, JSON.stringify(value)).toBe(a.success);
        if (a.success) expect(b.data).toEqual(a.data);
        else expect(b.error?.issues[0]?.path).toEqual(a.error.issues[0]?.path);
      }
    });
  }

  it('gives the custom message, else the configured one', () => {
    const localeError = (issue: { code?: string }) => `said ${issue.code}`;
    zod.config({ localeError });
    lite.config({ localeError });
    const schemas = [
      zod.string().check(zod.refine(() => false, 'is not a date')),
      zod.number(),
      zod.object({ a: zod.string() }),
    ];
    const liteSchemas = [
      lite.string().check(lite.refine(() => false, 'is not a date')),
      lite.number(),
      lite.object({ a: lite.string() }),
    ];
    schemas.forEach((s, i) =>
      expect(lite.safeParse(liteSchemas[i]!, {}).error?.issues[0]?.message).toBe(
        zod.safeParse(s, {}).error?.issues[0]?.message,
      ),
    );
  });

  it("has every function the project's schemas call", () => {
    const root = path.resolve(import.meta.dirname, '..');
    const used = new Set<string>();
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.includes('.test.')) continue;
      const code = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
      if (!code.includes("from 'zod/mini'")) continue;
      for (const [, name] of code.matchAll(/\bz\.([a-z_][A-Za-z]*)\(/g)) used.add(name!);
    }
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter(
      (name) => typeof (lite as unknown as Record<string, unknown>)[name] !== 'function',
    );
    expect(missing).toEqual([]);
  });
});
