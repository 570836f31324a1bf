/**
 * The part of `zod/mini` the API boundary's schemas use, for the browser only: the islands'
 * bundles resolve `zod/mini` to this file (astro.config.mjs, `browserZod`), while the build,
 * the publisher and the tests keep zod itself. zod/mini's core costs about 8 KB gzipped on
 * every island page; this costs about 1 (docs/performance.md, "JavaScript per page").
 *
 * It accepts and rejects what zod accepts and rejects, and gives the same output (objects
 * stripped of unknown keys, defaults filled, transforms applied); src/api/zod-lite.test.ts
 * holds the two to each other for every kind of schema used. Of an issue it keeps what the
 * boundary reads: its code, its path and its message (the custom one, else the configured
 * `localeError`'s).
 *
 * Plain JavaScript: TypeScript sees zod's own types where the schemas are written.
 */

const FAIL = Symbol('fail');
const settings = {};

export function config(next) {
  if (next) Object.assign(settings, next);
  return settings;
}

const messageOf = (custom, issue) =>
  typeof custom === 'string'
    ? custom
    : (custom?.message ?? custom?.error ?? settings.localeError?.(issue) ?? 'Invalid input');

/** One issue at `path`; always FAIL, so a parser can `return fail(...)`. */
function fail(ctx, path, issue, custom) {
  ctx.push({ ...issue, path, message: messageOf(custom, issue) });
  return FAIL;
}

function typeIssue(expected, input) {
  return { code: 'invalid_type', expected, input };
}

/** A schema: `parse(value, path, issues)` returns the output or FAIL after pushing issues. */
function schema(parse, extra) {
  const s = {
    _parse: parse,
    _checks: [],
    check(...checks) {
      const next = schema(parse, extra);
      next._checks = [...this._checks, ...checks];
      return next;
    },
    safeParse(value) {
      return safeParse(this, value);
    },
    parse(value) {
      const result = safeParse(this, value);
      if (!result.success) throw result.error;
      return result.data;
    },
    ...extra,
  };
  return s;
}

function run(s, value, path, issues) {
  const out = s._parse(value, path, issues);
  if (out === FAIL || !s._checks.length) return out;
  const before = issues.length;
  for (const check of s._checks) check(out, path, issues);
  return issues.length > before ? FAIL : out;
}

export function safeParse(s, value) {
  const issues = [];
  const data = run(s, value, [], issues);
  return data === FAIL ? { success: false, error: { issues } } : { success: true, data };
}

const typed = (expected, test) =>
  schema((v, path, issues) => (test(v) ? v : fail(issues, path, typeIssue(expected, v))));

export const string = () => typed('string', (v) => typeof v === 'string');
export const number = () => typed('number', (v) => typeof v === 'number' && Number.isFinite(v));
export const boolean = () => typed('boolean', (v) => typeof v === 'boolean');
export const unknown = () => schema((v) => v, { _optional: true });

// ---- checks: (value, path, issues) => void ----

const checkOf = (ok, issue, custom) => (v, path, issues) => {
  if (!ok(v)) fail(issues, path, { ...issue, input: v }, custom);
};
export const int = () =>
  checkOf((v) => Number.isSafeInteger(v), { code: 'invalid_type', expected: 'int', origin: 'number' });
export const positive = () => checkOf((v) => v > 0, { code: 'too_small', minimum: 0, origin: 'number' });
export const nonnegative = () => checkOf((v) => v >= 0, { code: 'too_small', minimum: 0, origin: 'number' });
export const minLength = (n, custom) =>
  checkOf((v) => v.length >= n, { code: 'too_small', minimum: n, origin: 'string' }, custom);
export const regex = (re, custom) => checkOf((v) => re.test(v), { code: 'invalid_format', format: 'regex' }, custom);
export const refine = (test, custom) => checkOf(test, { code: 'custom' }, custom);
export const superRefine = (refiner) => (v, path, issues) =>
  refiner(v, {
    value: v,
    addIssue: (issue) => fail(issues, [...path, ...(issue.path ?? [])], issue, issue.message),
  });

// ---- wrappers ----

export const optional = (inner) =>
  schema((v, path, issues) => (v === undefined ? v : run(inner, v, path, issues)), { _optional: true });
export const nullable = (inner) =>
  schema((v, path, issues) => (v === null ? v : run(inner, v, path, issues)), { _optional: inner._optional });
export const nullish = (inner) =>
  schema((v, path, issues) => (v === null || v === undefined ? v : run(inner, v, path, issues)), {
    _optional: true,
  });
export const _default = (inner, fallback) =>
  schema(
    (v, path, issues) =>
      v !== undefined
        ? run(inner, v, path, issues)
        : typeof fallback === 'function'
          ? fallback()
          : structuredClone(fallback),
    { _optional: true },
  );
export const transform = (fn) => schema((v) => fn(v));
export const pipe = (a, b) =>
  schema((v, path, issues) => {
    const mid = run(a, v, path, issues);
    return mid === FAIL ? FAIL : run(b, mid, path, issues);
  });
export const lazy = (get) => {
  let inner;
  return schema((v, path, issues) => run((inner ??= get()), v, path, issues));
};
export const custom = (test, customMessage) =>
  schema((v, path, issues) => (test(v) ? v : fail(issues, path, { code: 'custom', input: v }, customMessage)));

const valuesSchema = (values) =>
  schema((v, path, issues) =>
    values.includes(v) ? v : fail(issues, path, { code: 'invalid_value', values, input: v }),
  );
export const literal = (value) => valuesSchema(Array.isArray(value) ? value : [value]);
const enumSchema = (entries) => valuesSchema(Array.isArray(entries) ? entries : Object.values(entries));
export { enumSchema as enum };

export const array = (element) =>
  schema((v, path, issues) => {
    if (!Array.isArray(v)) return fail(issues, path, typeIssue('array', v));
    const out = v.map((item, i) => run(element, item, [...path, i], issues));
    return out.includes(FAIL) ? FAIL : out;
  });

export const union = (options) =>
  schema((v, path, issues) => {
    const tried = [];
    for (const option of options) {
      const attempt = [];
      const out = run(option, v, path, attempt);
      if (out !== FAIL) return out;
      tried.push(attempt);
    }
    return fail(issues, path, { code: 'invalid_union', input: v, errors: tried });
  });
export const discriminatedUnion = (_key, options) => union(options);

// ---- objects ----

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

function objectSchema(shape, loose) {
  return schema(
    (v, path, issues) => {
      if (!isObject(v)) return fail(issues, path, typeIssue('object', v));
      const out = loose ? { ...v } : {};
      let failed = false;
      for (const key in shape) {
        const field = shape[key];
        const present = key in v;
        if (!present && field._optional) {
          const filled = run(field, undefined, [...path, key], issues);
          if (filled !== undefined) out[key] = filled;
          continue;
        }
        const value = run(field, v[key], [...path, key], issues);
        if (value === FAIL) failed = true;
        else out[key] = value;
      }
      return failed ? FAIL : out;
    },
    { _shape: shape, _loose: loose },
  );
}

export const object = (shape) => objectSchema(shape, false);
export const looseObject = (shape) => objectSchema(shape, true);
export function extend(base, shape) {
  const next = objectSchema({ ...base._shape, ...shape }, base._loose);
  next._checks = base._checks;
  return next;
}
