// The CMS stand-in (shared/design/contracts.md "Publisher"): an editor changes a record the way
// the agency's CMS would, then the API sends a signed Standard Webhook to the publisher.
//
//   POST   /api/editor/{type}/{key}   {"th": {"title", "body"}, "en": {...}, "category": 3, "published": true}
//   DELETE /api/editor/{type}/{key}
//   Authorization: Bearer $EDITOR_TOKEN
//
// A record that is unpublished (`"published": false`) moves to `editor_drafts` and disappears from
// every /api/frontend answer; `"published": true` brings it back. A key that does not exist is
// created from the newest record of its kind (201, webhook action `create`).
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { Webhook } from 'standardwebhooks';
import { HttpError, readJsonBody, sendJson, type Ctx } from './http.ts';

interface RecordType {
  table: string;
  /** column the URL key names */
  key: 'slug' | 'id' | 'uuid';
  /** column prefix of the title (`title` → title_th, title_en) */
  title: string;
  /** column prefix of the body */
  body: string;
  /** column prefix of a summary, set from the title on create */
  summary?: string;
  /** column holding the category or group id */
  category?: string;
  /** `categories.area` when the category may be given as a slug */
  categoryArea?: string;
  /** table of the category ids (default `categories`) */
  categoryTable?: string;
  /** column set to now on every edit */
  stamp?: string;
  /** column set to now on create */
  date?: string;
  /** [table, condition on the record's id] rows removed with the record */
  children?: Array<[string, string]>;
}

const RECORD_TYPES: Record<string, RecordType> = {
  article: {
    table: 'articles',
    key: 'slug',
    title: 'title',
    body: 'body',
    summary: 'summary',
    category: 'category_id',
    categoryArea: 'article',
    stamp: 'updated_at',
    date: 'published_at',
  },
  activity: {
    table: 'activities',
    key: 'id',
    title: 'title',
    body: 'body',
    summary: 'summary',
    category: 'category_id',
    categoryArea: 'activity',
    date: 'published_at',
  },
  law: {
    table: 'laws',
    key: 'id',
    title: 'title',
    body: 'body',
    summary: 'summary',
    category: 'law_categories_id',
    categoryTable: 'law_categories',
    date: 'enacted_at',
  },
  faq: {
    table: 'faqs',
    key: 'id',
    title: 'question',
    body: 'answer',
    category: 'group_id',
    categoryTable: 'faq_groups',
  },
  procurement: {
    table: 'purchases',
    key: 'uuid',
    title: 'title',
    body: 'body',
    summary: 'summary',
    category: 'group_id',
    categoryTable: 'purchase_groups',
    date: 'announced_at',
  },
  manual: {
    table: 'manuals',
    key: 'uuid',
    title: 'title',
    body: 'body',
    summary: 'summary',
    category: 'group_id',
    categoryTable: 'manual_groups',
    stamp: 'updated_at',
  },
  survey: {
    table: 'surveys',
    key: 'id',
    title: 'title',
    body: 'description',
    children: [
      ['survey_questions', 'section_id IN (SELECT id FROM survey_sections WHERE survey_id = ?)'],
      ['survey_sections', 'survey_id = ?'],
    ],
  },
};

/** Documents (one JSON per language) an editor may change: webhook type → document keys. */
const DOCUMENT_TYPES: Record<string, string[]> = {
  menu: ['menu', 'new-menu', 'footer', 'quick-menu'],
  popup: ['popup'],
};

const LANGS = ['th', 'en'] as const;
type EditLang = (typeof LANGS)[number];
const MAX_TEXT = 200_000;

type Action = 'create' | 'update' | 'delete';

const refuse = (status: number, code: string, message: string) => new HttpError(status, code, { message });

/** What an editor sends: text per language, a category, the publish state. */
interface Edit {
  th?: Record<string, unknown>;
  en?: Record<string, unknown>;
  category?: number | string;
  published?: boolean;
}
type Row = Record<string, SQLInputValue>;

