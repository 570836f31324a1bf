/**
 * Web board state (spec points 3 and 4).
 *
 * - Login (member, or the admin variant) stores the profile — token included — under ONE fixed
 *   localStorage key, WEBBOARD_PROFILE_KEY. Logout removes it.
 * - isLoggedIn, token and profile are never stored separately: `$webboard` derives them from
 *   the stored profile every time it is evaluated, so another tab's login or logout, or a
 *   hand-cleared storage, shows at once. A token whose `exp` is not later than now counts as
 *   logged out (and subscribers are told when it expires).
 * - Rooms, a room's threads and a thread load through the request cycle with the member's token.
 *   A 401 on any of them, or a call attempted after expiry, logs the member out and sets
 *   `$webboardNotice` to 'sessionExpired' so the island can say why.
 *
 * The client's global 401 handler belongs to the portal auth store; web board calls pass their
 * own token and handle their own 401 here.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { ApiError } from '../../api/errors';
import * as webboardApi from './api';
import type {
  NewThread,
  Post,
  RoomPage,
  Room,
  TextCheck,
  Thread,
  ThreadPage,
  WebboardCredentials,
  WebboardProfile,
} from './api';
import type { Profile } from '../account/api';
import type { Lang } from '../../i18n/config';
import { isTokenValid, tokenExpiresAt } from '../../lib/token';
import { createExpiryTick } from '../../stores/expiry';
import { pageLang } from '../../shell/locale-store';
import { registerPersisted } from '../../stores/rehydration';
import { createLoader, type LoadResult } from '../../stores/request';
import { PROFILE_CHANGED_EVENT } from '../../shell/webboard-member';

export const WEBBOARD_PROFILE_KEY = 'webboard:profile';

export interface WebboardApi {
  login(credentials: WebboardCredentials, lang: Lang): Promise<WebboardProfile>;
  getRooms(lang: Lang, token?: string): Promise<Room[]>;
  getRoom(roomId: string | number, params: { page?: number }, lang: Lang, token?: string): Promise<RoomPage>;
  getThread(threadId: string | number, params: { page?: number }, lang: Lang, token?: string): Promise<ThreadPage>;
  checkText(text: string, lang: Lang): Promise<TextCheck>;
  createThread(
    roomId: string | number,
    input: { title: string; body: string },
    lang: Lang,
    token: string,
  ): Promise<NewThread>;
  replyToThread(threadId: string | number, body: string, lang: Lang, token: string): Promise<Post>;
  editPost(postId: string | number, body: string, lang: Lang, token: string): Promise<Post>;
  deletePost(postId: string | number, lang: Lang, token: string): Promise<{ threadDeleted: boolean }>;
  setPostHidden(postId: string | number, hidden: boolean, lang: Lang, token: string): Promise<Post>;
  setThreadLocked(threadId: string | number, locked: boolean, lang: Lang, token: string): Promise<Thread>;
}

const realWebboardApi: WebboardApi = {
  login: webboardApi.webboardLogin,
  getRooms: webboardApi.getRooms,
  getRoom: webboardApi.getRoom,
  getThread: webboardApi.getThread,
  checkText: webboardApi.checkText,
  createThread: webboardApi.createThread,
  replyToThread: webboardApi.replyToThread,
  editPost: webboardApi.editPost,
  deletePost: webboardApi.deletePost,
  setPostHidden: webboardApi.setPostHidden,
  setThreadLocked: webboardApi.setThreadLocked,
};

/**
 * The answer of a write: done, refused by the word check (the words, so the form can show them
 * beside the text it keeps), or failed (the error, for the form's message).
 */
export type WriteResult<T> =
  { status: 'success'; data: T } | { status: 'blocked'; words: string[] } | { status: 'error'; error: unknown };

/** The server refuses a text with blocked words as 422 BLOCKED_WORDS {words}, like the word check. */
function blockedWordsOf(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body as { code?: unknown; words?: unknown } | null;
  if (body?.code !== 'BLOCKED_WORDS' || !Array.isArray(body.words)) return null;
  return body.words.filter((w): w is string => typeof w === 'string');
}

