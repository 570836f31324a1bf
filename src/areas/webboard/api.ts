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
import { isoDate, idSchema } from '../../api/shared';

// ---- schemas (the API's shapes) ----

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
  locked: z._default(z.boolean(), false),
});

const postSchema = z.object({
  id: idSchema,
  author: z.string(),
  body: z.string(),
  created_at: isoDate,
  edited_at: z._default(z.nullable(isoDate), null),
  hidden: z._default(z.boolean(), false),
  /** Until when the requesting member may edit or delete this post; null: not theirs, or never. */
  editable_until: z._default(z.nullable(isoDate), null),
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
  total: z.number().check(z.int(), z.nonnegative()),
  page: z.number().check(z.int(), z.positive()),
  limit: z.number().check(z.int(), z.positive()),
});

const newThreadSchema = z.object({ thread: threadSchema, post: postSchema });
const deletedSchema = z.object({ ok: z.boolean(), thread_deleted: z._default(z.boolean(), false) });

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
  /** A locked thread takes no more replies (an admin locks it). */
  locked: boolean;
}

export interface Post {
  id: string;
  author: string;
  /** Plain text, never HTML. Empty for a hidden post unless the reader is an admin. */
  body: string;
  createdAt: string;
  editedAt: string | null;
  hidden: boolean;
  /** Until when the reader may edit or delete it (their own post); null otherwise. */
  editableUntil: string | null;
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
  /** One page of the thread's posts, oldest first; the opening post is the first of page 1. */
  posts: Post[];
  total: number;
  page: number;
  limit: number;
}

export interface NewThread {
  thread: Thread;
  post: Post;
}

export interface TextCheck {
  ok: boolean;
  /** The words that made the text unacceptable. */
  words: string[];
}

// ---- mappings ----

function mapWebboardProfile(raw: z.output<typeof loginSchema>): WebboardProfile {
  return { ...mapProfile(raw), token: raw.token.accessToken, expiresIn: raw.token.expiresIn };
}

function mapRoom(raw: z.output<typeof roomSchema>): Room {
  return {
    id: String(raw.id),
    title: raw.title,
    description: raw.description,
    threadCount: raw.thread_count,
    lastPostAt: raw.last_post_at,
  };
}

function mapThread(raw: z.output<typeof threadSchema>): Thread {
  return {
    id: String(raw.id),
    roomId: String(raw.room_id),
    title: raw.title,
    author: raw.author,
    replies: raw.replies,
    views: raw.views,
    createdAt: raw.created_at,
    lastPostAt: raw.last_post_at,
    locked: raw.locked,
  };
}

function mapPost(raw: z.output<typeof postSchema>): Post {
  return {
    id: String(raw.id),
    author: raw.author,
    body: raw.body,
    createdAt: raw.created_at,
    editedAt: raw.edited_at,
    hidden: raw.hidden,
    editableUntil: raw.editable_until,
  };
}

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

/** GET /webboard/thread/{threadId} — the thread, its room and one page of its posts. */
export async function getThread(
  threadId: string | number,
  params: { page?: number },
  lang: Lang,
  token?: string,
): Promise<ThreadPage> {
  const endpoint = `/webboard/thread/${encodeURIComponent(String(threadId))}`;
  const raw = await api.get(endpoint, { lang, token, query: listQuery({ ...params }) });
  return parseData(endpoint, raw, threadPageSchema, (v) => ({
    thread: mapThread(v.thread),
    room: mapRoom(v.room),
    posts: parseEach(endpoint, postSchema, v.posts, mapPost),
    total: v.total,
    page: v.page,
    limit: v.limit,
  }));
}

// ---- write calls (ours, not the spec's: docs/api-contract.md "Web board: taking part") ----

const seg = (value: string | number) => encodeURIComponent(String(value));

/** POST /webboard/room/{roomId}/thread {title, body} — 201 with the thread and its opening post. */
export async function createThread(
  roomId: string | number,
  input: { title: string; body: string },
  lang: Lang,
  token: string,
): Promise<NewThread> {
  const endpoint = `/webboard/room/${seg(roomId)}/thread`;
  const raw = await api.post(endpoint, input, { lang, token });
  return parseData(endpoint, raw, newThreadSchema, (v) => ({ thread: mapThread(v.thread), post: mapPost(v.post) }));
}

/** POST /webboard/thread/{threadId}/post {body} — 201 with the reply; 409 when the thread is locked. */
export async function replyToThread(threadId: string | number, body: string, lang: Lang, token: string): Promise<Post> {
  const endpoint = `/webboard/thread/${seg(threadId)}/post`;
  return parseData(endpoint, await api.post(endpoint, { body }, { lang, token }), postSchema, mapPost);
}

/** PUT /webboard/post/{postId} {body} — one's own post, within the edit window (403 / 409 otherwise). */
export async function editPost(postId: string | number, body: string, lang: Lang, token: string): Promise<Post> {
  const endpoint = `/webboard/post/${seg(postId)}`;
  return parseData(endpoint, await api.put(endpoint, { body }, { lang, token }), postSchema, mapPost);
}

/**
 * DELETE /webboard/post/{postId} — one's own post within the edit window, or any post by an admin.
 * Deleting a thread's opening post deletes the thread (`threadDeleted`).
 */
export async function deletePost(
  postId: string | number,
  lang: Lang,
  token: string,
): Promise<{ threadDeleted: boolean }> {
  const endpoint = `/webboard/post/${seg(postId)}`;
  return parseData(endpoint, await api.delete(endpoint, { lang, token }), deletedSchema, (v) => ({
    threadDeleted: v.thread_deleted,
  }));
}

/** PUT /webboard/post/{postId}/hidden {hidden} — admin only (403 otherwise). */
export async function setPostHidden(
  postId: string | number,
  hidden: boolean,
  lang: Lang,
  token: string,
): Promise<Post> {
  const endpoint = `/webboard/post/${seg(postId)}/hidden`;
  return parseData(endpoint, await api.put(endpoint, { hidden }, { lang, token }), postSchema, mapPost);
}

/** PUT /webboard/thread/{threadId}/locked {locked} — admin only (403 otherwise). */
export async function setThreadLocked(
  threadId: string | number,
  locked: boolean,
  lang: Lang,
  token: string,
): Promise<Thread> {
  const endpoint = `/webboard/thread/${seg(threadId)}/locked`;
  return parseData(endpoint, await api.put(endpoint, { locked }, { lang, token }), threadSchema, mapThread);
}

/** POST /master/check-text {text} — the web board's word check. */
export async function checkText(text: string, lang: Lang): Promise<TextCheck> {
  const endpoint = '/master/check-text';
  return parseData(endpoint, await api.post(endpoint, { text }, { lang }), checkTextSchema, (v) => v);
}