/** Checks the editor's body; returns it typed. */
function parseEdit(input: unknown): Edit {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    throw refuse(400, 'BAD_REQUEST', 'the body must be a JSON object');
  const body = input as Record<string, unknown>;
  const allowed = new Set(['th', 'en', 'category', 'published']);
  for (const k of Object.keys(body)) if (!allowed.has(k)) throw refuse(400, 'BAD_REQUEST', `unknown field "${k}"`);
  for (const lang of LANGS) {
    const t = body[lang];
    if (t === undefined) continue;
    if (!t || typeof t !== 'object' || Array.isArray(t))
      throw refuse(400, 'BAD_REQUEST', `"${lang}" must be an object`);
    for (const [k, v] of Object.entries(t)) {
      if (typeof v === 'string' && v.length > MAX_TEXT) throw refuse(400, 'BAD_REQUEST', `"${lang}.${k}" is too long`);
    }
  }
  if (body.published !== undefined && typeof body.published !== 'boolean')
    throw refuse(400, 'BAD_REQUEST', '"published" must be true or false');
  if (body.category !== undefined && !(Number.isInteger(body.category) || typeof body.category === 'string')) {
    throw refuse(400, 'BAD_REQUEST', '"category" must be an id or a slug');
  }
  return body as Edit;
}

/** Text fields of a record type: only title and body, as strings. */
function textFields(edit: Edit): void {
  for (const lang of LANGS) {
    for (const [k, v] of Object.entries(edit[lang] ?? {})) {
      if (k !== 'title' && k !== 'body') throw refuse(400, 'BAD_REQUEST', `unknown field "${lang}.${k}" (title, body)`);
      if (typeof v !== 'string' || (k === 'title' && !v.trim()))
        throw refuse(400, 'BAD_REQUEST', `"${lang}.${k}" must be a non-empty string`);
    }
  }
}

/** Sends a signed webhook (Standard Webhooks, signed by the `standardwebhooks` package). */
async function sendSignedWebhook(
  url: string,
  secret: string,
  payload: unknown,
): Promise<{ status: number } | { error: string }> {
  const body = JSON.stringify(payload);
  const id = `msg_${randomUUID()}`;
  const at = new Date();
  const signature = new Webhook(secret).sign(id, at, body);
  try {
    const res = await fetch(url, {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(5000),
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
      },
    });
    await res.arrayBuffer();
    return { status: res.status };
  } catch (err) {
    return {
      error: err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err),
    };
  }
}

export interface EditorOptions {
  db: DatabaseSync;
  /** EDITOR_TOKEN */
  token: string;
  /** WEBHOOK_URL */
  webhookUrl?: string | undefined;
  /** WEBHOOK_SECRET (the first of several signs) */
  webhookSecret?: string | undefined;
  log?: (line: string) => void;
}

