import { cleanTestStorage, fakeJwt, getTestStorage, inSeconds } from '../../../tests/support/memory-storage';
import { computed } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from './api';
import { ApiError } from '../../api/errors';

vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  setAuthToken: vi.fn(),
  setLogoutHandler: vi.fn(),
}));

const client = await import('../../api/client');
const { $auth, bindApiClient, createAuthStore, deriveAuth, NotLoggedInError } = await import('./store');
// What a subscriber to the session sees: logged in or not, each change once.
const $isLoggedIn = computed($auth, (auth) => auth.isLoggedIn);
const { $roots, PERSIST_KEY, setGeneralSlice, initialRoots } = await import('../../stores/persisted-roots');
// Captured now: mock call records are cleared before each test.
const registeredOn401 = vi.mocked(client.setLogoutHandler).mock.calls[0]?.[0];

const profile: Profile = {
  id: '1',
  firstName: 'สมชาย',
  lastName: 'ใจดี',
  username: 'member',
  email: 'member@example.go.th',
  prefix: '1',
  uuid: 'u-1',
  isAdmin: false,
};

function fakeApi(token = fakeJwt(inSeconds(8 * 3600))) {
  return {
    login: vi.fn(async () => ({ token, expiresIn: 28800, profile })),
    logout: vi.fn(async () => {}),
    getMe: vi.fn(async () => ({ ...profile, firstName: 'สมหญิง' })),
    forgotPassword: vi.fn(async (email: string) => ({ sent: true, message: `ส่งลิงก์ไปที่ ${email} แล้ว` })),
    verifyUsername: vi.fn(async (username: string) => ({ username, available: username !== 'member' })),
  };
}

