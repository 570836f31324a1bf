// Insert helpers shared by the seed modules. Statements are prepared once per table and
// column set, and every value goes through a parameter.
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { renderPdf, thaiImagePath } from '../files.ts';

/** A column value as the seed writes it: booleans become 0/1, objects and arrays JSON. */
type SeedValue = SQLInputValue | boolean | object | undefined;
/** [Thai, English] */
export type Pair = readonly [string, string];

const COLORS = [
  '#1f4e79',
  '#7a2e8c',
  '#0f6b4f',
  '#a33b20',
  '#8a5a00',
  '#205f8f',
  '#5b3b8c',
  '#2e6b30',
  '#8c2d4a',
  '#3d5a80',
];
const color = (n: number): string => COLORS[Math.abs(n) % COLORS.length]!;

function makeInserter(db: DatabaseSync) {
  const cache = new Map<string, StatementSync>();
  /** Returns the lastInsertRowid. */
  return function insert(table: string, row: Record<string, SeedValue>): number {
    const cols = Object.keys(row);
    const key = table + ':' + cols.join(',');
    let stmt = cache.get(key);
    if (!stmt) {
      stmt = db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
      cache.set(key, stmt);
    }
    const values = cols.map((c): SQLInputValue => {
      const v = row[c];
      if (typeof v === 'boolean') return v ? 1 : 0;
      if (v !== null && typeof v === 'object') return JSON.stringify(v);
      return v ?? null;
    });
    return Number(stmt.run(...values).lastInsertRowid);
  };
}

/**
 * The seed context handed to every area module.
 */
export function makeSeedContext(db: DatabaseSync) {
  const insert = makeInserter(db);
  /**
   * Registers a generated SVG image and returns its (English) path. `title` and `subtitle`
   * are [thai, english] pairs: the Thai image, with the same colour and size, is stored at
   * thaiImagePath(path) and served for Thai records (routes/shapes.ts). A plain string
   * registers one image in that text only.
   */
  const image = (
    path: string,
    title: string | Pair,
    subtitle: string | Pair,
    n: number,
    width = 1200,
    height = 675,
  ): string => {
    const [titleTh, titleEn] = Array.isArray(title) ? title : [null, title];
    const [subTh, subEn] = Array.isArray(subtitle) ? subtitle : [subtitle, subtitle];
    insert('files', { path, kind: 'svg', title: titleEn, subtitle: subEn, color: color(n), width, height });
    if (titleTh)
      insert('files', {
        path: thaiImagePath(path),
        kind: 'svg',
        title: titleTh,
        subtitle: subTh,
        color: color(n),
        width,
        height,
      });
    return path;
  };
  /** Registers a generated PDF and attaches it to a record. */
  const attach = (
    ownerType: string,
    ownerId: number | string,
    path: string,
    nameTh: string,
    nameEn: string,
  ): string => {
    const file = { path, kind: 'pdf', title: nameEn, subtitle: 'Attachment' };
    insert('files', file);
    insert('attachments', {
      owner_type: ownerType,
      owner_id: String(ownerId),
      name_th: nameTh,
      name_en: nameEn,
      url: path,
      mime: 'application/pdf',
      size_bytes: renderPdf(file).length,
    });
    return path;
  };
  /** Stores a bilingual JSON document (menus, footer, popup...). */
  const document = (key: string, th: unknown, en: unknown) =>
    insert('documents', { key, json_th: JSON.stringify(th), json_en: JSON.stringify(en) });
  return { db, insert, image, attach, document };
}

/** Wraps paragraphs as HTML. */
export const html = (...paragraphs: (string | false | null | undefined)[]) =>
  paragraphs
    .filter(Boolean)
    .map((p) => `<p>${p}</p>`)
    .join('\n');

/** What every seed module is given (makeSeedContext). */
export type SeedContext = ReturnType<typeof makeSeedContext>;
