// Files served under /files/: SVG images and PDF attachments, generated deterministically
// from the `files` table, with correct content types and long cache lifetimes.
import type { ServerResponse } from 'node:http';
import type { DatabaseSync, SQLOutputValue } from 'node:sqlite';
import type { Ctx } from './http.ts';

/** The text and size of a generated file (a row of the `files` table, or a seed's record). */
export interface FileText {
  title: SQLOutputValue;
  subtitle?: SQLOutputValue;
  color?: SQLOutputValue;
  width?: SQLOutputValue;
  height?: SQLOutputValue;
  kind?: SQLOutputValue;
}

const XML_ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => XML_ESC[c] ?? c);

/** Where the Thai-language twin of a generated image lives: `/files/x/a.svg` → `/files/x/a.th.svg`. */
export const thaiImagePath = (path: unknown) => String(path).replace(/\.svg$/, '.th.svg');

const THAI = /[\u0E00-\u0E7F]/;
/** Thai vowel and tone marks written above or below a consonant: they take no width. */
const THAI_MARK = /[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/;
const width = (s: string) => s.replace(new RegExp(THAI_MARK, 'g'), '').length;
const thaiWords = new Intl.Segmenter('th', { granularity: 'word' });

/**
 * Splits a title into at most four lines of about `max` characters. Thai is written without
 * spaces between words, so it breaks between the words Intl.Segmenter finds (never inside a
 * word, so a vowel or tone mark never starts a line); a word longer than a line is cut
 * between characters, never before a mark. Marks do not count toward the width.
 */
function wrap(text: unknown, max: number): string[] {
  const source = String(text);
  const tokens = THAI.test(source) ? Array.from(thaiWords.segment(source), (s) => s.segment) : source.split(/(\s+)/);
  const lines: string[] = [];
  let line = '';
  const push = () => {
    if (line.trim()) lines.push(line.trim());
    line = '';
  };
  for (let token of tokens) {
    if (/^\s+$/.test(token)) {
      if (line) line += ' ';
      continue;
    }
    while (width(token) > max) {
      push();
      let cut = max;
      while (cut < token.length && THAI_MARK.test(token[cut] ?? '')) cut++;
      lines.push(token.slice(0, cut));
      token = token.slice(cut);
    }
    if (width(line + token) > max) push();
    line += token;
  }
  push();
  return lines.slice(0, 4);
}

/**
 * Fonts for text inside an <img> SVG: the page's web font (Sarabun) is not available there, so
 * the image names fonts that phones and desktops have installed with Thai glyphs (Android: Noto
 * Sans Thai; iOS and macOS: Thonburi; Windows: Leelawadee UI, Tahoma; Debian: Laksaman, a
 * Sarabun-like font) before the generic sans-serif, whose fallback picks any installed Thai font.
 * On a machine with no Thai font at all the Thai text shows as boxes, and Chromium spends seconds
 * searching for one: the tests and benchmarks give their Chromium Sarabun as a system font for
 * that reason (scripts/test/chromium.ts).
 */
const SVG_FONT_STACK =
  "Sarabun, Laksaman, 'Noto Sans Thai', 'Noto Sans Thai UI', Thonburi, 'Leelawadee UI', Leelawadee, Tahoma, sans-serif";

/**
 * A cover/banner/photo image: coloured background, a subtle pattern, the title and a subtitle,
 * in the language of its text (`lang` and the line spacing follow it: Thai stacks marks above
 * and below the line, so its lines are further apart).
 */
export function renderSvg({
  title,
  subtitle = '',
  color = '#1f4e79',
  width: rawWidth = 1200,
  height: rawHeight = 675,
}: FileText): string {
  const w = Number(rawWidth);
  const height = Number(rawHeight);
  const thai = THAI.test(String(title));
  const fontSize = Math.round(Math.min(w, height * 1.6) / 18);
  const lineHeight = fontSize * (thai ? 1.5 : 1.25);
  const lines = wrap(title, Math.max(10, Math.floor(w / (fontSize * (thai ? 0.7 : 0.62)))));
  const startY = height / 2 - ((lines.length - 1) * lineHeight) / 2;
  const text = lines
    .map(
      (l, i) =>
        `<text x="${w / 2}" y="${(startY + i * lineHeight).toFixed(1)}" text-anchor="middle" dominant-baseline="middle" font-size="${fontSize}" font-weight="700" fill="#ffffff">${esc(l)}</text>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${height}" viewBox="0 0 ${w} ${height}" role="img" aria-label="${esc(title)}" xml:lang="${thai ? 'th' : 'en'}">
<title>${esc(title)}</title>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${esc(color)}"/><stop offset="1" stop-color="#111111"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${w * 0.85}" cy="${height * 0.2}" r="${height * 0.35}" fill="#ffffff" fill-opacity="0.08"/>
<circle cx="${w * 0.1}" cy="${height * 0.9}" r="${height * 0.25}" fill="#ffffff" fill-opacity="0.06"/>
<g font-family="${SVG_FONT_STACK}">${text}
<text x="${w / 2}" y="${height - fontSize}" text-anchor="middle" font-size="${Math.round(fontSize * 0.55)}" fill="#ffffff" fill-opacity="0.85">${esc(subtitle)}</text></g>
</svg>
`;
}

/**
 * A minimal valid one-page PDF (PDF 1.4, Helvetica). Only ASCII text: the standard fonts have no
 * Thai glyphs, so the English title is printed and the Thai name stays in the attachment record.
 */
export function renderPdf({ title, subtitle = '' }: FileText): Buffer {
  const ascii = (s: unknown) =>
    String(s)
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/[()\\]/g, (c) => '\\' + c);
  const lines = [
    ascii(title) || 'Document',
    ascii(subtitle),
    'Department of Business Development Promotion',
    'Ministry of Commerce, Thailand',
  ];
  const content = `BT /F1 18 Tf 72 760 Td (${lines[0]}) Tj /F1 12 Tf 0 -28 Td (${lines[1]}) Tj 0 -40 Td (${lines[2]}) Tj 0 -16 Td (${lines[3]}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * Serves `GET /files/...` from the `files` table. Returns true when it answered.
 */
export function createFileServer(db: DatabaseSync) {
  const find = db.prepare('SELECT * FROM files WHERE path = ?');
  return (ctx: Ctx, res: ServerResponse): boolean => {
    const path = ctx.url.pathname;
    if (!path.startsWith('/files/')) return false;
    if (ctx.req.method !== 'GET' && ctx.req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ status: 405, code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed' }));
      return true;
    }
    let decoded;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      decoded = '';
    }
    const row = decoded ? (find.get(decoded) as FileText | undefined) : undefined;
    if (!row) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ status: 404, code: 'NOT_FOUND', message: 'File not found' }));
      return true;
    }
    const body = row.kind === 'pdf' ? renderPdf(row) : Buffer.from(renderSvg(row), 'utf8');
    const type = row.kind === 'pdf' ? 'application/pdf' : 'image/svg+xml; charset=utf-8';
    res.writeHead(200, {
      'content-type': type,
      'content-length': body.length,
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
      ...(row.kind === 'pdf' ? { 'content-disposition': `inline; filename="${path.split('/').pop()}"` } : {}),
    });
    res.end(ctx.req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
