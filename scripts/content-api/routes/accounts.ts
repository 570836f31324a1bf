// Portal member auth (auth/*) and web board login (customer/auth); the web board itself is in
// ./webboard.ts.
import type { Ctx, Router } from '../http.ts';
import type { Lang, Row } from '../types.ts';
import type { Deps } from '../deps.ts';
import { randomUUID } from 'node:crypto';
import { HttpError } from '../http.ts';
import { pick } from '../i18n.ts';
import { hashPassword, verifyPassword, signToken, verifyToken, TOKEN_TTL_SECONDS } from '../auth.ts';
import { objectBody, requireString, validationError, found } from './support.ts';

const USERNAME = /^[A-Za-z0-9_.-]{3,50}$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/;

export function registerAccounts(router: Router, { q, secret }: Deps) {
  const profile = (u: Row, lang: Lang) => ({
    id: u.id,
    username: u.username,
    first_name: pick(u, lang, 'first_name'),
    last_name: pick(u, lang, 'last_name'),
    email: u.email,
    prefix_id: u.prefix_id,
    uuid: u.uuid,
    is_admin: !!u.is_admin,
  });
  /** `boardAdmin`: a web board token from the admin path, the one that may hide, lock and delete. */
  const issue = (u: Row, boardAdmin = false) => ({
    accessToken: signToken(
      { sub: u.id, username: u.username, is_admin: !!u.is_admin, board_admin: boardAdmin, jti: randomUUID() },
      secret,
    ),
    expiresIn: TOKEN_TTL_SECONDS,
  });

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
    if (!claims || (claims.jti && q('SELECT 1 FROM revoked_tokens WHERE jti = ?').get(claims.jti)))
      throw new HttpError(401, 'UNAUTHORIZED');
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
    if (typeof email !== 'string' || email.length > 254 || !EMAIL.test(email))
      throw validationError(ctx.lang, { email: typeof email === 'string' && email ? 'INVALID_VALUE' : 'REQUIRED' });
    found(q('SELECT id FROM users WHERE lower(email) = lower(?)').get(email));
    return {
      data: {
        sent: true,
        message:
          ctx.lang === 'en'
            ? 'A password reset link has been sent to your email.'
            : 'ส่งลิงก์ตั้งรหัสผ่านใหม่ไปยังอีเมลของท่านแล้ว',
      },
    };
  });
  router.post('/member/verify/username', async (ctx) => {
    const body = await objectBody(ctx);
    const username = body.username;
    if (typeof username !== 'string' || !USERNAME.test(username))
      throw validationError(ctx.lang, {
        username: typeof username === 'string' && username ? 'INVALID_VALUE' : 'REQUIRED',
      });
    return { data: { username, available: !q('SELECT 1 FROM users WHERE lower(username) = lower(?)').get(username) } };
  });

  // Registration (ours: the spec names only the username check and forgot password; this is
  // where they lead). The account works for /auth/login and the web board alike.
  router.post('/member/register', async (ctx) => {
    const body = await objectBody(ctx);
    const problems: Record<string, string> = {};
    const { username, password, email } = body;
    if (typeof username !== 'string' || !USERNAME.test(username))
      problems.username = typeof username === 'string' && username ? 'INVALID_VALUE' : 'REQUIRED';
    if (typeof password !== 'string' || password.length < 8 || password.length > 200)
      problems.password = typeof password === 'string' && password ? 'INVALID_VALUE' : 'REQUIRED';
    if (typeof email !== 'string' || email.length > 254 || !EMAIL.test(email))
      problems.email = typeof email === 'string' && email ? 'INVALID_VALUE' : 'REQUIRED';
    for (const field of ['first_name', 'last_name']) {
      const v = body[field];
      if (typeof v !== 'string' || !v.trim() || v.length > 100)
        problems[field] = typeof v === 'string' && v.trim() ? 'INVALID_VALUE' : 'REQUIRED';
    }
    if (Object.keys(problems).length) throw validationError(ctx.lang, problems);
    if (q('SELECT 1 FROM users WHERE lower(username) = lower(?)').get(username as string))
      throw new HttpError(409, 'USERNAME_TAKEN', { field: 'username' });
    if (q('SELECT 1 FROM users WHERE lower(email) = lower(?)').get(email as string))
      throw new HttpError(409, 'EMAIL_TAKEN', { field: 'email' });
    const first = String(body.first_name).trim();
    const last = String(body.last_name).trim();
    const { lastInsertRowid } =
      q(`INSERT INTO users (uuid, username, password_hash, first_name_th, first_name_en, last_name_th, last_name_en, email, prefix_id, is_admin)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 0)`).run(
        randomUUID(),
        username as string,
        hashPassword(password as string),
        first,
        first,
        last,
        last,
        email as string,
      );
    return { data: profile(found(q('SELECT * FROM users WHERE id = ?').get(lastInsertRowid)), ctx.lang) };
  });

  // Web board login: flat shape of spec point 7; the admin path refuses non-admins. is_admin in
  // the answer says which way the member came in: an admin who uses the member path acts as a member.
  const boardLogin = (admin: boolean) => async (ctx: Ctx) => {
    const { u } = await authenticate(ctx);
    if (admin && !u.is_admin) throw new HttpError(403, 'FORBIDDEN');
    return { token: issue(u, admin), ...profile(u, ctx.lang), is_admin: admin };
  };
  router.post('/customer/auth', boardLogin(false));
  router.post('/customer/auth/admin', boardLogin(true));
}
