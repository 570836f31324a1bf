// Taking part in the web board (our write calls, docs/api-contract.md): start a thread, reply,
// edit and delete one's own post within the window, the admin's hide, lock and delete, and the
// word check on whole words (Intl.Segmenter), not substrings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedWordsIn } from '../../../scripts/content-api/word-check.ts';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
let member: string;
let admin: string;
let adminAsMember: string;

const boardLogin = async (username: string, password: string, path = '/customer/auth') =>
  (await api.call(path, { json: { username, password, is_admin: path.endsWith('/admin') } })).body.token
    .accessToken as string;

beforeAll(async () => {
  api = await startTestApi();
  member = await boardLogin('member', 'member1234');
  admin = await boardLogin('admin', 'admin1234', '/customer/auth/admin');
  adminAsMember = await boardLogin('admin', 'admin1234');
});
afterAll(async () => {
  await api?.dispose();
});

describe('word check on whole words', () => {
  const list = ['ควาย', 'ไอ้บ้า', 'เหี้ย', 'สัส', 'scam'];
  it('finds a blocked word standing as a word, in Thai text without spaces and in any case', () => {
    expect(blockedWordsIn('มันควายจริงๆ', list)).toEqual(['ควาย']);
    expect(blockedWordsIn('ไอ้บ้าเอ๊ย', list)).toEqual(['ไอ้บ้า']);
    expect(blockedWordsIn('This is a SCAM!', list)).toEqual(['scam']);
  });
  it('does not refuse a longer word that merely contains one', () => {
    expect(blockedWordsIn('สัสดีจังหวัดมาแล้ว', list)).toEqual([]); // district clerk
    expect(blockedWordsIn('เหี้ยมโหดมาก', list)).toEqual([]); // cruel
    expect(blockedWordsIn('scampi for dinner', list)).toEqual([]);
  });
  it('POST /master/check-text uses the same rule', async () => {
    const res = await api.call('/master/check-text', { json: { text: 'สัสดีอำเภอแนะนำดีมาก' } });
    expect(res.body.data).toEqual({ ok: true, words: [] });
  });
});

describe('members take part', () => {
  it('starts a thread, replies, edits within the window (edited mark) and deletes the reply', async () => {
    const started = await api.call('/webboard/room/1/thread', {
      token: member,
      lang: 'en',
      json: { title: 'Export permits', body: 'Line one\nhttps://example.com' },
    });
    expect(started.status).toBe(200);
    const threadId = started.body.data.thread.id;
    expect(started.body.data.post).toMatchObject({
      author: 'Somchai Jaidee',
      body: 'Line one\nhttps://example.com',
      edited_at: null,
      hidden: false,
    });
    expect(Date.parse(started.body.data.post.editable_until)).toBeGreaterThan(Date.now() + 14 * 60_000);

    const reply = await api.call(`/webboard/thread/${threadId}/post`, { token: member, json: { body: 'ขอบคุณครับ' } });
    const postId = reply.body.data.id;
    const edited = await api.call(`/webboard/post/${postId}`, {
      method: 'PUT',
      token: member,
      json: { body: 'ขอบคุณมากครับ' },
    });
    expect(edited.body.data).toMatchObject({ body: 'ขอบคุณมากครับ' });
    expect(edited.body.data.edited_at).not.toBeNull();

    // Someone else's post: 403, for a member and for an admin who came in by the member path.
    expect(
      (await api.call(`/webboard/post/${postId}`, { method: 'PUT', token: adminAsMember, json: { body: 'x' } })).status,
    ).toBe(403);
    expect((await api.call(`/webboard/post/${postId}`, { method: 'DELETE', token: adminAsMember })).status).toBe(403);

    const deleted = await api.call(`/webboard/post/${postId}`, { method: 'DELETE', token: member });
    expect(deleted.body.data).toEqual({ ok: true, thread_deleted: false });
    const thread = await api.call(`/webboard/thread/${threadId}`, { token: member });
    expect(thread.body.data.posts.map((p: { id: number }) => p.id)).not.toContain(postId);
    expect(thread.body.data).toMatchObject({ total: 1, page: 1, limit: 12 });
  });

  it('refuses blocked words with 422 BLOCKED_WORDS and the words, and stores nothing', async () => {
    const before = (await api.call('/webboard/thread/1', { token: member })).body.data.total;
    const res = await api.call('/webboard/thread/1/post', { token: member, json: { body: 'ไอ้บ้าเอ๊ย' } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'BLOCKED_WORDS', field: 'body', words: ['ไอ้บ้า'] });
    expect((await api.call('/webboard/thread/1', { token: member })).body.data.total).toBe(before);
  });

  it('seeded posts (not the member’s) cannot be edited; the window is the server’s', async () => {
    const post = (await api.call('/webboard/thread/1', { token: member })).body.data.posts[0];
    expect(post.editable_until).toBeNull();
    expect(
      (await api.call(`/webboard/post/${post.id}`, { method: 'PUT', token: member, json: { body: 'x' } })).status,
    ).toBe(403);
  });

  it('every write needs the token', async () => {
    expect((await api.call('/webboard/thread/1/post', { json: { body: 'hi' } })).status).toBe(401);
    expect((await api.call('/webboard/room/1/thread', { json: { title: 't', body: 'b' } })).status).toBe(401);
  });
});

