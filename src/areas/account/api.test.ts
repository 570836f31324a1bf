/** Auth: login keeps data.token.accessToken and maps the member profile. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { forgotPassword, getMe, login, logout, verifyUsername } from './api';

const user = {
  id: 3,
  username: 'member',
  first_name: 'Somchai',
  last_name: 'Jaidee',
  email: 'member@example.test',
  prefix_id: 1,
  uuid: 'u-3',
  is_admin: false,
};

afterEach(() => vi.restoreAllMocks());

describe('auth', () => {
  it('login posts the credentials without a stored token and returns token and profile', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue({ data: { token: { accessToken: 'jwt', expiresIn: 28800 }, user } });
    const result = await login('member', 'member1234', 'en');
    expect(post).toHaveBeenCalledWith(
      '/auth/login',
      { username: 'member', password: 'member1234' },
      { lang: 'en', token: null },
    );
    expect(result).toEqual({
      token: 'jwt',
      expiresIn: 28800,
      profile: {
        id: '3',
        firstName: 'Somchai',
        lastName: 'Jaidee',
        username: 'member',
        email: 'member@example.test',
        prefix: '1',
        uuid: 'u-3',
        isAdmin: false,
      },
    });
  });

  it('logout posts to /api/v1/authen/logout with the given token', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ data: { ok: true } });
    await logout('th', 'jwt');
    expect(post).toHaveBeenCalledWith('/api/v1/authen/logout', undefined, { lang: 'th', token: 'jwt' });
  });

  it('me maps the profile', async () => {
    vi.spyOn(api, 'post').mockResolvedValue({ data: user });
    expect((await getMe('th')).firstName).toBe('Somchai');
  });

  it('forgotPassword and verifyUsername send trimmed values', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValueOnce({ data: { sent: true, message: 'ส่งแล้ว' } })
      .mockResolvedValueOnce({ data: { username: 'newbie', available: true } });
    expect(await forgotPassword(' member@example.test ', 'th')).toEqual({ sent: true, message: 'ส่งแล้ว' });
    expect(await verifyUsername('newbie ', 'th')).toEqual({ username: 'newbie', available: true });
    expect(post.mock.calls.map((c) => c.slice(0, 2))).toEqual([
      ['/auth/forgot-password', { email: 'member@example.test' }],
      ['/member/verify/username', { username: 'newbie' }],
    ]);
  });
});
