import { describe, expect, it } from 'vitest';
import { postParts } from './post-text';

describe('postParts', () => {
  it('keeps HTML as text: nothing becomes markup', () => {
    expect(postParts('<b>hi</b> <script>alert(1)</script>')).toEqual([
      { kind: 'text', text: '<b>hi</b> <script>alert(1)</script>' },
    ]);
  });

  it('turns http(s) addresses into links and leaves trailing punctuation as text', () => {
    expect(postParts('ดูที่ https://example.go.th/a?b=1. ครับ')).toEqual([
      { kind: 'text', text: 'ดูที่ ' },
      { kind: 'link', text: 'https://example.go.th/a?b=1', href: 'https://example.go.th/a?b=1' },
      { kind: 'text', text: '. ครับ' },
    ]);
  });

  it('never links javascript: or data: addresses, and stops a link at a quote or angle bracket', () => {
    expect(postParts('javascript:alert(1) data:text/html,x')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,x' },
    ]);
    const parts = postParts('http://a.example/"onmouseover="x');
    expect(parts[0]).toEqual({ kind: 'link', text: 'http://a.example/', href: 'http://a.example/' });
    expect(parts[1]).toEqual({ kind: 'text', text: '"onmouseover="x' });
  });

  it('keeps line breaks in the text parts', () => {
    expect(postParts('one\ntwo')).toEqual([{ kind: 'text', text: 'one\ntwo' }]);
  });
});
