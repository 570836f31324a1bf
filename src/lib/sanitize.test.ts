import { describe, expect, it } from 'vitest';
import { resolveFileUrl, sanitizeCmsHtml, stripHtml, truncateText } from './sanitize';

const API = 'http://127.0.0.1:9999';
const clean = (html: string) => sanitizeCmsHtml(html, { apiBase: API });

describe('sanitizeCmsHtml: hostile input', () => {
  it('drops <script> and <style> with their content', () => {
    expect(clean('<p>ก่อน</p><script>alert(1)</script><style>body{display:none}</style><p>หลัง</p>')).toBe(
      '<p>ก่อน</p><p>หลัง</p>',
    );
    expect(clean('<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok')).toBe('ok');
  });

  it('removes event handlers and the images that only carried an attack', () => {
    expect(clean('<p onclick="steal()" onmouseover="x()">ข้อความ</p>')).toBe('<p>ข้อความ</p>');
    expect(clean('<img src=x onerror=alert(1)>')).toBe('<img src="x" alt="" loading="lazy" decoding="async" />');
    expect(clean('<img src="javascript:alert(1)" onerror="alert(2)">')).toBe('');
  });

  it('neutralises javascript: links, including obfuscated ones', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'java\nscript:alert(1)',
    ]) {
      const out = clean(`<a href="${href}">คลิก</a>`);
      expect(out).not.toMatch(/javascript/i);
      expect(out).toContain('คลิก');
    }
  });

  it('drops svg/onload, iframe, object, forms and math entirely', () => {
    expect(clean('<svg onload=alert(1)><circle r="5"/><text>x</text></svg>ok')).toBe('ok');
    expect(clean('<iframe src="https://evil.example"></iframe><object data="x.swf"></object>ok')).toBe('ok');
    expect(clean('<form action="https://evil.example"><input name="p"><button>ส่ง</button></form>')).toBe('ส่ง');
    expect(clean('<math><mi xlink:href="javascript:alert(1)">x</mi></math>ok')).toBe('ok');
  });

  it('refuses data: URLs in links and images, and protocol-relative addresses', () => {
    expect(clean('<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>')).toBe('<a>x</a>');
    expect(clean('<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" alt="a">')).toBe('');
    expect(clean('<a href="//evil.example/">x</a>')).toBe('<a>x</a>');
  });

  it('strips style and class attributes and unknown tags but keeps their text', () => {
    expect(clean('<div class="x" style="background:url(javascript:alert(1))"><span>ข้อความ</span></div>')).toBe(
      'ข้อความ',
    );
  });
});

