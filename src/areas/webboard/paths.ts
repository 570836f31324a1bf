/**
 * The web board's own addresses, the `?next=` rule, and the hook by which the room and thread
 * islands follow their `?id=&page=` address. Browser-safe.
 */
import { useEffect, useState } from 'react';
import { localizePath } from '../../i18n/paths';
import type { Lang } from '../../i18n/config';

export const webboardPaths = (lang: Lang) => ({
  rooms: localizePath('/webboard/', lang),
  login: localizePath('/webboard/login/', lang),
  room: (id: string, page = 1) =>
    localizePath(`/webboard/room/?id=${encodeURIComponent(id)}${page > 1 ? `&page=${page}` : ''}`, lang),
  thread: (id: string, page = 1) =>
    localizePath(`/webboard/thread/?id=${encodeURIComponent(id)}${page > 1 ? `&page=${page}` : ''}`, lang),
  newThread: (roomId: string) => localizePath(`/webboard/new/?room=${encodeURIComponent(roomId)}`, lang),
});

/** The login page, remembering where the member wanted to go. */
export function loginPathFor(lang: Lang, from: string): string {
  return `${webboardPaths(lang).login}?next=${encodeURIComponent(from)}`;
}

/**
 * Where to go after login: `next` only when it is a path on this same site (no scheme, no
 * `//host`, no backslash tricks, no control characters); anything else falls back.
 */
export function safeNextPath(next: string | null | undefined, origin: string, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\p{Cc}]/u.test(next)) return fallback;
  try {
    const url = new URL(next, origin);
    if (url.origin !== origin) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** A positive integer from the query, else the fallback (page=abc or page=-1 are not pages). */
function positiveInt(raw: string | null, fallback = 1): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= 1 ? n : fallback;
}

/** A room's or a thread's address: `?id=` (null when missing) and `?page=`. */
interface BoardAddress {
  id: string | null;
  page: number;
}

function readBoardAddress(): BoardAddress {
  const params = new URLSearchParams(location.search);
  return { id: params.get('id')?.trim() || null, page: positiveInt(params.get('page')) };
}

/**
 * The address of the room or thread page, read after hydration and again on back/forward, and
 * `load(id, { page, lang })` run for each one with an id. Null until read (as on the server).
 * The setter moves to another page without a reload (after `history.pushState`).
 */
export function useBoardAddress(
  lang: Lang,
  load: (id: string, options: { page: number; lang: Lang }) => Promise<unknown>,
) {
  const [where, setWhere] = useState<BoardAddress | null>(null);
  useEffect(() => {
    const sync = () => setWhere(readBoardAddress());
    sync();
    addEventListener('popstate', sync);
    return () => removeEventListener('popstate', sync);
  }, []);
  useEffect(() => {
    if (where?.id) void load(where.id, { page: where.page, lang });
  }, [where, lang, load]);
  return [where, setWhere] as const;
}
