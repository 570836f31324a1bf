/** The boundary: malformed records are skipped and reported, malformed envelopes are SchemaErrors. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  parseData,
  parseDataList,
  parseOptionalData,
  parsePaged,
  parseResults,
  recordIdOf,
  setSkipReporter,
  type SkippedRecord,
} from './boundary';
import { SchemaError } from './errors';
import { logger } from '../lib/logger';

const item = z.object({ id: z.number(), slug: z.string().min(1), cover: z.object({ width: z.number() }) });
const map = (v: z.output<typeof item>) => ({ key: `${v.id}-${v.slug}` });

let restoreReporter: (() => void) | null = null;

function collectSkips(): SkippedRecord[] {
  const skipped: SkippedRecord[] = [];
  const previous = setSkipReporter((s) => skipped.push(s));
  restoreReporter = () => setSkipReporter(previous);
  return skipped;
}

afterEach(() => {
  vi.restoreAllMocks();
  // Back to the default reporter (the logger), as in production.
  restoreReporter?.();
  restoreReporter = null;
});

describe('lists skip a malformed record and report it', () => {
  const records = [
    { id: 1, slug: 'a', cover: { width: 10 } },
    { id: 2, slug: 'b', cover: { width: 'wide' } },
    { id: 3, slug: 'c', cover: { width: 30 } },
  ];

  it('returns the rest of a { data: [] } list and names endpoint, id and field', () => {
    const skipped = collectSkips();
    expect(parseDataList('/home/book', { data: records }, item, map)).toEqual([{ key: '1-a' }, { key: '3-c' }]);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ endpoint: '/home/book', recordId: '2', field: 'cover.width' });
  });

  it('keeps the paging of a paged list while skipping', () => {
    const skipped = collectSkips();
    const page = parsePaged('/book/category/all', { result: records, total: 3, page: 1, limit: 12 }, item, map);
    expect(page).toEqual({ items: [{ key: '1-a' }, { key: '3-c' }], total: 3, page: 1, limit: 12 });
    expect(skipped.map((s) => s.recordId)).toEqual(['2']);
  });

  it('skips in { results, current_page, total } lists too', () => {
    const skipped = collectSkips();
    const parsed = parseResults('/search', { results: records, current_page: 2, total: 13 }, item, map);
    expect(parsed.results).toHaveLength(2);
    expect(parsed.currentPage).toBe(2);
    expect(parsed.total).toBe(13);
    expect(skipped[0]?.field).toBe('cover.width');
  });

  it('by default reports through logger.warn with endpoint, id and field in the message', () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    parseDataList('/home/book', { data: [{ id: 9, slug: '', cover: { width: 1 } }] }, item, map);
    expect(warn).toHaveBeenCalledTimes(1);
    const message = String(warn.mock.calls[0]?.[0]);
    expect(message).toContain('/home/book');
    expect(message).toContain('id=9');
    expect(message).toContain('slug');
  });

  it('names a record by uuid or slug when it has no id', () => {
    expect(recordIdOf({ uuid: 'u-1' })).toBe('u-1');
    expect(recordIdOf({ slug: 's-1' })).toBe('s-1');
    expect(recordIdOf('not a record')).toBeUndefined();
  });
});

describe('a malformed single record throws SchemaError', () => {
  it('names endpoint and field', () => {
    const error = (() => {
      try {
        parseData('/book/page/x', { data: { id: 7, slug: 'x', cover: {} } }, item, map);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(SchemaError);
    const schemaError = error as SchemaError;
    expect(schemaError.endpoint).toBe('/book/page/x');
    expect(schemaError.field).toBe('cover.width');
    expect(schemaError.recordId).toBe('7');
    expect(schemaError.message).toContain('/book/page/x');
    expect(schemaError.message).toContain('cover.width');
  });

  it('throws for a missing envelope, naming the envelope field', () => {
    expect(() => parseData('/consent', { result: {} }, item, map)).toThrow(SchemaError);
    try {
      parsePaged('/law', { result: [], total: -1, page: 1, limit: 12 }, item, map);
      expect.unreachable();
    } catch (e) {
      expect((e as SchemaError).field).toBe('total');
    }
  });

  it('a list envelope that is not a list is an error, not an empty list', () => {
    expect(() => parseDataList('/menu', { data: { id: 1 } }, item, map)).toThrow(SchemaError);
  });

  it('optional data maps null to null and still checks a present record', () => {
    expect(parseOptionalData('/home/popup', { data: null }, item, map)).toBeNull();
    expect(() => parseOptionalData('/home/popup', { data: { id: 'x' } }, item, map)).toThrow(SchemaError);
  });
});
