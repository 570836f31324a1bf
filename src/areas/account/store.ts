/**
 * Portal member authentication (spec points 3, 4 and 8), kept in the persisted `auth` slice
 * of `persist:roots`.
 *
 * - login: success stores the token and sets isLoggedIn.
 * - logout: calls the server, then resets to the initial state — the reset happens even when
 *   the server call fails (the visitor asked to be logged out; the failure goes to onFailure).
 *   A forced logout skips the server call.
 * - refresh: POST /auth/me, replaces the stored profile.
 * - forgotPassword, verifyUsername: plain loads, their state is exposed for the forms.
 * - `$auth` is derived: a stored token whose `exp` is not later than now reads as logged out,
 *   and subscribers are told at the moment it expires.
 * - The API client always carries the valid token (or none), and a 401 from any call makes a
 *   forced logout (the client's logout handler, registered on import).
 *
 * Actions are built by `createAuthStore(api)` so tests pass a fake API; the module's exports
 * are one instance over the real API in src/areas/account/api.ts.
 */
import { computed } from 'nanostores';
import * as authApi from './api';
import type { ForgotPasswordResult, LoginResult, Profile, UsernameCheck } from './api';
import { setAuthToken, setLogoutHandler } from '../../api/client';
import type { Lang } from '../../i18n/config';
import { isTokenValid, tokenExpiresAt } from '../../lib/token';
import { createExpiryTick } from '../../stores/expiry';
import { pageLang } from '../../shell/locale-store';
import { $authSlice, initialAuth, setAuthSlice, type AuthSlice } from '../../stores/persisted-roots';
import { createLoader, type LoadResult } from '../../stores/request';

export interface AuthApi {
  login(username: string, password: string, lang: Lang): Promise<LoginResult>;
  logout(lang: Lang, token?: string): Promise<void>;
  getMe(lang: Lang, token?: string): Promise<Profile>;
  forgotPassword(email: string, lang: Lang): Promise<ForgotPasswordResult>;
  verifyUsername(username: string, lang: Lang): Promise<UsernameCheck>;
}

const realAuthApi: AuthApi = {
  login: authApi.login,
  logout: authApi.logout,
  getMe: authApi.getMe,
  forgotPassword: authApi.forgotPassword,
  verifyUsername: authApi.verifyUsername,
};

export interface AuthState {
  isLoggedIn: boolean;
  token: string | null;
  profile: Profile | null;
}

const LOGGED_OUT: AuthState = { isLoggedIn: false, token: null, profile: null };

/** What the stored slice means at `now`: logged in only with a token that has not expired. */
export function deriveAuth(slice: AuthSlice, now: number = Date.now()): AuthState {
  if (!slice.isLoggedIn || !isTokenValid(slice.token, now)) return LOGGED_OUT;
  // The profile was written by login/refresh below from a mapped Profile; decodeRoots keeps objects only.
  return { isLoggedIn: true, token: slice.token, profile: slice.profile as Profile | null };
}

const expiry = createExpiryTick();
export const $auth = computed([$authSlice, expiry.$tick], (slice) => deriveAuth(slice));
expiry.follow($auth, $authSlice, () => tokenExpiresAt($authSlice.get().token));

export class NotLoggedInError extends Error {
  constructor() {
    super('Not logged in (no token, or the token has expired)');
    this.name = 'NotLoggedInError';
  }
}

export interface ActionOptions {
  lang?: Lang;
  onFailure?: (error: unknown) => void;
}

export function createAuthStore(api: AuthApi = realAuthApi) {
  const loginRequest = createLoader((p: { username: string; password: string; lang: Lang }) =>
    api.login(p.username, p.password, p.lang),
  );
  const meRequest = createLoader((p: { lang: Lang; token: string }) => api.getMe(p.lang, p.token));
  const forgotRequest = createLoader((p: { email: string; lang: Lang }) => api.forgotPassword(p.email, p.lang));
  const verifyRequest = createLoader((p: { username: string; lang: Lang }) => api.verifyUsername(p.username, p.lang));

  function login(
    credentials: { username: string; password: string },
    options: ActionOptions = {},
  ): Promise<LoadResult<LoginResult>> {
    return loginRequest.load(
      { ...credentials, lang: options.lang ?? pageLang() },
      {
        onSuccess: (result) => setAuthSlice({ isLoggedIn: true, token: result.token, profile: { ...result.profile } }),
        onFailure: options.onFailure,
      },
    );
  }

  async function logout(options: ActionOptions & { forced?: boolean } = {}): Promise<void> {
    const { token } = $authSlice.get();
    if (!options.forced && token && isTokenValid(token)) {
      try {
        await api.logout(options.lang ?? pageLang(), token);
      } catch (error) {
        options.onFailure?.(error);
      }
    }
    setAuthSlice(initialAuth);
    loginRequest.reset();
    meRequest.reset();
  }

  async function refresh(options: ActionOptions = {}): Promise<LoadResult<Profile>> {
    const { token } = $auth.get();
    if (!token) {
      const error = new NotLoggedInError();
      options.onFailure?.(error);
      return { status: 'error', error };
    }
    return meRequest.load(
      { lang: options.lang ?? pageLang(), token },
      {
        onSuccess: (profile) => {
          const slice = $authSlice.get();
          // A logout while /auth/me was in flight wins: do not resurrect the session.
          if (slice.token === token) setAuthSlice({ ...slice, profile: { ...profile } });
        },
        onFailure: options.onFailure,
      },
    );
  }

  function forgotPassword(email: string, options: ActionOptions = {}) {
    return forgotRequest.load({ email, lang: options.lang ?? pageLang() }, { onFailure: options.onFailure });
  }

  function verifyUsername(username: string, options: ActionOptions = {}) {
    return verifyRequest.load({ username, lang: options.lang ?? pageLang() }, { onFailure: options.onFailure });
  }

  return {
    login,
    logout,
    refresh,
    forgotPassword,
    verifyUsername,
    $loginRequest: loginRequest.$state,
    $refreshRequest: meRequest.$state,
    $forgotPasswordRequest: forgotRequest.$state,
    $verifyUsernameRequest: verifyRequest.$state,
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

const store = createAuthStore();
export const {
  login,
  logout,
  refresh,
  forgotPassword,
  verifyUsername,

  $refreshRequest,
  $forgotPasswordRequest,
  $verifyUsernameRequest,
} = store;

/**
 * Wires the API client to this store: it always carries the current valid token, and a 401
 * forces a logout. Runs once on import; returns the unbinding for tests.
 */
export function bindApiClient(target: AuthStore = store): () => void {
  const unbind = $auth.subscribe((auth) => setAuthToken(auth.token));
  setLogoutHandler((endpoint) => {
    // Web board calls carry the web board's own token; their 401 is the web board store's business.
    if (endpoint.startsWith('/webboard/') || endpoint.startsWith('/customer/')) return;
    // A wrong password is a 401 too, but no session ended: the login form shows the message.
    if (endpoint === '/auth/login') return;
    void target.logout({ forced: true });
  });
  return () => {
    unbind();
    setLogoutHandler(null);
  };
}
bindApiClient();