describe('admins (admin login path) moderate', () => {
  it('hides a post (members see a notice, not the text), locks a thread (replies refused), deletes', async () => {
    const started = await api.call('/webboard/room/2/thread', {
      token: member,
      json: { title: 'ขายของออนไลน์', body: 'เริ่มต้นอย่างไรดี' },
    });
    const threadId = started.body.data.thread.id;
    const reply = await api.call(`/webboard/thread/${threadId}/post`, { token: member, json: { body: 'ลองดูครับ' } });
    const postId = reply.body.data.id;

    expect(
      (await api.call(`/webboard/post/${postId}/hidden`, { method: 'PUT', token: member, json: { hidden: true } }))
        .status,
    ).toBe(403);
    expect(
      (
        await api.call(`/webboard/post/${postId}/hidden`, {
          method: 'PUT',
          token: adminAsMember,
          json: { hidden: true },
        })
      ).status,
    ).toBe(403);
    const hidden = await api.call(`/webboard/post/${postId}/hidden`, {
      method: 'PUT',
      token: admin,
      json: { hidden: true },
    });
    expect(hidden.body.data).toMatchObject({ hidden: true, body: 'ลองดูครับ' });
    const seen = (await api.call(`/webboard/thread/${threadId}`, { token: member })).body.data.posts[1];
    expect(seen).toMatchObject({ hidden: true, body: '' });

    const locked = await api.call(`/webboard/thread/${threadId}/locked`, {
      method: 'PUT',
      token: admin,
      json: { locked: true },
    });
    expect(locked.body.data.locked).toBe(true);
    const refused = await api.call(`/webboard/thread/${threadId}/post`, { token: member, json: { body: 'อีกครั้ง' } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('THREAD_LOCKED');

    const gone = await api.call(`/webboard/post/${started.body.data.post.id}`, { method: 'DELETE', token: admin });
    expect(gone.body.data).toEqual({ ok: true, thread_deleted: true });
    expect((await api.call(`/webboard/thread/${threadId}`, { token: member })).status).toBe(404);
  });

  it('the member path answers is_admin false even for an admin account; the admin path true', async () => {
    const asMember = await api.call('/customer/auth', {
      json: { username: 'admin', password: 'admin1234', is_admin: false },
    });
    expect(asMember.body.is_admin).toBe(false);
    const asAdmin = await api.call('/customer/auth/admin', {
      json: { username: 'admin', password: 'admin1234', is_admin: true },
    });
    expect(asAdmin.body.is_admin).toBe(true);
  });
});
