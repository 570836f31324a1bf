/**
 * The text of a PDF that Chromium printed (page.pdf()), without a PDF library: enough of the
 * format to read what Chromium's PDF backend (Skia) writes — uncompressed object table,
 * Flate-compressed content streams, Type0 fonts with ToUnicode CMaps, text shown with Tj/TJ.
 * Used by print.spec.ts to check what a printed page holds. Returns the text of every page in
 * order, a space between text runs, a line break where a run moves to a new line.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const start = /(\d+) 0 obj\b/g;
  let m: RegExpExecArray | null;
  while ((m = start.exec(text))) {
    const bodyStart = m.index + m[0].length;
    const end = text.indexOf('endobj', bodyStart);
    if (end === -1) break;
    const body = text.slice(bodyStart, end);
    const streamAt = body.search(/\bstream\r?\n/);
    let dict = body;
    let stream: Buffer | null = null;
    if (streamAt !== -1) {
      dict = body.slice(0, streamAt);
      const dataStart = bodyStart + streamAt + body.slice(streamAt).indexOf('\n') + 1;
      const lengthMatch = /\/Length (\d+)(?! \d+ R)/.exec(dict);
      const dataEnd = lengthMatch
        ? dataStart + Number(lengthMatch[1])
        : text.lastIndexOf('endstream', end) - (text[text.lastIndexOf('endstream', end) - 2] === '\r' ? 2 : 1);
      const raw = pdf.subarray(dataStart, dataEnd);
      stream = /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw;
    }
    objects.set(Number(m[1]), { dict, stream });
    start.lastIndex = end;
  }
  return objects;
}

/** A ToUnicode CMap: code (as hex) → text, and how many bytes a code takes. */
interface CMap {
  bytes: number;
  map: Map<number, string>;
}

const utf16 = (hex: string) => {
  let out = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
  return out;
};

function readCMap(source: string): CMap {
  const map = new Map<number, string>();
  const space = /begincodespacerange\s*<([0-9a-fA-F]+)>/.exec(source);
  const bytes = space ? space[1]!.length / 2 : 2;
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, src, dst] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(parseInt(src!, 16), utf16(dst!));
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, dst, list] of block[1]!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:<([0-9a-fA-F]+)>|\[([^\]]*)\])/g,
    )) {
      const from = parseInt(lo!, 16);
      const to = parseInt(hi!, 16);
      if (list !== undefined) {
        const items = [...list.matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => utf16(x[1]!));
        for (let c = from; c <= to; c++) map.set(c, items[c - from] ?? '');
      } else {
        const base = utf16(dst!);
        const last = base.charCodeAt(base.length - 1);
        for (let c = from; c <= to; c++) map.set(c, base.slice(0, -1) + String.fromCharCode(last + c - from));
      }
    }
  }
  return { bytes, map };
}

const ref = (dict: string, key: string) => {
  const m = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict);
  return m ? Number(m[1]) : undefined;
};

/** The fonts a page's resources name: resource name → CMap. */
function pageFonts(objects: Map<number, PdfObject>, page: string, cmaps: Map<number, CMap>): Map<string, CMap> {
  let resources = page;
  const resRef = ref(page, 'Resources');
  if (resRef !== undefined) resources = objects.get(resRef)?.dict ?? '';
  let fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
  const fontRef = ref(resources, 'Font');
  if (!fontDict && fontRef !== undefined) fontDict = objects.get(fontRef)?.dict ?? '';
  const fonts = new Map<string, CMap>();
  for (const [, name, num] of fontDict.matchAll(/\/([^\s/<>[\]()]+)\s+(\d+) 0 R/g)) {
    const font = objects.get(Number(num));
    const toUnicode = font ? ref(font.dict, 'ToUnicode') : undefined;
    if (toUnicode === undefined) continue;
    let cmap = cmaps.get(toUnicode);
    if (!cmap) {
      cmap = readCMap(objects.get(toUnicode)?.stream?.toString('latin1') ?? '');
      cmaps.set(toUnicode, cmap);
    }
    fonts.set(name!, cmap);
  }
  return fonts;
}

function decode(hex: string, cmap: CMap | undefined): string {
  if (!cmap) return '';
  const step = cmap.bytes * 2;
  let out = '';
  for (let i = 0; i + step <= hex.length; i += step) out += cmap.map.get(parseInt(hex.slice(i, i + step), 16)) ?? '';
  // Glyphs with no character of their own (a shaped variant) map to U+0000.
  return out.replaceAll('\u0000', '');
}

function literal(s: string): string {
  return s.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, c: string) =>
    /^[0-7]/.test(c) ? String.fromCharCode(parseInt(c, 8)) : ({ n: '\n', r: '\r', t: '\t', b: '', f: '' }[c] ?? c),
  );
}

function contentText(content: string, fonts: Map<string, CMap>): string {
  let font: CMap | undefined;
  let out = '';
  const ops =
    /\/([^\s/<>[\]()]+)\s+[-\d.]+\s+Tf|\[((?:<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj|\b(T\*|Td|TD|Tm|ET)\b/g;
  for (const m of content.matchAll(ops)) {
    if (m[1] !== undefined) font = fonts.get(m[1]);
    else if (m[2] !== undefined) {
      for (const part of m[2].matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)|(-?[\d.]+)/g)) {
        if (part[1] !== undefined) out += decode(part[1], font);
        else if (part[2] !== undefined) out += literal(part[2]);
        else if (Number(part[3]) < -200) out += ' ';
      }
    } else if (m[3] !== undefined) out += decode(m[3], font);
    else if (m[4] !== undefined) out += literal(m[4]);
    else if (m[5] === 'ET') out += '\n';
    else out += ' ';
  }
  return out;
}

/** Every page's text, in page order (the order of the page tree's /Kids). */
export function pdfText(pdf: Buffer): string {
  const objects = readObjects(pdf);
  const cmaps = new Map<number, CMap>();
  const pages = [...objects.entries()].filter(([, o]) => /\/Type\s*\/Page\b(?!s)/.test(o.dict));
  const root = [...objects.values()].find((o) => /\/Type\s*\/Pages\b/.test(o.dict) && !/\/Parent/.test(o.dict));
  const order = root
    ? [...(/\/Kids\s*\[([^\]]*)\]/.exec(root.dict)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((k) => Number(k[1]))
    : [];
  if (order.length === pages.length) pages.sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));
  return pages
    .map(([, page]) => {
      const fonts = pageFonts(objects, page.dict, cmaps);
      const list = /\/Contents\s*\[([^\]]*)\]/.exec(page.dict)?.[1];
      const contents = list ? [...list.matchAll(/(\d+) 0 R/g)].map((x) => Number(x[1])) : [ref(page.dict, 'Contents')];
      return contents.map((n) => contentText(objects.get(n ?? -1)?.stream?.toString('latin1') ?? '', fonts)).join('\n');
    })
    .join('\n\f');
}