const wrongPassword = () =>
  new ApiError({ status: 401, endpoint: '/auth/login', message: 'x', body: { message: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง' } });

beforeEach(() => {
  cleanTestStorage();
  $roots.set(initialRoots);
});
afterEach(() => vi.useRealTimers());

describe('auth store', () => {
  it('login success stores the token in persist:roots and sets isLoggedIn', async () => {
    const api = fakeApi();
    const store = createAuthStore(api);
    const result = await store.login({ username: 'member', password: 'member1234' }, { lang: 'en' });
    expect(result.status).toBe('success');
    expect(api.login).toHaveBeenCalledWith('member', 'member1234', 'en');
    expect($isLoggedIn.get()).toBe(true);
    expect($auth.get().profile?.firstName).toBe('สมชาย');
    const stored = JSON.parse(getTestStorage()[PERSIST_KEY]!);
    expect(stored.auth).toMatchObject({ isLoggedIn: true, token: expect.any(String) });
    expect(Object.keys(stored)).toEqual(['auth', 'general']);
  });

  it('login failure leaves the visitor logged out and calls the failure callback', async () => {
    const api = fakeApi();
    api.login.mockRejectedValueOnce(wrongPassword());
    const store = createAuthStore(api);
    const onFailure = vi.fn();
    await store.login({ username: 'member', password: 'wrong' }, { onFailure });
    expect(onFailure).toHaveBeenCalledWith(expect.any(ApiError));
    expect($isLoggedIn.get()).toBe(false);
    expect(store.$loginRequest.get().status).toBe('error');
  });

  it('logout calls the server with the token, then resets the auth slice only', async () => {
    const api = fakeApi();
    const store = createAuthStore(api);
    setGeneralSlice({ fontsize: 'fontLarge' });
    await store.login({ username: 'member', password: 'member1234' });
    const token = $auth.get().token;
    await store.logout({ lang: 'th' });
    expect(api.logout).toHaveBeenCalledWith('th', token);
    expect($auth.get()).toEqual({ isLoggedIn: false, token: null, profile: null });
    expect($roots.get().general.fontsize).toBe('fontLarge');
  });

  it('logout still resets when the server call fails, and reports the failure', async () => {
    const api = fakeApi();
    api.logout.mockRejectedValueOnce(
      new ApiError({ status: 503, endpoint: '/api/v1/authen/logout', message: 'down', body: undefined }),
    );
    const store = createAuthStore(api);
    await store.login({ username: 'member', password: 'member1234' });
    const onFailure = vi.fn();
    await store.logout({ onFailure });
    expect(onFailure).toHaveBeenCalledOnce();
    expect($isLoggedIn.get()).toBe(false);
  });

  it('a forced logout skips the server call', async () => {
    const api = fakeApi();
    const store = createAuthStore(api);
    await store.login({ username: 'member', password: 'member1234' });
    await store.logout({ forced: true });
    expect(api.logout).not.toHaveBeenCalled();
    expect($isLoggedIn.get()).toBe(false);
  });

  it('a stored token whose exp is not later than now counts as logged out', () => {
    const now = Date.now();
    const slice = { isLoggedIn: true, token: fakeJwt(Math.floor(now / 1000)), profile: { ...profile } };
    expect(deriveAuth(slice, now).isLoggedIn).toBe(false);
    expect(deriveAuth({ ...slice, token: fakeJwt(Math.floor(now / 1000) + 60) }, now).isLoggedIn).toBe(true);
    expect(deriveAuth({ ...slice, token: 'not-a-jwt' }, now)).toEqual({
      isLoggedIn: false,
      token: null,
      profile: null,
    });

    $roots.set({ ...initialRoots, auth: { ...slice, token: fakeJwt(inSeconds(-5)) } });
    expect($isLoggedIn.get()).toBe(false);
  });

  it('subscribers see the session end at the moment the token expires', async () => {
    vi.useFakeTimers();
    const store = createAuthStore(fakeApi(fakeJwt(inSeconds(60))));
    const seen: boolean[] = [];
    const unbind = $isLoggedIn.subscribe((v) => seen.push(v));
    await store.login({ username: 'member', password: 'member1234' });
    vi.advanceTimersByTime(59_000);
    expect($isLoggedIn.get()).toBe(true);
    vi.advanceTimersByTime(2_000);
    expect(seen).toEqual([false, true, false]);
    unbind();
  });

  it('refresh replaces the profile from /auth/me, and refuses without a valid token', async () => {
    const api = fakeApi();
    const store = createAuthStore(api);
    const onFailure = vi.fn();
    const refused = await store.refresh({ onFailure });
    expect(refused).toMatchObject({ status: 'error', error: expect.any(NotLoggedInError) });
    expect(api.getMe).not.toHaveBeenCalled();
    expect(onFailure).toHaveBeenCalledOnce();

    await store.login({ username: 'member', password: 'member1234' });
    await store.refresh({ lang: 'th' });
    expect(api.getMe).toHaveBeenCalledWith('th', $auth.get().token);
    expect($auth.get().profile?.firstName).toBe('สมหญิง');
  });

  it('forgot password and verify username expose their results', async () => {
    const api = fakeApi();
    const store = createAuthStore(api);
    await store.forgotPassword('member@example.go.th', { lang: 'th' });
    expect(store.$forgotPasswordRequest.get()).toMatchObject({
      status: 'success',
      data: { sent: true, message: 'ส่งลิงก์ไปที่ member@example.go.th แล้ว' },
    });
    await store.verifyUsername('member');
    expect(store.$verifyUsernameRequest.get().data).toEqual({ username: 'member', available: false });
    api.forgotPassword.mockRejectedValueOnce(
      new ApiError({ status: 404, endpoint: '/auth/forgot-password', message: 'x', body: { message: 'ไม่พบอีเมลนี้' } }),
    );
    const onFailure = vi.fn();
    await store.forgotPassword('nobody@example.go.th', { onFailure });
    expect(onFailure).toHaveBeenCalledOnce();
    expect(store.$forgotPasswordRequest.get().status).toBe('error');
  });
});

describe('auth store and the API client', () => {
  it('keeps the client token in step with the session and logs out (forced) on a 401', async () => {
    const setAuthToken = vi.mocked(client.setAuthToken);
    expect(registeredOn401).toEqual(expect.any(Function)); // registered on import

    $roots.set({
      ...initialRoots,
      auth: { isLoggedIn: true, token: fakeJwt(inSeconds(600)), profile: { ...profile } },
    });
    expect(setAuthToken).toHaveBeenLastCalledWith($auth.get().token);
    expect($auth.get().token).not.toBeNull();

    registeredOn401!('/auth/me');
    await Promise.resolve();
    expect($isLoggedIn.get()).toBe(false);
    expect(setAuthToken).toHaveBeenLastCalledWith(null);
  });

  it('leaves the portal session alone when a web board call answers 401', async () => {
    $roots.set({
      ...initialRoots,
      auth: { isLoggedIn: true, token: fakeJwt(inSeconds(600)), profile: { ...profile } },
    });
    registeredOn401!('/webboard/room');
    await Promise.resolve();
    expect($isLoggedIn.get()).toBe(true);
  });

  it('a wrong password (401 from /auth/login) is not a forced logout: the login keeps its answer', async () => {
    const api = fakeApi();
    const store = createAuthStore(api);
    const unbind = bindApiClient(store);
    const on401 = vi.mocked(client.setLogoutHandler).mock.calls.at(-1)?.[0];
    api.login.mockImplementationOnce(async () => {
      on401!('/auth/login'); // what the client does on the 401, before the call rejects
      throw new Error('wrong password');
    });
    const result = await store.login({ username: 'member', password: 'nope' });
    unbind();
    expect(result.status).toBe('error');
  });
});
