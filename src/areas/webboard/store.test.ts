import {
  cleanTestStorage,
  fakeJwt,
  getTestStorage,
  inSeconds,
  setTestStorageKey,
} from '../../../tests/support/memory-storage';
import { computed } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import type { WebboardProfile } from './api';
import {
  $storedWebboardProfile,
  $webboard,
  $webboardNotice,
  createWebboardStore,
  deriveWebboardSession,
  WEBBOARD_PROFILE_KEY,
  WebboardSessionError,
} from './store';

// What a subscriber to the board's session sees: logged in or not, each change once.
const $webboardLoggedIn = computed($webboard, (s) => s.isLoggedIn);

function profile(token = fakeJwt(inSeconds(8 * 3600)), isAdmin = false): WebboardProfile {
  return {
    id: '7',
    firstName: 'สมศรี',
    lastName: 'มีสุข',
    username: isAdmin ? 'admin' : 'member',
    email: 'm@example.go.th',
    prefix: '2',
    uuid: 'u-7',
    isAdmin,
    token,
    expiresIn: 28800,
  };
}

const room = { id: '1', title: 'ห้องส่งออก', description: '', threadCount: 2, lastPostAt: null };

function fakeApi() {
  return {
    login: vi.fn(async (c: { username: string; isAdmin?: boolean }) => profile(undefined, c.isAdmin === true)),
    getRooms: vi.fn(async () => [room]),
    getRoom: vi.fn(async (_id: string | number, p: { page?: number }) => ({
      room,
      threads: [],
      total: 0,
      page: p.page ?? 1,
      limit: 12,
    })),
    getThread: vi.fn(async () => ({
      thread: {
        id: '3',
        roomId: '1',
        title: 'ถาม',
        author: 'a',
        replies: 0,
        views: 1,
        createdAt: '2026-11-21',
        lastPostAt: null,
        locked: false,
      },
      room,
      posts: [],
      total: 1,
      page: 1,
      limit: 12,
    })),
    checkText: vi.fn(async (text: string) => {
      const words = text.includes('idiot') ? ['idiot'] : [];
      return { ok: words.length === 0, words };
    }),
    createThread: vi.fn(),
    replyToThread: vi.fn(async (_id: string | number, body: string) => ({
      id: '9',
      author: 'a',
      body,
      createdAt: '2026-11-21',
      editedAt: null,
      hidden: false,
      editableUntil: null,
    })),
    editPost: vi.fn(),
    deletePost: vi.fn(async () => ({ threadDeleted: false })),
    setPostHidden: vi.fn(),
    setThreadLocked: vi.fn(),
  };
}

const unauthorized = () =>
  new ApiError({ status: 401, endpoint: '/webboard/room', message: 'x', body: { message: 'โทเคนหมดอายุ' } });

beforeEach(() => {
  cleanTestStorage();
  $storedWebboardProfile.set(null);
  $webboardNotice.set(null);
});
afterEach(() => vi.useRealTimers());