/** What is in storage, if it looks like a profile; anything else reads as no profile. */
function decodeStoredProfile(raw: string): WebboardProfile | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const p = value as Partial<WebboardProfile>;
    return typeof p.token === 'string' && typeof p.username === 'string' ? (p as WebboardProfile) : null;
  } catch {
    return null;
  }
}

export const $storedWebboardProfile = persistentAtom<WebboardProfile | null>(WEBBOARD_PROFILE_KEY, null, {
  encode: (profile) => (profile ? JSON.stringify(profile) : undefined), // undefined removes the key
  decode: decodeStoredProfile,
});

registerPersisted($storedWebboardProfile);

// The header's member slot (src/shell/webboard-member.ts) hears of a login or logout in this tab at once;
// other tabs hear of it through the `storage` event.
$storedWebboardProfile.listen(() => {
  if (typeof dispatchEvent === 'function') dispatchEvent(new Event(PROFILE_CHANGED_EVENT));
});

export interface WebboardSession {
  isLoggedIn: boolean;
  token: string | null;
  profile: Profile | null;
}

const WEBBOARD_LOGGED_OUT: WebboardSession = { isLoggedIn: false, token: null, profile: null };

export function deriveWebboardSession(stored: WebboardProfile | null, now: number = Date.now()): WebboardSession {
  if (!stored || !isTokenValid(stored.token, now)) return WEBBOARD_LOGGED_OUT;
  const { token, expiresIn: _expiresIn, ...profile } = stored;
  return { isLoggedIn: true, token, profile };
}

const expiry = createExpiryTick();
export const $webboard = computed([$storedWebboardProfile, expiry.$tick], (stored) => deriveWebboardSession(stored));
expiry.follow($webboard, $storedWebboardProfile, () => tokenExpiresAt($storedWebboardProfile.get()?.token));

export type WebboardNotice = 'sessionExpired' | null;
/** Why the member was logged out without asking; the island shows it and clears it. */
export const $webboardNotice = atom<WebboardNotice>(null);

export class WebboardSessionError extends Error {
  constructor() {
    super('The web board session has expired or is missing');
    this.name = 'WebboardSessionError';
  }
}

export interface ActionOptions {
  lang?: Lang;
  onFailure?: (error: unknown) => void;
}

