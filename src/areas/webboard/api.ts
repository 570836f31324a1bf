/**
 * Web board area: member and admin login, rooms, threads, posts, word check.
 * Spec point 7 "Web board", spec point 6 (admin variant); shapes in docs/api-contract.md.
 * Reads need a valid bearer token: pass one, or let the client send its stored token.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseData, parseDataList, parseEach, parseOrThrow } from '../../api/boundary';
import { listQuery } from '../../api/load-rules';
import { mapProfile, profileSchema, tokenSchema, type Profile } from '../account/api';
import { isoDate } from '../../api/shared';

// ---- schemas (the API's shapes) ----

const idSchema = z.union([z.number(), z.string().check(z.minLength(1))]);

/** The login answer is not wrapped in `data`: the profile's fields sit beside the token. */
const loginSchema = z.extend(profileSchema, { token: tokenSchema });

const roomSchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  description: z._default(z.string(), ''),
  thread_count: z.number().check(z.int(), z.nonnegative()),
  last_post_at: z.nullable(isoDate),
});

const threadSchema = z.object({
  id: idSchema,
  room_id: idSchema,
  title: z.string().check(z.minLength(1)),
  author: z.string(),
  replies: z.number().check(z.int(), z.nonnegative()),
  views: z.number().check(z.int(), z.nonnegative()),
  created_at: isoDate,
  last_post_at: z.nullable(isoDate),
});

const postSchema = z.object({
  id: idSchema,
  author: z.string(),
  body: z.string(),
  created_at: isoDate,
});

// Lists inside `data` are parsed record by record (parseEach), so they are `unknown[]` here.
const roomPageSchema = z.object({
  room: roomSchema,
  threads: z.array(z.unknown()),
  total: z.number().check(z.int(), z.nonnegative()),
  page: z.number().check(z.int(), z.positive()),
  limit: z.number().check(z.int(), z.positive()),
});

const threadPageSchema = z.object({
  thread: threadSchema,
  room: roomSchema,
  posts: z.array(z.unknown()),
});

const checkTextSchema = z.object({ ok: z.boolean(), words: z.array(z.string()) });

// ---- the portal's types ----

/** Spec point 3 web board profile, plus the token the later calls send. */
export interface WebboardProfile extends Profile {
  token: string;
  /** Seconds until the token expires. */
  expiresIn: number;
}

export interface Room {
  id: string;
  title: string;
  description: string;
  threadCount: number;
  lastPostAt: string | null;
}

export interface Thread {
  id: string;
  roomId: string;
  title: string;
  author: string;
  replies: number;
  views: number;
  createdAt: string;
  lastPostAt: string | null;
}

export interface Post {
  id: string;
  author: string;
  /** Plain text, never HTML. */
  body: string;
  createdAt: string;
}

export interface RoomPage {
  room: Room;
  threads: Thread[];
  total: number;
  page: number;
  limit: number;
}

export interface ThreadPage {
  thread: Thread;
  room: Room;
  posts: Post[];
}

export interface TextCheck {
  ok: boolean;
  /** The words that made the text unacceptable. */
  words: string[];
}

// ---- mappings ----

export function mapWebboardProfile(raw: z.output<typeof loginSchema>): WebboardProfile {
  return { ...mapProfile(raw), token: raw.token.accessToken, expiresIn: raw.token.expiresIn };
}

export function mapRoom(raw: z.output<typeof roomSchema>): Room {
  return {
    id: String(raw.id),
    title: raw.title,
    description: raw.description,
    threadCount: raw.thread_count,
    lastPostAt: raw.last_post_at,
  };
}

export function mapThread(raw: z.output<typeof threadSchema>): Thread {
  return {
    id: String(raw.id),
    roomId: String(raw.room_id),
    title: raw.title,
    author: raw.author,
    replies: raw.replies,
    views: raw.views,
    createdAt: raw.created_at,
    lastPostAt: raw.last_post_at,
  };
}

function mapPost(raw: z.output<typeof postSchema>): Post {
  return { id: String(raw.id), author: raw.author, body: raw.body, createdAt: raw.created_at };
}

export { loginSchema as webboardLoginSchema };

// ---- calls ----

export interface WebboardCredentials {
  username: string;
  password: string;
  /** The admin variant (spec point 6): sends is_admin true to /customer/auth/admin. */
  isAdmin?: boolean;
}

/** POST /customer/auth or /customer/auth/admin {username, password, is_admin}. */
export async function webboardLogin(credentials: WebboardCredentials, lang: Lang): Promise<WebboardProfile> {
  const isAdmin = credentials.isAdmin === true;
  const endpoint = isAdmin ? '/customer/auth/admin' : '/customer/auth';
  const body = { username: credentials.username, password: credentials.password, is_admin: isAdmin };
  const raw = await api.post(endpoint, body, { lang, token: null });
  return mapWebboardProfile(parseOrThrow(endpoint, loginSchema, raw));
}

/** GET /webboard/room */
export async function getRooms(lang: Lang, token?: string): Promise<Room[]> {
  const endpoint = '/webboard/room';
  return parseDataList(endpoint, await api.get(endpoint, { lang, token }), roomSchema, mapRoom);
}

/** GET /webboard/room/{roomId} — the room and one page of its threads. */
export async function getRoom(
  roomId: string | number,
  params: { page?: number },
  lang: Lang,
  token?: string,
): Promise<RoomPage> {
  const endpoint = `/webboard/room/${encodeURIComponent(String(roomId))}`;
  const raw = await api.get(endpoint, { lang, token, query: listQuery({ ...params }) });
  return parseData(endpoint, raw, roomPageSchema, (v) => ({
    room: mapRoom(v.room),
    threads: parseEach(endpoint, threadSchema, v.threads, mapThread),
    total: v.total,
    page: v.page,
    limit: v.limit,
  }));
}

/** GET /webboard/thread/{threadId} — the thread, its room and its posts. */
export async function getThread(threadId: string | number, lang: Lang, token?: string): Promise<ThreadPage> {
  const endpoint = `/webboard/thread/${encodeURIComponent(String(threadId))}`;
  return parseData(endpoint, await api.get(endpoint, { lang, token }), threadPageSchema, (v) => ({
    thread: mapThread(v.thread),
    room: mapRoom(v.room),
    posts: parseEach(endpoint, postSchema, v.posts, mapPost),
  }));
}

/** POST /master/check-text {text} — the web board's word check. */
export async function checkText(text: string, lang: Lang): Promise<TextCheck> {
  const endpoint = '/master/check-text';
  return parseData(endpoint, await api.post(endpoint, { text }, { lang }), checkTextSchema, (v) => v);
}