describe('web board login and logout', () => {
  it('stores the profile under the one fixed key and derives logged in from it', async () => {
    const api = fakeApi();
    const store = createWebboardStore(api);
    await store.login({ username: 'member', password: 'member1234' }, { lang: 'th' });
    expect(api.login).toHaveBeenCalledWith({ username: 'member', password: 'member1234', isAdmin: false }, 'th');
    expect(Object.keys(getTestStorage())).toEqual([WEBBOARD_PROFILE_KEY]);
    expect(JSON.parse(getTestStorage()[WEBBOARD_PROFILE_KEY]!)).toMatchObject({
      username: 'member',
      firstName: 'สมศรี',
    });
    expect($webboard.get()).toMatchObject({ isLoggedIn: true, profile: { firstName: 'สมศรี', prefix: '2' } });
    expect($webboard.get().profile).not.toHaveProperty('token');
  });

  it('the admin variant sends isAdmin and keeps is_admin on the profile', async () => {
    const api = fakeApi();
    await createWebboardStore(api).login({ username: 'admin', password: 'admin1234', isAdmin: true });
    expect(api.login).toHaveBeenCalledWith({ username: 'admin', password: 'admin1234', isAdmin: true }, 'th');
    expect($webboard.get().profile?.isAdmin).toBe(true);
  });

  it('a failed login stores nothing and reports the server message to the callback', async () => {
    const api = fakeApi();
    api.login.mockRejectedValueOnce(
      new ApiError({ status: 401, endpoint: '/customer/auth', message: 'x', body: { message: 'รหัสผ่านไม่ถูกต้อง' } }),
    );
    const store = createWebboardStore(api);
    const onFailure = vi.fn();
    await store.login({ username: 'member', password: 'nope' }, { onFailure });
    expect((onFailure.mock.calls[0]![0] as ApiError).serverMessage).toBe('รหัสผ่านไม่ถูกต้อง');
    expect(WEBBOARD_PROFILE_KEY in getTestStorage()).toBe(false);
    expect(store.$loginRequest.get().status).toBe('error');
  });

  it('logout removes the stored profile and clears logged in, profile and loaded lists', async () => {
    const store = createWebboardStore(fakeApi());
    await store.login({ username: 'member', password: 'member1234' });
    await store.loadRooms();
    store.logout();
    expect(WEBBOARD_PROFILE_KEY in getTestStorage()).toBe(false);
    expect($webboard.get()).toEqual({ isLoggedIn: false, token: null, profile: null });
    expect(store.$roomList.get()).toEqual({ status: 'idle', data: null, error: null });
  });

  it('derives the session from storage: another tab logging in or out shows at once', () => {
    const unbind = $webboardLoggedIn.listen(() => {});
    setTestStorageKey(WEBBOARD_PROFILE_KEY, JSON.stringify(profile()));
    expect($webboardLoggedIn.get()).toBe(true);
    setTestStorageKey(WEBBOARD_PROFILE_KEY, undefined);
    expect($webboardLoggedIn.get()).toBe(false);
    setTestStorageKey(WEBBOARD_PROFILE_KEY, '{not json');
    expect($webboardLoggedIn.get()).toBe(false);
    unbind();
  });

  it('an expired token counts as logged out, immediately and when it passes', () => {
    expect(deriveWebboardSession(profile(fakeJwt(inSeconds(-1))))).toEqual({
      isLoggedIn: false,
      token: null,
      profile: null,
    });
    vi.useFakeTimers();
    const unbind = $webboardLoggedIn.listen(() => {});
    $storedWebboardProfile.set(profile(fakeJwt(inSeconds(30))));
    expect($webboardLoggedIn.get()).toBe(true);
    vi.advanceTimersByTime(31_000);
    expect($webboardLoggedIn.get()).toBe(false);
    unbind();
  });
});