export function createWebboardStore(api: WebboardApi = realWebboardApi) {
  const loginRequest = createLoader((p: WebboardCredentials & { lang: Lang }) =>
    api.login({ username: p.username, password: p.password, isAdmin: p.isAdmin === true }, p.lang),
  );

  type LoaderName = 'roomList' | 'threadList' | 'thread';

  /**
   * Runs an authorised call for loader `own`; no valid token or a 401 ends the session with a
   * notice. `own` is left alone when the others are reset, so its failure is still stored and
   * its failure callback still runs (resetting it would turn the failure into a stale answer).
   */
  async function authorised<T>(own: LoaderName | null, call: (token: string) => Promise<T>): Promise<T> {
    const { token } = $webboard.get();
    if (!token) {
      // A stored profile with a dead token is an expiry; no profile at all is just a visitor.
      if ($storedWebboardProfile.get()) endSession('sessionExpired', own);
      throw new WebboardSessionError();
    }
    try {
      return await call(token);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) endSession('sessionExpired', own);
      throw error;
    }
  }

  const loaders = {
    roomList: createLoader((p: { lang: Lang }) => authorised('roomList', (token) => api.getRooms(p.lang, token))),
    threadList: createLoader((p: { roomId: string | number; page: number; lang: Lang }) =>
      authorised('threadList', (token) => api.getRoom(p.roomId, { page: p.page }, p.lang, token)),
    ),
    thread: createLoader((p: { threadId: string | number; page: number; lang: Lang }) =>
      authorised('thread', (token) => api.getThread(p.threadId, { page: p.page }, p.lang, token)),
    ),
  };
  const { roomList, threadList, thread } = loaders;

  function endSession(reason: WebboardNotice, keep?: LoaderName | null): void {
    $storedWebboardProfile.set(null);
    for (const [name, loader] of Object.entries(loaders)) if (name !== keep) loader.reset();
    loginRequest.reset();
    $webboardNotice.set(reason);
  }

  function login(credentials: WebboardCredentials, options: ActionOptions = {}): Promise<LoadResult<WebboardProfile>> {
    return loginRequest.load(
      { ...credentials, lang: options.lang ?? pageLang() },
      {
        onSuccess: (profile) => {
          $storedWebboardProfile.set(profile);
          $webboardNotice.set(null);
        },
        onFailure: options.onFailure,
      },
    );
  }

  /** Logout: removes the stored profile and clears everything loaded for the member. */
  function logout(options: { reason?: Exclude<WebboardNotice, null> } = {}): void {
    endSession(options.reason ?? null);
  }

  /**
   * Every text a member sends goes through the spec's word check first (POST /master/check-text);
   * only a text it accepts is sent. The server checks again and answers 422 BLOCKED_WORDS.
   */
  async function write<T>(texts: string[], lang: Lang, send: (token: string) => Promise<T>): Promise<WriteResult<T>> {
    try {
      const words = new Set<string>();
      for (const text of texts) for (const word of (await api.checkText(text, lang)).words) words.add(word);
      if (words.size > 0) return { status: 'blocked', words: [...words] };
      return { status: 'success', data: await authorised(null, send) };
    } catch (error) {
      const words = blockedWordsOf(error);
      return words ? { status: 'blocked', words } : { status: 'error', error };
    }
  }

  /** Admin actions and deletions send no text: no word check. */
  async function act<T>(send: (token: string) => Promise<T>): Promise<WriteResult<T>> {
    try {
      return { status: 'success', data: await authorised(null, send) };
    } catch (error) {
      return { status: 'error', error };
    }
  }

  const langOf = (options: { lang?: Lang }) => options.lang ?? pageLang();

  return {
    login,
    logout,
    startThread: (roomId: string | number, input: { title: string; body: string }, options: { lang?: Lang } = {}) =>
      write([input.title, input.body], langOf(options), (token) =>
        api.createThread(roomId, input, langOf(options), token),
      ),
    reply: (threadId: string | number, body: string, options: { lang?: Lang } = {}) =>
      write([body], langOf(options), (token) => api.replyToThread(threadId, body, langOf(options), token)),
    editPost: (postId: string | number, body: string, options: { lang?: Lang } = {}) =>
      write([body], langOf(options), (token) => api.editPost(postId, body, langOf(options), token)),
    deletePost: (postId: string | number, options: { lang?: Lang } = {}) =>
      act((token) => api.deletePost(postId, langOf(options), token)),
    setPostHidden: (postId: string | number, hidden: boolean, options: { lang?: Lang } = {}) =>
      act((token) => api.setPostHidden(postId, hidden, langOf(options), token)),
    setThreadLocked: (threadId: string | number, locked: boolean, options: { lang?: Lang } = {}) =>
      act((token) => api.setThreadLocked(threadId, locked, langOf(options), token)),
    loadRooms: (options: ActionOptions = {}) =>
      roomList.load({ lang: options.lang ?? pageLang() }, { onFailure: options.onFailure }),
    loadThreads: (roomId: string | number, options: ActionOptions & { page?: number } = {}) =>
      threadList.load(
        { roomId, page: options.page ?? 1, lang: options.lang ?? pageLang() },
        { onFailure: options.onFailure },
      ),
    loadThread: (threadId: string | number, options: ActionOptions & { page?: number } = {}) =>
      thread.load(
        { threadId, page: options.page ?? 1, lang: options.lang ?? pageLang() },
        { onFailure: options.onFailure },
      ),
    $loginRequest: loginRequest.$state,
    $roomList: roomList.$state,
    $threadList: threadList.$state,
    $thread: thread.$state,
  };
}

export const {
  login: webboardLogin,
  logout: webboardLogout,
  loadRooms,
  loadThreads,
  loadThread,
  startThread,
  reply,
  editPost,
  deletePost,
  setPostHidden,
  setThreadLocked,
  $loginRequest: $webboardLoginRequest,
  $roomList,
  $threadList,
  $thread,
} = createWebboardStore();
