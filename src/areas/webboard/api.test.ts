/** Web board: login variants map to the spec point 3 profile; lists skip malformed records. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { SchemaError } from '../../api/errors';
import { setSkipReporter, type SkippedRecord } from '../../api/boundary';
import { checkText, getRoom, getRooms, getThread, webboardLogin } from './api';

const loginAnswer = {
  token: { accessToken: 'header.payload.sig', expiresIn: 28800 },
  id: 7,
  first_name: 'สมชาย',
  last_name: 'ใจดี',
  username: 'member',
  email: 'member@example.test',
  prefix_id: 2,
  uuid: '5f1c1d1e-0000-4000-8000-000000000007',
  is_admin: false,
};

const room = {
  id: 1,
  title: 'ส่งออก',
  description: 'คุยเรื่องส่งออก',
  thread_count: 2,
  last_post_at: '2026-11-20T10:00:00+07:00',
};
const thread = {
  id: 11,
  room_id: 1,
  title: 'เริ่มส่งออกอย่างไร',
  author: 'member',
  replies: 3,
  views: 40,
  created_at: '2026-11-19T09:00:00+07:00',
  last_post_at: null,
};

afterEach(() => vi.restoreAllMocks());

describe('webboardLogin', () => {
  it('posts {username, password, is_admin: false} to /customer/auth and maps the profile', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(loginAnswer);
    const profile = await webboardLogin({ username: 'member', password: 'member1234' }, 'th');
    expect(post).toHaveBeenCalledWith(
      '/customer/auth',
      { username: 'member', password: 'member1234', is_admin: false },
      expect.objectContaining({ lang: 'th', token: null }),
    );
    expect(profile).toEqual({
      id: '7',
      firstName: 'สมชาย',
      lastName: 'ใจดี',
      username: 'member',
      email: 'member@example.test',
      prefix: '2',
      uuid: '5f1c1d1e-0000-4000-8000-000000000007',
      isAdmin: false,
      token: 'header.payload.sig',
      expiresIn: 28800,
    });
  });

  it('the admin variant posts is_admin: true to /customer/auth/admin', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ ...loginAnswer, is_admin: true });
    const profile = await webboardLogin({ username: 'admin', password: 'admin1234', isAdmin: true }, 'en');
    expect(post.mock.calls[0]?.[0]).toBe('/customer/auth/admin');
    expect(post.mock.calls[0]?.[1]).toEqual({ username: 'admin', password: 'admin1234', is_admin: true });
    expect(profile.isAdmin).toBe(true);
  });

  it('keeps a missing prefix as null', async () => {
    vi.spyOn(api, 'post').mockResolvedValue({ ...loginAnswer, prefix_id: null });
    expect((await webboardLogin({ username: 'member', password: 'x' }, 'th')).prefix).toBeNull();
  });

  it('an answer without a token is a SchemaError naming token.accessToken', async () => {
    vi.spyOn(api, 'post').mockResolvedValue({ ...loginAnswer, token: {} });
    const error = await webboardLogin({ username: 'member', password: 'x' }, 'th').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as SchemaError).field).toBe('token.accessToken');
    expect((error as SchemaError).endpoint).toBe('/customer/auth');
  });
});

describe('rooms and threads', () => {
  it('maps rooms to camelCase', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ data: [room] });
    expect(await getRooms('th')).toEqual([
      { id: '1', title: 'ส่งออก', description: 'คุยเรื่องส่งออก', threadCount: 2, lastPostAt: '2026-11-20T10:00:00+07:00' },
    ]);
  });

  it('a room page skips a malformed thread and keeps the rest, sending the token and page', async () => {
    const skipped: SkippedRecord[] = [];
    const previous = setSkipReporter((s) => skipped.push(s));
    try {
      const get = vi.spyOn(api, 'get').mockResolvedValue({
        data: { room, threads: [thread, { ...thread, id: 12, views: 'many' }], total: 2, page: 2, limit: 12 },
      });
      const page = await getRoom(1, { page: 2 }, 'th', 'tok');
      expect(get).toHaveBeenCalledWith('/webboard/room/1', { lang: 'th', token: 'tok', query: { page: 2 } });
      expect(page.room.threadCount).toBe(2);
      expect(page.threads.map((t) => t.id)).toEqual(['11']);
      expect(page.threads[0]).toMatchObject({ roomId: '1', createdAt: thread.created_at, lastPostAt: null });
      expect(skipped).toEqual([
        expect.objectContaining({ endpoint: '/webboard/room/1', recordId: '12', field: 'views' }),
      ]);
    } finally {
      setSkipReporter(previous);
    }
  });

  it('a thread page carries its room and posts', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      data: {
        thread,
        room,
        posts: [{ id: 100, author: 'admin', body: 'ตอบแล้ว', created_at: '2026-11-19T10:00:00+07:00' }],
        total: 1,
        page: 1,
        limit: 12,
      },
    });
    const page = await getThread(11, {}, 'th');
    expect(page.thread.title).toBe('เริ่มส่งออกอย่างไร');
    expect(page.room.id).toBe('1');
    expect(page.posts).toEqual([
      {
        id: '100',
        author: 'admin',
        body: 'ตอบแล้ว',
        createdAt: '2026-11-19T10:00:00+07:00',
        editedAt: null,
        hidden: false,
        editableUntil: null,
      },
    ]);
    expect(page.thread.locked).toBe(false);
    expect([page.total, page.page, page.limit]).toEqual([1, 1, 12]);
  });

  it('checkText posts {text} and returns the flagged words', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ data: { ok: false, words: ['bad'] } });
    expect(await checkText('a bad word', 'en')).toEqual({ ok: false, words: ['bad'] });
    expect(post.mock.calls[0]?.slice(0, 2)).toEqual(['/master/check-text', { text: 'a bad word' }]);
  });
});