describe('web board loads', () => {
  it('loads rooms, a room page and a thread with the member token', async () => {
    const api = fakeApi();
    const store = createWebboardStore(api);
    await store.login({ username: 'member', password: 'member1234' });
    const token = $webboard.get().token;
    await store.loadRooms({ lang: 'en' });
    await store.loadThreads('1', { page: 2, lang: 'en' });
    await store.loadThread('3', { lang: 'en' });
    expect(api.getRooms).toHaveBeenCalledWith('en', token);
    expect(api.getRoom).toHaveBeenCalledWith('1', { page: 2 }, 'en', token);
    expect(api.getThread).toHaveBeenCalledWith('3', { page: 1 }, 'en', token);
    expect(store.$roomList.get().data).toEqual([room]);
    expect(store.$threadList.get().data?.page).toBe(2);
    expect(store.$thread.get().data?.thread.title).toBe('ถาม');
  });

  it('a 401 logs the member out with a notice', async () => {
    const api = fakeApi();
    api.getRooms.mockRejectedValueOnce(unauthorized());
    const store = createWebboardStore(api);
    await store.login({ username: 'member', password: 'member1234' });
    const onFailure = vi.fn();
    await store.loadRooms({ onFailure });
    expect(onFailure).toHaveBeenCalledWith(expect.any(ApiError));
    expect($webboardLoggedIn.get()).toBe(false);
    expect($webboardNotice.get()).toBe('sessionExpired');
  });

  it('a load after expiry does not call the API, logs out and says why', async () => {
    const api = fakeApi();
    const store = createWebboardStore(api);
    $storedWebboardProfile.set(profile(fakeJwt(inSeconds(-10))));
    const result = await store.loadThread('3');
    expect(result).toMatchObject({ status: 'error', error: expect.any(WebboardSessionError) });
    expect(api.getThread).not.toHaveBeenCalled();
    expect(WEBBOARD_PROFILE_KEY in getTestStorage()).toBe(false);
    expect($webboardNotice.get()).toBe('sessionExpired');
  });

  it('a visitor who never logged in gets an error but no expiry notice', async () => {
    const store = createWebboardStore(fakeApi());
    await store.loadRooms();
    expect(store.$roomList.get().status).toBe('error');
    expect($webboardNotice.get()).toBeNull();
  });

  it('a new login clears an old notice', async () => {
    $webboardNotice.set('sessionExpired');
    await createWebboardStore(fakeApi()).login({ username: 'member', password: 'member1234' });
    expect($webboardNotice.get()).toBeNull();
  });
});

describe('taking part: every text passes the word check first', () => {
  it('a text the check refuses is not sent; the words come back for the form', async () => {
    const api = fakeApi();
    const store = createWebboardStore(api);
    await store.login({ username: 'member', password: 'member1234' });
    const result = await store.reply('3', 'you idiot', { lang: 'en' });
    expect(result).toEqual({ status: 'blocked', words: ['idiot'] });
    expect(api.checkText).toHaveBeenCalledWith('you idiot', 'en');
    expect(api.replyToThread).not.toHaveBeenCalled();
  });

  it('an accepted text is sent with the member token; a new thread checks title and text', async () => {
    const api = fakeApi();
    const store = createWebboardStore(api);
    await store.login({ username: 'member', password: 'member1234' });
    const token = $webboard.get().token;
    const result = await store.reply('3', 'ขอบคุณครับ', { lang: 'th' });
    expect(result.status).toBe('success');
    expect(api.replyToThread).toHaveBeenCalledWith('3', 'ขอบคุณครับ', 'th', token);
    const started = await store.startThread('1', { title: 'idiot question', body: 'fine' }, { lang: 'en' });
    expect(started).toEqual({ status: 'blocked', words: ['idiot'] });
    expect(api.createThread).not.toHaveBeenCalled();
  });

  it("the server's own refusal (422 BLOCKED_WORDS) reads as blocked, not as a failure", async () => {
    const api = fakeApi();
    api.editPost.mockRejectedValueOnce(
      new ApiError({
        status: 422,
        endpoint: '/webboard/post/9',
        message: 'x',
        body: { code: 'BLOCKED_WORDS', words: ['scam'] },
      }),
    );
    const store = createWebboardStore(api);
    await store.login({ username: 'member', password: 'member1234' });
    expect(await store.editPost('9', 'a scam', { lang: 'en' })).toEqual({ status: 'blocked', words: ['scam'] });
  });

  it('a 401 on a write ends the session with the expiry notice', async () => {
    const api = fakeApi();
    api.deletePost.mockRejectedValueOnce(unauthorized());
    const store = createWebboardStore(api);
    await store.login({ username: 'member', password: 'member1234' });
    const result = await store.deletePost('9');
    expect(result.status).toBe('error');
    expect($webboardLoggedIn.get()).toBe(false);
    expect($webboardNotice.get()).toBe('sessionExpired');
  });
});