/** The editor endpoint: answers (and returns true) for /api/editor/… requests. */
export function createEditor({
  db,
  token,
  webhookUrl,
  webhookSecret,
  log = (l) => console.log(l),
}: EditorOptions): (ctx: Ctx, res: ServerResponse) => Promise<boolean> {
  db.exec(
    'CREATE TABLE IF NOT EXISTS editor_drafts (type TEXT NOT NULL, key TEXT NOT NULL, row TEXT NOT NULL, PRIMARY KEY (type, key))',
  );
  const secret = (webhookSecret ?? '').split(/\s+/).find(Boolean);
  const expected = Buffer.from(`Bearer ${token}`);

  const authorised = (req: IncomingMessage): boolean => {
    const given = Buffer.from(String(req.headers.authorization ?? ''));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  /** Runs `fn` in a transaction with foreign keys off (a record's children go with it). */
  const write = <T>(fn: () => T): T => {
    db.exec('PRAGMA foreign_keys = OFF');
    db.exec('BEGIN');
    try {
      const out = fn();
      db.exec('COMMIT');
      return out;
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    } finally {
      db.exec('PRAGMA foreign_keys = ON');
    }
  };

  const keyValue = (t: RecordType, key: string): string | number => {
    if (t.key === 'id') {
      if (!/^[1-9][0-9]{0,15}$/.test(key))
        throw refuse(400, 'BAD_REQUEST', `the key of a ${t.table} record is a number`);
      return Number(key);
    }
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/.test(key))
      throw refuse(400, 'BAD_REQUEST', 'the key is a slug or uuid (letters, digits, . _ -)');
    return key;
  };

  const categoryValue = (t: RecordType, category: Edit['category']): number | undefined => {
    if (category === undefined) return undefined;
    if (!t.category) throw refuse(400, 'BAD_REQUEST', 'this type has no category');
    if (typeof category === 'number') return category;
    if (!t.categoryArea) throw refuse(400, 'BAD_REQUEST', '"category" must be an id for this type');
    const row = db.prepare('SELECT id FROM categories WHERE area = ? AND slug = ?').get(t.categoryArea, category);
    if (!row) throw refuse(400, 'BAD_REQUEST', `no category "${category}"`);
    return Number(row.id);
  };

  /** Applies an edit to a record; returns the webhook action. */
  function editRecord(type: string, t: RecordType, key: string, edit: Edit): Action {
    textFields(edit);
    const k = keyValue(t, key);
    const category = categoryValue(t, edit.category);
    const now = new Date().toISOString();
    return write(() => {
      let row = db.prepare(`SELECT * FROM ${t.table} WHERE ${t.key} = ?`).get(k) as Row | undefined;
      const draft = db.prepare('SELECT row FROM editor_drafts WHERE type = ? AND key = ?').get(type, key) as
        { row: string } | undefined;
      let action: Action = 'update';
      if (!row && draft) row = JSON.parse(draft.row) as Row;
      if (!row) {
        // A new record, made from the newest of its kind.
        const template = db.prepare(`SELECT * FROM ${t.table} ORDER BY rowid DESC LIMIT 1`).get() as Row | undefined;
        if (!template) throw refuse(400, 'BAD_REQUEST', `no ${t.table} record to start from`);
        const titles = { th: edit.th?.title, en: edit.en?.title };
        if (typeof titles.th !== 'string' || typeof titles.en !== 'string')
          throw refuse(400, 'BAD_REQUEST', 'a new record needs th.title and en.title');
        row = { ...template, [t.key]: k };
        if (t.key !== 'id' && 'id' in row) row.id = null;
        // A slug is unique too (activities): the new record's own, from its key.
        if (t.key !== 'slug' && 'slug' in row) row.slug = `${t.table}-${String(k)}`;
        if ('seq' in row)
          row.seq = (db.prepare(`SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM ${t.table}`).get() as { n: number }).n;
        if ('views' in row) row.views = 0;
        if (t.date) row[t.date] = now;
        for (const lang of LANGS) {
          const title = titles[lang] as string;
          if (t.summary) row[`${t.summary}_${lang}`] = title;
          if (!edit[lang]?.body) row[`${t.body}_${lang}`] = `<p>${title.replace(/[<>&]/g, '')}</p>`;
        }
        action = 'create';
      }
      const record: Row = row;
      for (const lang of LANGS) {
        const text = edit[lang];
        if (typeof text?.title === 'string') record[`${t.title}_${lang}`] = text.title;
        if (typeof text?.body === 'string') record[`${t.body}_${lang}`] = text.body;
      }
      if (category !== undefined && t.category) record[t.category] = category;
      if (t.stamp) record[t.stamp] = now;
      const published = edit.published ?? !(draft && !db.prepare(`SELECT 1 FROM ${t.table} WHERE ${t.key} = ?`).get(k));
      db.prepare(`DELETE FROM ${t.table} WHERE ${t.key} = ?`).run(k);
      db.prepare('DELETE FROM editor_drafts WHERE type = ? AND key = ?').run(type, key);
      if (published) {
        const cols = Object.keys(record).filter((c) => record[c] !== null || c !== 'id');
        db.prepare(`INSERT INTO ${t.table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`).run(
          ...cols.map((c) => record[c] as SQLInputValue),
        );
        if (
          category !== undefined &&
          !db.prepare(`SELECT 1 FROM ${t.categoryTable ?? 'categories'} WHERE id = ?`).get(category)
        ) {
          throw refuse(400, 'BAD_REQUEST', `no category ${category}`);
        }
      } else {
        db.prepare('INSERT INTO editor_drafts (type, key, row) VALUES (?, ?, ?)').run(
          type,
          key,
          JSON.stringify(record),
        );
        // Unpublished reads as deleted to the site.
        if (action === 'update') action = 'delete';
      }
      return action;
    });
  }

  function deleteRecord(type: string, t: RecordType, key: string): Action {
    const k = keyValue(t, key);
    return write(() => {
      const row = db
        .prepare(`SELECT ${t.key === 'slug' ? 'id' : t.key} AS id FROM ${t.table} WHERE ${t.key} = ?`)
        .get(k) as { id: SQLInputValue } | undefined;
      const draft = db.prepare('DELETE FROM editor_drafts WHERE type = ? AND key = ?').run(type, key);
      if (!row) {
        if (draft.changes) return 'delete';
        throw refuse(404, 'NOT_FOUND', `no ${type} "${key}"`);
      }
      for (const [table, where] of t.children ?? []) db.prepare(`DELETE FROM ${table} WHERE ${where}`).run(row.id);
      db.prepare(`DELETE FROM ${t.table} WHERE ${t.key} = ?`).run(k);
      return 'delete';
    });
  }

  function editDocument(type: string, key: string, edit: Edit, method: string): Action {
    const keys = DOCUMENT_TYPES[type] ?? [];
    if (!keys.includes(key)) throw refuse(404, 'NOT_FOUND', `no ${type} "${key}" (${keys.join(', ')})`);
    return write(() => {
      const row = db.prepare('SELECT json_th, json_en FROM documents WHERE key = ?').get(key) as
        Record<`json_${EditLang}`, string> | undefined;
      if (method === 'DELETE') {
        if (type !== 'popup') throw refuse(400, 'BAD_REQUEST', 'menus are edited, not deleted');
        if (!row) throw refuse(404, 'NOT_FOUND', `no ${type} "${key}"`);
        db.prepare('DELETE FROM documents WHERE key = ?').run(key);
        return 'delete';
      }
      if (edit.category !== undefined || edit.published !== undefined)
        throw refuse(400, 'BAD_REQUEST', `a ${type} takes th and en only`);
      if (!row) throw refuse(404, 'NOT_FOUND', `no ${type} "${key}"`);
      const next: Record<EditLang, string> = { th: '', en: '' };
      for (const lang of LANGS) {
        const doc = JSON.parse(row[`json_${lang}`]) as Record<string, unknown>;
        // The popup's body is its `text`; other fields merge as given (a menu's `items`).
        for (const [k, v] of Object.entries(edit[lang] ?? {})) doc[type === 'popup' && k === 'body' ? 'text' : k] = v;
        next[lang] = JSON.stringify(doc);
      }
      db.prepare('UPDATE documents SET json_th = ?, json_en = ? WHERE key = ?').run(next.th, next.en, key);
      return 'update';
    });
  }

  return async (ctx: Ctx, res: ServerResponse): Promise<boolean> => {
    const m = /^\/api\/editor\/([^/]+)\/([^/]+)\/?$/.exec(ctx.url.pathname);
    if (!m && !ctx.url.pathname.startsWith('/api/editor/')) return false;
    if (!authorised(ctx.req)) throw refuse(401, 'UNAUTHORIZED', 'Authorization: Bearer <EDITOR_TOKEN> required');
    if (!m) throw refuse(404, 'NOT_FOUND', 'use /api/editor/{type}/{key}');
    const type = decodeURIComponent(m[1]!);
    const key = decodeURIComponent(m[2]!);
    const method = ctx.req.method;
    if (method !== 'POST' && method !== 'DELETE')
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', { allowed: ['POST', 'DELETE'] });
    const t = RECORD_TYPES[type];
    if (!t && !DOCUMENT_TYPES[type])
      throw refuse(
        404,
        'NOT_FOUND',
        `unknown type "${type}" (${[...Object.keys(RECORD_TYPES), ...Object.keys(DOCUMENT_TYPES)].join(', ')})`,
      );
    const edit: Edit = method === 'POST' ? parseEdit(await readJsonBody(ctx.req)) : {};
    if (method === 'DELETE' && ctx.req.readable) ctx.req.resume();
    const action = t
      ? method === 'DELETE'
        ? deleteRecord(type, t, key)
        : editRecord(type, t, key, edit)
      : editDocument(type, key, edit, method);
    const event = { type, action, key };
    let webhook: Awaited<ReturnType<typeof sendSignedWebhook>> | null = null;
    if (webhookUrl && secret) {
      webhook = await sendSignedWebhook(webhookUrl, secret, event);
      log(
        `content-api: editor ${action} ${type}:${key}, webhook ${'status' in webhook ? webhook.status : `not delivered (${webhook.error})`}`,
      );
    }
    sendJson(res, action === 'create' ? 201 : 200, { ok: true, event, webhook });
    return true;
  };
}
