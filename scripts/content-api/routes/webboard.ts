// The web board: rooms, threads and posts to read (spec point 7), the word check
// (master/check-text) and our write calls (docs/api-contract.md "Web board: taking part"):
// start a thread, reply, edit or delete one's own post within EDIT_WINDOW_MINUTES, and the
// admin's hide, lock and delete. Every call needs the web board bearer token; the admin calls
// need a token from the admin login path (claim `board_admin`). Texts go through the same word
// check as /master/check-text and are refused with 422 BLOCKED_WORDS {words}.
import type { Ctx, Router } from '../http.ts';
import type { Lang, Row } from '../types.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http.ts';
import { pick } from '../i18n.ts';
import { verifyToken } from '../auth.ts';
import { intParam, pathId } from '../query.ts';
import { blockedWordsIn } from '../word-check.ts';
import { objectBody, requireString, validationError, found } from './support.ts';

interface Reader {
  u: Row;
  /** Came in through the admin login path (token claim `board_admin`) and is an admin. */
  admin: boolean;
}

const PAGE_SIZE = 12; // spec point 5: the default page size
const EDIT_WINDOW_MINUTES = 15;
const MAX_TITLE = 200;
const MAX_BODY = 5000;

/** ISO date-time in Bangkok time, like the seeded rows. */
function bangkokNow(now = Date.now()) {
  return `${new Date(now + 7 * 3600_000).toISOString().slice(0, 19)}+07:00`;
}

