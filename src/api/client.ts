/**
 * The one HTTP client of the portal (spec points 7 and 8), used at build time by the
 * content loaders and in the browser by the islands. Built on wretch.
 *
 * - every path lies under `${baseUrl}/api/frontend`
 * - JSON content type, `Accept: *\/*`, `Accept-Language` from the page's language
 * - `Authorization: Bearer …` whenever a token is set
 * - GET sends params as the query string; POST/PUT/PATCH/DELETE send a JSON body
 * - 30 000 ms timeout
 * - 401 → the registered logout handler runs, then the call rejects
 * - any other failure is logged with its status (503 when there is none) and rejects
 *   with an ApiError carrying the server's body, or the raw error as its cause
 * - conditional requests (build time): an observer learns each GET's ETag, and
 *   `isUnchanged` asks with `If-None-Match` whether an answer still holds (304)
 * - a source (build time) may answer a GET without a request or add headers to it: the
 *   loaders' embedded details (src/collections/api-collection.ts)
 */
import wretch, { type Wretch, type WretchError } from 'wretch';
import { logger } from '../lib/logger';
import { API_PREFIX, REQUEST_TIMEOUT_MS, defaultBaseUrl } from './config';
import { ApiError, INVALID_URL_MESSAGE } from './errors';

export type Lang = 'th' | 'en';
type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  /** Language of the answer; defaults to the client's current language. */
  lang?: Lang;
  /** Query parameters; undefined, null and '' are left out. */
  query?: Query;
  /** JSON body for POST, PUT, PATCH, DELETE. */
  body?: unknown;
  /** Overrides the stored token for this call (null sends no Authorization header). */
  token?: string | null;
  signal?: AbortSignal;
  timeoutMs?: number;
}

interface ClientState {
  baseUrl: string;
  lang: Lang;
  token: string | null;
  onUnauthorized: ((endpoint: string) => void) | null;
}

const state: ClientState = {
  baseUrl: defaultBaseUrl(),
  lang: 'th',
  token: null,
  onUnauthorized: null,
};

/** Points the client at another API. @internal (the unit and contract tests' seam) */
export function setApiBaseUrl(url: string): void {
  state.baseUrl = url.replace(/\/+$/, '');
}

export function getApiBaseUrl(): string {
  return state.baseUrl;
}

/** The page's language; islands set it once from `<html lang>`. */
export function setApiLanguage(lang: Lang): void {
  state.lang = lang;
}

export function setAuthToken(token: string | null): void {
  state.token = token;
}

/**
 * Registers what a 401 does (the auth store logs the member out). One handler at a
 * time; it learns which endpoint answered 401, so a session of another kind (the web
 * board's own token) need not end the portal session.
 */
export function setLogoutHandler(handler: ((endpoint: string) => void) | null): void {
  state.onUnauthorized = handler;
}

/** One GET the client answered (or failed): its address below the API prefix, language and ETag. */
export interface ObservedGet {
  /** Endpoint and query string, as `request` sent them ('/content/category/all?page=2&limit=100'). */
  url: string;
  lang: Lang;
  /** The answer's ETag; null when it had none or the call failed. */
  etag: string | null;
  /** The parsed answer (before it is returned: the observer may take parts out of it). */
  body?: unknown;
  /** The answer as it came, to read again (the parsed one may be changed by its readers). */
  text?: string;
}

let observeGet: ((seen: ObservedGet) => void) | null = null;

/**
 * Registers who learns of every anonymous GET (the build's loaders keep the ETags to revalidate
 * them on the next build). One observer at a time; null removes it.
 */
export function setGetObserver(observer: ((seen: ObservedGet) => void) | null): void {
  observeGet = observer;
}

/** Build time: answers an anonymous GET without a request, or adds headers to it. */
export type GetSource = (url: string, lang: Lang) => { answer?: unknown; headers?: Record<string, string> } | undefined;
let getSource: GetSource | null = null;

/** Registers the source of anonymous GETs (one at a time; null removes it). */
export function setGetSource(source: GetSource | null): void {
  getSource = source;
}

/** Builds the query string, leaving out empty values (spec point 5: empty keywords omitted). */
function toSearchParams(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A wretch request to `url` (below the API prefix) with the portal's headers and these options. */
function baseRequest(
  url: string,
  lang: Lang,
  token: string | null,
  { headers, ...options }: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> },
): Wretch {
  return wretch(state.baseUrl + API_PREFIX + url, {
    ...options,
    headers: {
      'Content-Type': 'application/json',
      Accept: '*/*',
      'Accept-Language': lang,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
  });
}

function readBody(error: WretchError): unknown {
  // wretch puts the response body text in `message`; keep the parsed JSON when it is JSON.
  const text = error.message;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One call. Resolves with the parsed JSON body (or null for an empty body). */
export async function request<T = unknown>(method: Method, path: string, options: CallOptions = {}): Promise<T> {
  if (!path) throw new Error(INVALID_URL_MESSAGE);
  const endpoint = path.startsWith('/') ? path : `/${path}`;
  const lang = options.lang ?? state.lang;
  const token = options.token === undefined ? state.token : options.token;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const url = endpoint + toSearchParams(options.query);

  const body = method !== 'GET' && options.body !== undefined ? JSON.stringify(options.body) : undefined;

  const observe = method === 'GET' && !token ? observeGet : null;
  const source = method === 'GET' && !token ? getSource?.(url, lang) : undefined;
  if (source?.answer !== undefined) return source.answer as T;
  try {
    const response = await baseRequest(url, lang, token, { signal, body, headers: source?.headers })
      .fetch(method)
      .res();
    const text = await response.text();
    const parsed = (text ? JSON.parse(text) : null) as T;
    observe?.({ url, lang, etag: response.headers.get('etag'), body: parsed, text });
    return parsed;
  } catch (raw) {
    observe?.({ url, lang, etag: null });
    throw toApiError(raw, endpoint);
  }
}

/**
 * Whether the anonymous GET of `url` (endpoint and query string, as an ObservedGet names it)
 * in `lang` still answers what was tagged `etag`: true on `304 Not Modified`. Anything else
 * (200, an error, no answer) is false, so the caller reads the area again and meets the
 * error there. `headers`: those the GET was made with (a `Prefer` its ETag depends on).
 */
export async function isUnchanged(
  url: string,
  lang: Lang,
  etag: string,
  { headers = {}, timeoutMs = REQUEST_TIMEOUT_MS }: { headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<boolean> {
  try {
    const response = await baseRequest(url, lang, null, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { ...headers, 'If-None-Match': etag },
    })
      .get()
      .res();
    await response.body?.cancel();
    return response.status === 304;
  } catch (raw) {
    return (raw as Partial<WretchError>).status === 304;
  }
}

function toApiError(raw: unknown, endpoint: string): ApiError {
  // A WretchError is an answer that was not 2xx; anything else (no answer, timeout) has no status.
  const answered = raw instanceof wretch.WretchError;
  const status = answered && raw.status > 0 ? raw.status : 503;
  const body = answered ? readBody(raw) : undefined;

  if (status === 401) {
    state.onUnauthorized?.(endpoint);
  } else {
    logger.error(`API ${endpoint} failed with status ${status}`);
  }
  const message =
    (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : undefined) ?? (raw instanceof Error ? raw.message : `Request failed with status ${status}`);
  return new ApiError({ status, body, endpoint, message, cause: raw });
}

export const api = {
  get: <T = unknown>(path: string, options?: CallOptions) => request<T>('GET', path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: CallOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: CallOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: CallOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T = unknown>(path: string, options?: CallOptions) => request<T>('DELETE', path, options),
};
