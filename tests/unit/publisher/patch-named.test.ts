import { describe, expect, it } from 'vitest';
import { patchNamed } from '../../../scripts/publisher/detail-cache.ts';

const summary = (slug: string, title: string, publishedAt = '2026-01-02') => ({
  id: slug.length.toString(),
  slug,
  title,
  summary: `About ${slug}`,
  category: { id: 'c', name: 'News' },
  publishedAt,
  cover: null,
  views: 3,
});
const detail = (slug: string, title: string, related: unknown[], publishedAt?: string) => ({
  ...summary(slug, title, publishedAt),
  bodyHtml: '<p>body</p>',
  related,
});

describe('patchNamed: a cached detail answer that names an edited record', () => {
  const oldX = detail('x', 'Old title', []);
  const answer = detail('a', 'A', [summary('b', 'B'), summary('x', 'Old title')]);

  it('takes the new title from the record’s own fresh answer, leaving the cached answer as it was', () => {
    const before = JSON.stringify(answer);
    const patched = patchNamed(answer, 'x', oldX, detail('x', 'New title', []));
    expect(patched).toEqual(detail('a', 'A', [summary('b', 'B'), summary('x', 'New title')]));
    expect(JSON.stringify(answer)).toBe(before); // the content store's entries share it
    // Same key order as the API's own answer would give: the rendered bytes cannot differ.
    expect(JSON.stringify(patched)).toBe(
      JSON.stringify(detail('a', 'A', [summary('b', 'B'), summary('x', 'New title')])),
    );
  });

  it('refuses (the answer is fetched again) when the edit may move the record among related items', () => {
    expect(patchNamed(answer, 'x', oldX, detail('x', 'Old title', [], '2027-01-01'))).toBeUndefined();
  });

  it('refuses when the related item was not exactly the record’s own fields before the edit', () => {
    const stale = detail('a', 'A', [{ ...summary('x', 'Old title'), views: 99 }]);
    expect(patchNamed(stale, 'x', oldX, detail('x', 'New title', []))).toBeUndefined();
    const other = detail('a', 'A', [summary('x', 'Another title')]);
    expect(patchNamed(other, 'x', oldX, detail('x', 'New title', []))).toBeUndefined();
  });

  it('refuses when the answer does not name the record below its top level', () => {
    expect(patchNamed(detail('a', 'A', [summary('b', 'B')]), 'x', oldX, detail('x', 'New', []))).toBeUndefined();
  });
});

describe('patchNamed: an answer whose related items are references (articles, activities)', () => {
  const oldX = detail('x', 'Old title', []);
  const answer = detail('a', 'A', [{ slug: 'b' }, { slug: 'x' }]);

  it('keeps the answer as it is when the edit changed only what no related item shows or may be patched', () => {
    expect(patchNamed(answer, 'x', oldX, detail('x', 'New title', []))).toBe(answer);
    expect(patchNamed(answer, 'x', oldX, { ...oldX, bodyHtml: '<p>new body</p>' })).toBe(answer);
  });

  it('refuses (fetched again) when the edit may change which records the API relates', () => {
    expect(patchNamed(answer, 'x', oldX, detail('x', 'Old title', [], '2027-01-01'))).toBeUndefined();
    expect(patchNamed(answer, 'x', oldX, { ...oldX, category: { id: 'd', name: 'Events' } })).toBeUndefined();
  });

  it('leaves an answer that does not name the record to the caller', () => {
    expect(patchNamed(detail('a', 'A', [{ slug: 'b' }]), 'x', oldX, detail('x', 'New', []))).toBeUndefined();
  });
});
