/**
 * The API boundary: the only code that knows response envelopes. Every endpoint's
 * answer passes one zod schema and one mapping function into the portal's own types
 * (see docs/api-contract.md). A record in a list that fails its schema is skipped
 * with a warning naming endpoint, id and field; anything else that fails is a
 * SchemaError, not a crash three components later.
 */
import * as z from 'zod/mini';
import type { $ZodError, $ZodType } from 'zod/v4/core';
import { logger } from '../lib/logger';
import { SchemaError } from './errors';

// Every module here imports `* as z from 'zod/mini'`, never `{ z }`: the bundlers tree-shake a
// namespace import, while the re-exported `z` object pulls in all of zod with every locale
// (esbuild, an island entry with two API calls: ~90 KB gzipped with `{ z }`, ~13 KB with `* as z`).
// zod/mini ships no messages: without a locale every issue reads "Invalid input". zod's own
// English locale costs ~1 KB gzipped in every island, so this short one says what the
// people reading a skip warning need — what was expected — and the field is named apart.
type Issue = {
  code?: string;
  expected?: unknown;
  input?: unknown;
  values?: unknown[];
  minimum?: unknown;
  message?: string;
};
function describeExpected(issue: Issue): string {
  const received = issue.input === null ? 'null' : Array.isArray(issue.input) ? 'array' : typeof issue.input;
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${String(issue.expected)}, received ${received}`;
    case 'invalid_value':
      return `expected one of ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return `is below the minimum ${String(issue.minimum)}`;
    case 'too_big':
      return 'is above the maximum';
    case 'invalid_format':
      return 'has the wrong format';
    default:
      return issue.message || 'is invalid';
  }
}
if (!z.config().localeError) z.config({ localeError: (issue) => describeExpected(issue as Issue) });

export interface SkippedRecord {
  endpoint: string;
  recordId: string | undefined;
  /** Every key the raw record names (id, uuid, slug, key): which stored record it was. */
  keys?: string[];
  field: string;
  detail: string;
}

type SkipReporter = (skipped: SkippedRecord) => void;

let reportSkipped: SkipReporter = (s) =>
  logger.warn(`Skipped a malformed record from ${s.endpoint} id=${s.recordId ?? '?'}: field "${s.field}" ${s.detail}`);

/**
 * Build-time loaders route skip warnings to the build log (the browser logger is silent in production).
 * Returns the previous reporter, so a caller (or a test) can put it back.
 */
export function setSkipReporter(reporter: SkipReporter): SkipReporter {
  const previous = reportSkipped;
  reportSkipped = reporter;
  return previous;
}

function describeIssue(error: $ZodError): { field: string; detail: string } {
  const issue = error.issues[0];
  const field = issue && issue.path.length ? issue.path.map(String).join('.') : '(root)';
  return { field, detail: issue?.message ?? 'is invalid' };
}

/** Best-effort id of a raw record, for messages. */
export function recordIdOf(raw: unknown): string | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  for (const key of ['id', 'uuid', 'slug', 'key']) {
    const v = r[key];
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  return undefined;
}

/** Every key a raw record names (`id`, `uuid`, `slug`, `key`). */
function recordKeysOf(raw: unknown): string[] {
  if (!raw || typeof raw !== 'object') return [];
  const r = raw as Record<string, unknown>;
  return ['id', 'uuid', 'slug', 'key'].flatMap((k) =>
    typeof r[k] === 'string' || typeof r[k] === 'number' ? [String(r[k])] : [],
  );
}

/** Parses one value or throws a SchemaError naming the endpoint and field. */
export function parseOrThrow<S extends $ZodType>(endpoint: string, schema: S, raw: unknown): z.output<S> {
  const result = z.safeParse(schema, raw);
  if (!result.success) {
    const { field, detail } = describeIssue(result.error);
    throw new SchemaError({ endpoint, recordId: recordIdOf(raw), field, detail });
  }
  return result.data;
}

/** Parses and maps each record, skipping (and reporting) the malformed ones. */
export function parseEach<S extends $ZodType, T>(
  endpoint: string,
  schema: S,
  items: unknown[],
  map: (parsed: z.output<S>) => T,
): T[] {
  const out: T[] = [];
  for (const raw of items) {
    const result = z.safeParse(schema, raw);
    if (result.success) {
      out.push(map(result.data));
    } else {
      reportSkipped({ endpoint, recordId: recordIdOf(raw), keys: recordKeysOf(raw), ...describeIssue(result.error) });
    }
  }
  return out;
}

// ---- envelopes (docs/api-contract.md "Conventions") ----

const dataEnvelope = z.object({ data: z.unknown() });
const dataListEnvelope = z.object({ data: z.array(z.unknown()) });
const pagedEnvelope = z.object({
  result: z.array(z.unknown()),
  total: z.number().check(z.int(), z.nonnegative()),
  page: z.number().check(z.int(), z.positive()),
  limit: z.number().check(z.int(), z.positive()),
});
// Loose: callers get the envelope's other keys too (search's categories).
const resultsEnvelope = z.looseObject({
  results: z.array(z.unknown()),
  current_page: z.number().check(z.int(), z.positive()),
  total: z.number().check(z.int(), z.nonnegative()),
});

/** A page of a list, in the portal's terms (spec point 3: result, total, page, limit). */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/** `{ data: T }` → mapped T. Throws SchemaError (field paths are relative to `data`). */
export function parseData<S extends $ZodType, T>(
  endpoint: string,
  raw: unknown,
  schema: S,
  map: (v: z.output<S>) => T,
): T {
  const env = parseOrThrow(endpoint, dataEnvelope, raw);
  return map(parseOrThrow(endpoint, schema, env.data));
}

/** `{ data: T | null }` → mapped T or null. */
export function parseOptionalData<S extends $ZodType, T>(
  endpoint: string,
  raw: unknown,
  schema: S,
  map: (v: z.output<S>) => T,
): T | null {
  const env = parseOrThrow(endpoint, dataEnvelope, raw);
  if (env.data === null || env.data === undefined) return null;
  return map(parseOrThrow(endpoint, schema, env.data));
}

/** `{ data: T[] }` → mapped T[], malformed records skipped. */
export function parseDataList<S extends $ZodType, T>(
  endpoint: string,
  raw: unknown,
  schema: S,
  map: (v: z.output<S>) => T,
): T[] {
  const env = parseOrThrow(endpoint, dataListEnvelope, raw);
  return parseEach(endpoint, schema, env.data, map);
}

/** `{ result, total, page, limit }` → Paged<T>, malformed records skipped. */
export function parsePaged<S extends $ZodType, T>(
  endpoint: string,
  raw: unknown,
  schema: S,
  map: (v: z.output<S>) => T,
): Paged<T> {
  const env = parseOrThrow(endpoint, pagedEnvelope, raw);
  return { items: parseEach(endpoint, schema, env.result, map), total: env.total, page: env.page, limit: env.limit };
}

/** `{ results, current_page, total }` (survey list, search) → Paged-like. */
export function parseResults<S extends $ZodType, T>(
  endpoint: string,
  raw: unknown,
  schema: S,
  map: (v: z.output<S>) => T,
): { results: T[]; currentPage: number; total: number; raw: Record<string, unknown> } {
  const env = parseOrThrow(endpoint, resultsEnvelope, raw);
  return {
    results: parseEach(endpoint, schema, env.results, map),
    currentPage: env.current_page,
    total: env.total,
    raw: env as Record<string, unknown>,
  };
}
