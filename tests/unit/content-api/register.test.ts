// Registration (POST /member/register, ours): where the username check and forgot password lead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.dispose();
});

describe('POST /member/register', () => {
  it('creates an account that can log in at once, and the username is then taken', async () => {
    const account = {
      username: 'newmember1',
      password: 'long-enough-1',
      email: 'new1@example.com',
      first_name: 'มานี',
      last_name: 'มีนา',
    };
    const res = await api.call('/member/register', { json: account });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      username: 'newmember1',
      first_name: 'มานี',
      email: 'new1@example.com',
      is_admin: false,
    });
    const login = await api.call('/auth/login', { json: { username: 'newmember1', password: 'long-enough-1' } });
    expect(login.status).toBe(200);
    const check = await api.call('/member/verify/username', { json: { username: 'NewMember1' } });
    expect(check.body.data.available).toBe(false);
    const again = await api.call('/member/register', { json: { ...account, email: 'other@example.com' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'USERNAME_TAKEN', field: 'username' });
  });

  it('names every wrong field (422), and refuses a used email (409)', async () => {
    const res = await api.call('/member/register', { json: { username: 'x', password: 'short', email: 'nope' } });
    expect(res.status).toBe(422);
    const fields = (res.body.errors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['email', 'first_name', 'last_name', 'password', 'username']);
    const used = await api.call('/member/register', {
      json: {
        username: 'fresh2',
        password: 'long-enough-2',
        email: 'member@example.com',
        first_name: 'A',
        last_name: 'B',
      },
    });
    expect(used.status).toBe(409);
    expect(used.body.code).toBe('EMAIL_TAKEN');
  });
});