export function registerWebboard(router: Router, { q, secret }: Deps) {
  /** Bearer token → { user row, claims }, or 401 (missing, forged, expired, logged out, unknown user). */
  const currentUser = (ctx: Ctx): Reader => {
    const m = /^Bearer\s+(\S+)$/i.exec(ctx.req.headers.authorization || '');
    const claims = m ? verifyToken(m[1], secret) : null;
    if (!claims || (claims.jti && q('SELECT 1 FROM revoked_tokens WHERE jti = ?').get(claims.jti)))
      throw new HttpError(401, 'UNAUTHORIZED');
    const u = q('SELECT * FROM users WHERE id = ?').get(claims.sub);
    if (!u) throw new HttpError(401, 'UNAUTHORIZED');
    return { u, admin: (claims as { board_admin?: unknown }).board_admin === true && !!u.is_admin };
  };
  const requireAdmin = (ctx: Ctx): Reader => {
    const who = currentUser(ctx);
    if (!who.admin) throw new HttpError(403, 'FORBIDDEN');
    return who;
  };
  const blocked = () =>
    q('SELECT word FROM blocked_words ORDER BY word')
      .all()
      .map((r) => String(r.word));
  /** A text field checked like /master/check-text; 422 BLOCKED_WORDS when it holds blocked words. */
  const checkedText = (ctx: Ctx, body: Record<string, unknown>, field: string, max: number) => {
    const value = requireString(ctx, body, field, max);
    const words = blockedWordsIn(value, blocked());
    if (words.length) throw new HttpError(422, 'BLOCKED_WORDS', { field, words });
    return value;
  };

  const ROOM_SQL = `SELECT r.*, (SELECT count(*) FROM webboard_threads t WHERE t.room_id = r.id) AS thread_count,
    (SELECT max(p.created_at) FROM webboard_posts p JOIN webboard_threads t ON t.id = p.thread_id WHERE t.room_id = r.id) AS last_post_at FROM webboard_rooms r`;
  const THREAD_SQL = `SELECT t.*, (SELECT count(*) - 1 FROM webboard_posts p WHERE p.thread_id = t.id) AS replies,
    (SELECT max(created_at) FROM webboard_posts p WHERE p.thread_id = t.id) AS last_post_at FROM webboard_threads t`;
  const room = (r: Row, lang: Lang) => ({
    id: r.id,
    title: pick(r, lang, 'title'),
    description: pick(r, lang, 'description'),
    thread_count: r.thread_count,
    last_post_at: r.last_post_at ?? null,
  });
  const thread = (t: Row, lang: Lang) => ({
    id: t.id,
    room_id: t.room_id,
    title: pick(t, lang, 'title'),
    author: t.author,
    replies: Math.max(0, Number(t.replies)),
    views: t.views,
    created_at: t.created_at,
    last_post_at: t.last_post_at ?? t.created_at,
    locked: !!t.locked,
  });
  const editableUntil = (p: Row) => new Date(Date.parse(String(p.created_at)) + EDIT_WINDOW_MINUTES * 60_000);
  /** A post as `who` may see it: a hidden post's text only for an admin; the edit window only for its author. */
  const post = (p: Row, lang: Lang, who: Reader) => {
    const until = editableUntil(p);
    const own = p.author_id !== null && p.author_id === who.u.id && until.getTime() > Date.now();
    return {
      id: p.id,
      author: p.author,
      body: p.hidden && !who.admin ? '' : pick(p, lang, 'body'),
      created_at: p.created_at,
      edited_at: p.edited_at ?? null,
      hidden: !!p.hidden,
      editable_until: own ? bangkokNow(until.getTime()) : null,
    };
  };
  const threadRow = (id: number) => found(q(`${THREAD_SQL} WHERE t.id = ?`).get(id));
  const postRow = (id: number) => found(q('SELECT * FROM webboard_posts WHERE id = ?').get(id));
  const authorName = (u: Row, lang: Lang) =>
    `${pick(u, lang, 'first_name')} ${pick(u, lang, 'last_name')}`.trim() || u.username;
  /** The author may change a post within the window; anyone else gets 403, the author after it 409. */
  const ownWithinWindow = (p: Row, who: Reader) => {
    if (p.author_id === null || p.author_id !== who.u.id) throw new HttpError(403, 'NOT_AUTHOR');
    if (editableUntil(p).getTime() <= Date.now()) throw new HttpError(409, 'EDIT_WINDOW_CLOSED');
  };

  router.get('/webboard/room', (ctx) => {
    currentUser(ctx);
    return {
      data: q(`${ROOM_SQL} ORDER BY r.id`)
        .all()
        .map((r) => room(r, ctx.lang)),
    };
  });
  router.get('/webboard/room/:roomId', (ctx) => {
    currentUser(ctx);
    const r = found(q(`${ROOM_SQL} WHERE r.id = ?`).get(pathId(ctx.params.roomId)));
    const page = intParam(ctx.query, 'page', { min: 1, max: 1_000_000, def: 1 });
    const threads = q(`${THREAD_SQL} WHERE t.room_id = ? ORDER BY last_post_at DESC, t.id DESC LIMIT ? OFFSET ?`).all(
      r.id,
      PAGE_SIZE,
      (page - 1) * PAGE_SIZE,
    );
    return {
      data: {
        room: room(r, ctx.lang),
        threads: threads.map((t) => thread(t, ctx.lang)),
        total: r.thread_count,
        page,
        limit: PAGE_SIZE,
      },
    };
  });
  router.get('/webboard/thread/:threadId', (ctx) => {
    const who = currentUser(ctx);
    const id = pathId(ctx.params.threadId);
    found(q('SELECT id FROM webboard_threads WHERE id = ?').get(id));
    const page = intParam(ctx.query, 'page', { min: 1, max: 1_000_000, def: 1 });
    q('UPDATE webboard_threads SET views = views + 1 WHERE id = ?').run(id);
    const t = threadRow(id);
    const r = found(q(`${ROOM_SQL} WHERE r.id = ?`).get(t.room_id));
    const total = Number(q('SELECT count(*) AS n FROM webboard_posts WHERE thread_id = ?').get(id)?.n ?? 0);
    const posts = q('SELECT * FROM webboard_posts WHERE thread_id = ? ORDER BY created_at, id LIMIT ? OFFSET ?').all(
      id,
      PAGE_SIZE,
      (page - 1) * PAGE_SIZE,
    );
    return {
      data: {
        thread: thread(t, ctx.lang),
        room: room(r, ctx.lang),
        posts: posts.map((p) => post(p, ctx.lang, who)),
        total,
        page,
        limit: PAGE_SIZE,
      },
    };
  });

  router.post('/master/check-text', async (ctx) => {
    const body = await objectBody(ctx);
    if (typeof body.text !== 'string' || body.text.length > 20_000)
      throw validationError(ctx.lang, { text: typeof body.text === 'string' ? 'INVALID_VALUE' : 'REQUIRED' });
    const words = blockedWordsIn(body.text, blocked());
    return { data: { ok: words.length === 0, words } };
  });

  // ---- writes ----
  const insertPost = (threadId: number, u: Row, lang: Lang, text: string) => {
    const created = bangkokNow();
    const { lastInsertRowid } = q(
      'INSERT INTO webboard_posts (thread_id, author, author_id, body_th, body_en, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(threadId, authorName(u, lang), u.id, text, text, created);
    return postRow(Number(lastInsertRowid));
  };

  router.post('/webboard/room/:roomId/thread', async (ctx) => {
    const who = currentUser(ctx);
    const r = found(q('SELECT id FROM webboard_rooms WHERE id = ?').get(pathId(ctx.params.roomId)));
    const body = await objectBody(ctx);
    const title = checkedText(ctx, body, 'title', MAX_TITLE);
    const text = checkedText(ctx, body, 'body', MAX_BODY);
    const { lastInsertRowid } = q(
      'INSERT INTO webboard_threads (room_id, title_th, title_en, author, created_at) VALUES (?, ?, ?, ?, ?)',
    ).run(r.id, title, title, authorName(who.u, ctx.lang), bangkokNow());
    const threadId = Number(lastInsertRowid);
    const p = insertPost(threadId, who.u, ctx.lang, text);
    return { data: { thread: thread(threadRow(threadId), ctx.lang), post: post(p, ctx.lang, who) } };
  });
  router.post('/webboard/thread/:threadId/post', async (ctx) => {
    const who = currentUser(ctx);
    const t = threadRow(pathId(ctx.params.threadId));
    if (t.locked) throw new HttpError(409, 'THREAD_LOCKED');
    const body = await objectBody(ctx);
    const text = checkedText(ctx, body, 'body', MAX_BODY);
    return { data: post(insertPost(Number(t.id), who.u, ctx.lang, text), ctx.lang, who) };
  });
  router.put('/webboard/post/:postId', async (ctx) => {
    const who = currentUser(ctx);
    const p = postRow(pathId(ctx.params.postId));
    ownWithinWindow(p, who);
    const body = await objectBody(ctx);
    const text = checkedText(ctx, body, 'body', MAX_BODY);
    q('UPDATE webboard_posts SET body_th = ?, body_en = ?, edited_at = ? WHERE id = ?').run(
      text,
      text,
      bangkokNow(),
      p.id,
    );
    return { data: post(postRow(Number(p.id)), ctx.lang, who) };
  });
  router.delete('/webboard/post/:postId', (ctx) => {
    const who = currentUser(ctx);
    const p = postRow(pathId(ctx.params.postId));
    if (!who.admin) ownWithinWindow(p, who);
    const opening = q('SELECT id FROM webboard_posts WHERE thread_id = ? ORDER BY created_at, id LIMIT 1').get(
      p.thread_id,
    );
    if (opening?.id === p.id) {
      q('DELETE FROM webboard_posts WHERE thread_id = ?').run(p.thread_id);
      q('DELETE FROM webboard_threads WHERE id = ?').run(p.thread_id);
      return { data: { ok: true, thread_deleted: true } };
    }
    q('DELETE FROM webboard_posts WHERE id = ?').run(p.id);
    return { data: { ok: true, thread_deleted: false } };
  });
  router.put('/webboard/post/:postId/hidden', async (ctx) => {
    const who = requireAdmin(ctx);
    const p = postRow(pathId(ctx.params.postId));
    const body = await objectBody(ctx);
    if (typeof body.hidden !== 'boolean') throw validationError(ctx.lang, { hidden: 'REQUIRED' });
    q('UPDATE webboard_posts SET hidden = ? WHERE id = ?').run(body.hidden ? 1 : 0, p.id);
    return { data: post(postRow(Number(p.id)), ctx.lang, who) };
  });
  router.put('/webboard/thread/:threadId/locked', async (ctx) => {
    requireAdmin(ctx);
    const t = threadRow(pathId(ctx.params.threadId));
    const body = await objectBody(ctx);
    if (typeof body.locked !== 'boolean') throw validationError(ctx.lang, { locked: 'REQUIRED' });
    q('UPDATE webboard_threads SET locked = ? WHERE id = ?').run(body.locked ? 1 : 0, t.id);
    return { data: thread(threadRow(Number(t.id)), ctx.lang) };
  });
}
