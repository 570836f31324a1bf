/**
 * Auth area (portal members): login, logout, me, forgot password, verify username.
 * Spec point 7 "Auth"; shapes in docs/api-contract.md.
 *
 * The member profile is exported because the web board login answers with the same
 * fields (flattened), and both map to the spec point 3 profile.
 */
import * as z from 'zod/mini';
import { idSchema } from '../../api/shared';
import { api, type Lang } from '../../api/client';
import { parseData } from '../../api/boundary';

// ---- schemas (the API's shapes) ----

/** `Profile { id, username, first_name, last_name, email, prefix_id, uuid, is_admin }` */
export const profileSchema = z.object({
  id: idSchema,
  username: z.string().check(z.minLength(1)),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  prefix_id: z.nullable(z.union([z.number(), z.string()])),
  uuid: z.string().check(z.minLength(1)),
  is_admin: z.boolean(),
});

export const tokenSchema = z.object({
  accessToken: z.string().check(z.minLength(1)),
  /** Seconds until the token expires. */
  expiresIn: z.number().check(z.int(), z.positive()),
});

const loginSchema = z.object({ token: tokenSchema, user: profileSchema });
const okSchema = z.object({ ok: z.boolean() });
const forgotPasswordSchema = z.object({ sent: z.boolean(), message: z.string() });
const verifyUsernameSchema = z.object({ username: z.string(), available: z.boolean() });

// ---- the portal's types ----

/** Spec point 3: id, firstName (from first_name), lastName, username, email, prefix (from prefix_id), uuid, isAdmin. */
export interface Profile {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  prefix: string | null;
  uuid: string;
  isAdmin: boolean;
}

export interface LoginResult {
  /** `data.token.accessToken` (spec point 7). */
  token: string;
  expiresIn: number;
  profile: Profile;
}

export interface ForgotPasswordResult {
  sent: boolean;
  /** The server's confirmation, already in the request's language. */
  message: string;
}

export interface UsernameCheck {
  username: string;
  available: boolean;
}

// ---- mappings ----

export function mapProfile(raw: z.output<typeof profileSchema>): Profile {
  return {
    id: String(raw.id),
    firstName: raw.first_name,
    lastName: raw.last_name,
    username: raw.username,
    email: raw.email,
    prefix: raw.prefix_id === null ? null : String(raw.prefix_id),
    uuid: raw.uuid,
    isAdmin: raw.is_admin,
  };
}

function mapLogin(raw: z.output<typeof loginSchema>): LoginResult {
  return { token: raw.token.accessToken, expiresIn: raw.token.expiresIn, profile: mapProfile(raw.user) };
}

// ---- calls ----

/** POST /auth/login {username, password} — 401 (ApiError) on wrong credentials. */
export async function login(username: string, password: string, lang: Lang): Promise<LoginResult> {
  const endpoint = '/auth/login';
  // No stored token goes with a login: a stale one must not decide anything.
  const raw = await api.post(endpoint, { username, password }, { lang, token: null });
  return parseData(endpoint, raw, loginSchema, mapLogin);
}

/**
 * POST /api/v1/authen/logout (under /api/frontend like every call, spec point 7).
 * `token` defaults to the client's stored token.
 */
export async function logout(lang: Lang, token?: string): Promise<void> {
  const endpoint = '/api/v1/authen/logout';
  const raw = await api.post(endpoint, undefined, { lang, token });
  parseData(endpoint, raw, okSchema, (v) => v);
}

/** POST /auth/me with the bearer header — the logged-in member's profile. */
export async function getMe(lang: Lang, token?: string): Promise<Profile> {
  const endpoint = '/auth/me';
  return parseData(endpoint, await api.post(endpoint, undefined, { lang, token }), profileSchema, mapProfile);
}

/** POST /auth/forgot-password {email} — 404 unknown email, 422 malformed (ApiError). */
export async function forgotPassword(email: string, lang: Lang): Promise<ForgotPasswordResult> {
  const endpoint = '/auth/forgot-password';
  const raw = await api.post(endpoint, { email: email.trim() }, { lang, token: null });
  return parseData(endpoint, raw, forgotPasswordSchema, (v) => v);
}

export interface Registration {
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** POST /member/register (ours) — 422 names the wrong fields, 409 a taken username or email. */
export async function register(input: Registration, lang: Lang): Promise<Profile> {
  const endpoint = '/member/register';
  const body = {
    username: input.username.trim(),
    password: input.password,
    email: input.email.trim(),
    first_name: input.firstName.trim(),
    last_name: input.lastName.trim(),
  };
  return parseData(endpoint, await api.post(endpoint, body, { lang, token: null }), profileSchema, mapProfile);
}

/** POST /member/verify/username {username} — whether the name is still free. */
export async function verifyUsername(username: string, lang: Lang): Promise<UsernameCheck> {
  const endpoint = '/member/verify/username';
  const raw = await api.post(endpoint, { username: username.trim() }, { lang });
  return parseData(endpoint, raw, verifyUsernameSchema, (v) => v);
}