describe('sanitizeCmsHtml: what editors use survives', () => {
  it('keeps headings, paragraphs, lists, tables, figures, quotes and emphasis', () => {
    const html =
      '<h2>หัวข้อ</h2><p><strong>ตัวหนา</strong> <em>ตัวเอียง</em><br />บรรทัดใหม่</p><hr />' +
      '<ol start="3"><li>หนึ่ง</li></ol><ul><li>สอง</li></ul>' +
      '<table><caption>ตาราง</caption><thead><tr><th scope="col">ก</th></tr></thead><tbody><tr><td colspan="2">ข</td></tr></tbody></table>' +
      '<figure><figcaption>ภาพ</figcaption></figure><blockquote>คำพูด</blockquote>';
    expect(clean(html)).toBe(html);
  });

  it('maps <b> and <i> to <strong> and <em>', () => {
    expect(clean('<b>หนา</b><i>เอียง</i>')).toBe('<strong>หนา</strong><em>เอียง</em>');
  });

  it('keeps http, https, mailto, tel and relative links; external ones get rel="noopener noreferrer"', () => {
    expect(clean('<a href="https://www.example.go.th/" target="_blank">ลิงก์</a>')).toBe(
      '<a href="https://www.example.go.th/" target="_blank" rel="noopener noreferrer">ลิงก์</a>',
    );
    expect(clean('<a href="http://example.org/a" rel="opener">x</a>')).toBe(
      '<a href="http://example.org/a" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="mailto:info@example.go.th">อีเมล</a>')).toBe('<a href="mailto:info@example.go.th">อีเมล</a>');
    expect(clean('<a href="tel:+6621234567">โทร</a>')).toBe('<a href="tel:+6621234567">โทร</a>');
    expect(clean('<a href="/articles/news-1/">ข่าว</a>')).toBe('<a href="/articles/news-1/">ข่าว</a>');
    expect(clean('<a href="/x" target="_top">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('adds lazy loading to images and keeps only numeric dimensions', () => {
    expect(clean('<img src="https://cdn.example/a.png" alt="แผนที่" width="640" height="480" style="x" class="y">')).toBe(
      '<img src="https://cdn.example/a.png" alt="แผนที่" width="640" height="480" loading="lazy" decoding="async" />',
    );
    expect(clean('<img src="/a.png" width="100%" height="10px" loading="eager">')).toBe(
      '<img src="/a.png" alt="" loading="lazy" decoding="async" />',
    );
  });

  it('resolves /files/ paths in src and href against the API base', () => {
    expect(clean('<img src="/files/covers/a.svg" alt="ปก">')).toBe(
      `<img src="${API}/files/covers/a.svg" alt="ปก" loading="lazy" decoding="async" />`,
    );
    expect(clean('<a href="/files/docs/form.pdf">แบบฟอร์ม</a>')).toBe(
      `<a href="${API}/files/docs/form.pdf" rel="noopener noreferrer">แบบฟอร์ม</a>`,
    );
    expect(sanitizeCmsHtml('<a href="/files/x.pdf">x</a>')).toBe('<a href="/files/x.pdf">x</a>');
    expect(resolveFileUrl('/files/a.pdf', 'https://api.example.go.th/')).toBe('https://api.example.go.th/files/a.pdf');
    expect(resolveFileUrl('/articles/', API)).toBe('/articles/');
  });

  it('returns an empty string for non-string input', () => {
    expect(sanitizeCmsHtml(null)).toBe('');
    expect(sanitizeCmsHtml(undefined)).toBe('');
    expect(sanitizeCmsHtml(42)).toBe('');
  });
});

describe('stripHtml', () => {
  it('gives plain text with paragraphs separated, entities decoded and scripts gone', () => {
    expect(
      stripHtml('<h2>ข่าว</h2><p>กรม&amp;พันธมิตร &lt;จัดงาน&gt;</p><script>alert(1)</script><p>วันที่&nbsp;21</p>'),
    ).toBe(
      'ข่าว กรม&พันธมิตร <จัดงาน> วันที่ 21', // &nbsp; collapses like any other space
    );
    expect(stripHtml('บรรทัด<br>ใหม่')).toBe('บรรทัด ใหม่');
    expect(stripHtml('<p>"quoted" & \'single\'</p>')).toBe('"quoted" & \'single\'');
    expect(stripHtml(null)).toBe('');
  });
});

describe('truncateText', () => {
  it('cuts Thai text at a word boundary, not inside a word', () => {
    const text = 'กรมส่งเสริมการค้าระหว่างประเทศจัดงานแสดงสินค้า';
    const out = truncateText(text, 12);
    expect(out.length).toBeLessThanOrEqual(12);
    expect(out.endsWith('…')).toBe(true);
    const kept = out.slice(0, -1);
    const words = [...new Intl.Segmenter('th', { granularity: 'word' }).segment(text)].map((s) => s.segment);
    // what is kept is a whole number of words
    let joined = '';
    const prefixes = words.map((w) => (joined += w));
    expect(prefixes).toContain(kept);
  });

  it('leaves short text alone and never returns only an ellipsis', () => {
    expect(truncateText('สั้น', 10)).toBe('สั้น');
    expect(truncateText('Supercalifragilistic', 6)).toBe('Super…');
    expect(truncateText('one two three four', 10)).toBe('one two…');
  });
});
