// Portal member auth (auth/*), web board auth and reading (customer/auth, webboard/*) and the
// web board word check (master/check-text).
import type { Ctx, Router } from '../http.ts';
import type { Deps, Lang, Row } from '../types.ts';
import { randomUUID } from 'node:crypto';
import { HttpError } from '../http.ts';
import { pick } from '../i18n.ts';
import { verifyPassword, signToken, verifyToken, TOKEN_TTL_SECONDS } from '../auth.ts';
import { intParam, pathId } from '../query.ts';
import { objectBody, requireString, validationError, found } from './support.ts';

const USERNAME = /^[A-Za-z0-9_.-]{3,50}$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/;
const THREADS_PER_PAGE = 20;

export function registerAccounts(router: Router, { q, secret }: Deps) {
  const profile = (u: Row, lang: Lang) => ({
    id: u.id, username: u.username, first_name: pick(u, lang, 'first_name'), last_name: pick(u, lang, 'last_name'),
    email: u.email, prefix_id: u.prefix_id, uuid: u.uuid, is_admin: !!u.is_admin,
  });
  const issue = (u: Row) => ({ accessToken: signToken({ sub: u.id, username: u.username, is_admin: !!u.is_admin, jti: randomUUID() }, secret), expiresIn: TOKEN_TTL_SECONDS });

  /** Checks username + password; 422 when malformed, 401 when wrong. */
  const authenticate = async (ctx: Ctx) => {
    const body = await objectBody(ctx);
    const username = requireString(ctx, body, 'username', 100);
    const password = requireString(ctx, body, 'password', 200);
    const u = q('SELECT * FROM users WHERE username = ?').get(username);
    if (!u || !verifyPassword(password, u.password_hash)) throw new HttpError(401, 'INVALID_CREDENTIALS');
    return { u, body };
  };
  /** Bearer token → user row, or 401 (missing, forged, expired, logged out, unknown user). */
  const currentUser = (ctx: Ctx) => {
    const m = /^Bearer\s+(\S+)$/i.exec(ctx.req.headers.authorization || '');
    const claims = m ? verifyToken(m[1], secret) : null;
    if (!claims || (claims.jti && q('SELECT 1 FROM revoked_tokens WHERE jti = ?').get(claims.jti))) throw new HttpError(401, 'UNAUTHORIZED');
    const u = q('SELECT * FROM users WHERE id = ?').get(claims.sub);
    if (!u) throw new HttpError(401, 'UNAUTHORIZED');
    return { u, claims };
  };

  router.post('/auth/login', async (ctx) => {
    const { u } = await authenticate(ctx);
    return { data: { token: issue(u), user: profile(u, ctx.lang) } };
  });
  router.post('/auth/me', (ctx) => ({ data: profile(currentUser(ctx).u, ctx.lang) }));
  router.post('/api/v1/authen/logout', (ctx) => {
    // Logging out revokes the token; a missing or already invalid token is simply "logged out".
    const m = /^Bearer\s+(\S+)$/i.exec(ctx.req.headers.authorization || '');
    const claims = m ? verifyToken(m[1], secret) : null;
    if (claims?.jti) q('INSERT OR IGNORE INTO revoked_tokens (jti, exp) VALUES (?, ?)').run(claims.jti, claims.exp);
    q('DELETE FROM revoked_tokens WHERE exp < ?').run(Math.floor(Date.now() / 1000));
    return { data: { ok: true } };
  });
  router.post('/auth/forgot-password', async (ctx) => {
    const body = await objectBody(ctx);
    const email = body.email;
    if (typeof email !== 'string' || email.length > 254 || !EMAIL.test(email)) throw validationError(ctx.lang, { email: typeof email === 'string' && email ? 'INVALID_VALUE' : 'REQUIRED' });
    found(q('SELECT id FROM users WHERE lower(email) = lower(?)').get(email));
    return { data: { sent: true, message: ctx.lang === 'en' ? 'A password reset link has been sent to your email.' : 'ส่งลิงก์ตั้งรหัสผ่านใหม่ไปยังอีเมลของท่านแล้ว' } };
  });
  router.post('/member/verify/username', async (ctx) => {
    const body = await objectBody(ctx);
    const username = body.username;
    if (typeof username !== 'string' || !USERNAME.test(username)) throw validationError(ctx.lang, { username: typeof username === 'string' && username ? 'INVALID_VALUE' : 'REQUIRED' });
    return { data: { username, available: !q('SELECT 1 FROM users WHERE lower(username) = lower(?)').get(username) } };
  });

  // Web board login: flat shape of spec point 7; the admin path refuses non-admins.
  const boardLogin = (admin: boolean) => async (ctx: Ctx) => {
    const { u } = await authenticate(ctx);
    if (admin && !u.is_admin) throw new HttpError(403, 'FORBIDDEN');
    return { token: issue(u), ...profile(u, ctx.lang) };
  };
  router.post('/customer/auth', boardLogin(false));
  router.post('/customer/auth/admin', boardLogin(true));

  const ROOM_SQL = `SELECT r.*, (SELECT count(*) FROM webboard_threads t WHERE t.room_id = r.id) AS thread_count,
    (SELECT max(p.created_at) FROM webboard_posts p JOIN webboard_threads t ON t.id = p.thread_id WHERE t.room_id = r.id) AS last_post_at FROM webboard_rooms r`;
  const THREAD_SQL = `SELECT t.*, (SELECT count(*) - 1 FROM webboard_posts p WHERE p.thread_id = t.id) AS replies,
    (SELECT max(created_at) FROM webboard_posts p WHERE p.thread_id = t.id) AS last_post_at FROM webboard_threads t`;
  const room = (r: Row, lang: Lang) => ({ id: r.id, title: pick(r, lang, 'title'), description: pick(r, lang, 'description'), thread_count: r.thread_count, last_post_at: r.last_post_at ?? null });
  const thread = (t: Row, lang: Lang) => ({ id: t.id, room_id: t.room_id, title: pick(t, lang, 'title'), author: t.author, replies: Math.max(0, Number(t.replies)), views: t.views, created_at: t.created_at, last_post_at: t.last_post_at ?? t.created_at });

  router.get('/webboard/room', (ctx) => {
    currentUser(ctx);
    return { data: q(`${ROOM_SQL} ORDER BY r.id`).all().map((r) => room(r, ctx.lang)) };
  });
  router.get('/webboard/room/:roomId', (ctx) => {
    currentUser(ctx);
    const r = found(q(`${ROOM_SQL} WHERE r.id = ?`).get(pathId(ctx.params.roomId)));
    const page = intParam(ctx.query, 'page', { min: 1, max: 1_000_000, def: 1 });
    const threads = q(`${THREAD_SQL} WHERE t.room_id = ? ORDER BY last_post_at DESC, t.id DESC LIMIT ? OFFSET ?`).all(r.id, THREADS_PER_PAGE, (page - 1) * THREADS_PER_PAGE);
    return { data: { room: room(r, ctx.lang), threads: threads.map((t) => thread(t, ctx.lang)), total: r.thread_count, page, limit: THREADS_PER_PAGE } };
  });
  router.get('/webboard/thread/:threadId', (ctx) => {
    currentUser(ctx);
    const id = pathId(ctx.params.threadId);
    found(q('SELECT id FROM webboard_threads WHERE id = ?').get(id));
    q('UPDATE webboard_threads SET views = views + 1 WHERE id = ?').run(id);
    const t = found(q(`${THREAD_SQL} WHERE t.id = ?`).get(id));
    const r = found(q(`${ROOM_SQL} WHERE r.id = ?`).get(t.room_id));
    const posts = q('SELECT * FROM webboard_posts WHERE thread_id = ? ORDER BY created_at, id').all(id);
    return { data: { thread: thread(t, ctx.lang), room: room(r, ctx.lang), posts: posts.map((p) => ({ id: p.id, author: p.author, body: pick(p, ctx.lang, 'body'), created_at: p.created_at })) } };
  });

  router.post('/master/check-text', async (ctx) => {
    const body = await objectBody(ctx);
    if (typeof body.text !== 'string' || body.text.length > 20_000) throw validationError(ctx.lang, { text: typeof body.text === 'string' ? 'INVALID_VALUE' : 'REQUIRED' });
    const text = body.text.toLowerCase();
    const words = q('SELECT word FROM blocked_words ORDER BY word').all().map((r) => String(r.word)).filter((w) => text.includes(w.toLowerCase()));
    return { data: { ok: words.length === 0, words } };
  });
}
