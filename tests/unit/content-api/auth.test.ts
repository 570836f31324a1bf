// Login, tokens (expiry, forgery, logout) and the admin path of the web board.
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../../scripts/content-api/auth.ts';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
let secret: string;

beforeAll(async () => {
  api = await startTestApi();
  const db = new DatabaseSync(api.dbPath, { readOnly: true });
  secret = (db.prepare("SELECT value FROM meta WHERE key = 'jwt_secret'").get() as { value: string }).value;
  db.close();
});
afterAll(async () => {
  await api?.dispose();
});

describe('portal member auth', () => {
  it('logs the demo member in and returns data.token.accessToken, a JWT with an expiry', async () => {
    const res = await api.call('/auth/login', { json: { username: 'member', password: 'member1234' } });
    expect(res.status).toBe(200);
    const token = res.body.data.token.accessToken;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(claims.exp - claims.iat).toBe(8 * 3600);
    expect(res.body.data.user).toMatchObject({ username: 'member', is_admin: false });
    const me = await api.call('/auth/me', { method: 'POST', token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ username: 'member', first_name: 'สมชาย', email: 'member@example.com' });
    const meEn = await api.call('/auth/me', { method: 'POST', token, lang: 'en' });
    expect(meEn.body.data.first_name).toBe('Somchai');
  });

  it('refuses a wrong password with 401 and a message', async () => {
    const res = await api.call('/auth/login', { json: { username: 'member', password: 'wrong-password' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(res.body.message).toMatch(/รหัสผ่าน/);
  });

  it('answers 401 to a missing, forged or expired token', async () => {
    expect((await api.call('/auth/me', { method: 'POST' })).status).toBe(401);
    const good = (await api.call('/auth/login', { json: { username: 'member', password: 'member1234' } })).body.data
      .token.accessToken;
    const [h, p, s] = good.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...payload, is_admin: true })).toString('base64url');
    expect((await api.call('/auth/me', { method: 'POST', token: `${h}.${forgedPayload}.${s}` })).status).toBe(401);
    expect(
      (
        await api.call('/auth/me', {
          method: 'POST',
          token: signToken({ sub: 1, username: 'member' }, 'not-the-secret'),
        })
      ).status,
    ).toBe(401);
    // Properly signed but expired one second ago.
    const expired = signToken({ sub: 1, username: 'member', is_admin: false }, secret, {
      ttlSeconds: 60,
      now: Date.now() - 61_000,
    });
    const res = await api.call('/auth/me', { method: 'POST', token: expired });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
    // The same token with a future expiry is accepted (the secret is right; only exp differs).
    const fresh = signToken({ sub: 1, username: 'member', is_admin: false }, secret, { ttlSeconds: 60 });
    expect((await api.call('/auth/me', { method: 'POST', token: fresh })).status).toBe(200);
  });

  it('logout revokes the token', async () => {
    const token = (await api.call('/auth/login', { json: { username: 'member', password: 'member1234' } })).body.data
      .token.accessToken;
    expect((await api.call('/api/v1/authen/logout', { method: 'POST', token })).body).toEqual({ data: { ok: true } });
    expect((await api.call('/auth/me', { method: 'POST', token })).status).toBe(401);
  });

  it('forgot password and verify username validate their input', async () => {
    expect((await api.call('/auth/forgot-password', { json: { email: 'member@example.com' } })).body.data.sent).toBe(
      true,
    );
    expect((await api.call('/auth/forgot-password', { json: { email: 'nobody@example.com' } })).status).toBe(404);
    const bad = await api.call('/auth/forgot-password', { json: { email: 'not-an-email' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('email');
    expect((await api.call('/member/verify/username', { json: { username: 'member' } })).body.data).toEqual({
      username: 'member',
      available: false,
    });
    expect((await api.call('/member/verify/username', { json: { username: 'new_user' } })).body.data.available).toBe(
      true,
    );
    expect((await api.call('/member/verify/username', { json: { username: 'x' } })).status).toBe(422);
  });
});

describe('web board auth', () => {
  it('returns the flat profile of spec point 7', async () => {
    const res = await api.call('/customer/auth', {
      json: { username: 'member', password: 'member1234', is_admin: false },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(
      expect.arrayContaining(['token', 'id', 'first_name', 'last_name', 'email', 'prefix_id', 'uuid', 'is_admin']),
    );
    expect(typeof res.body.token.accessToken).toBe('string');
    expect(res.body.is_admin).toBe(false);
  });

  it('refuses the admin path to a non-admin with 403 and accepts the admin', async () => {
    const member = await api.call('/customer/auth/admin', {
      json: { username: 'member', password: 'member1234', is_admin: true },
    });
    expect(member.status).toBe(403);
    expect(member.body.code).toBe('FORBIDDEN');
    const admin = await api.call('/customer/auth/admin', {
      json: { username: 'admin', password: 'admin1234', is_admin: true },
    });
    expect(admin.status).toBe(200);
    expect(admin.body.is_admin).toBe(true);
    const wrong = await api.call('/customer/auth/admin', {
      json: { username: 'admin', password: 'member1234', is_admin: true },
    });
    expect(wrong.status).toBe(401);
  });

  it('web board reads need a valid token', async () => {
    expect((await api.call('/webboard/room')).status).toBe(401);
    const token = (
      await api.call('/customer/auth', { json: { username: 'member', password: 'member1234', is_admin: false } })
    ).body.token.accessToken;
    const rooms = await api.call('/webboard/room', { token });
    expect(rooms.status).toBe(200);
    expect(rooms.body.data.length).toBeGreaterThanOrEqual(3);
    const room = (await api.call(`/webboard/room/${rooms.body.data[0].id}`, { token })).body.data;
    expect(room.threads.length).toBe(room.room.thread_count);
    const thread = (await api.call(`/webboard/thread/${room.threads[0].id}`, { token })).body.data;
    expect(thread.posts.length).toBe(thread.thread.replies + 1);
  });

  it('check-text flags Thai and English words of the list', async () => {
    const clean = await api.call('/master/check-text', { json: { text: 'สอบถามเรื่องการจดทะเบียนครับ' } });
    expect(clean.body.data).toEqual({ ok: true, words: [] });
    const dirty = await api.call('/master/check-text', { json: { text: 'ไอ้ควายนี่มัน SCAM ชัดๆ' } });
    expect(dirty.body.data.ok).toBe(false);
    expect(dirty.body.data.words).toEqual(expect.arrayContaining(['ควาย', 'scam']));
  });
});
