// HTTP plumbing of the reference content API: a tiny router, JSON in and out, CORS,
// the 1 MB body cap and the error envelope of docs/api-contract.md. No framework on purpose:
// the server must start in well under a second on Node 24 with nothing but node: modules.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { langOf, message } from './i18n.ts';
import type { Lang } from './types.ts';

const BODY_LIMIT_BYTES = 1024 * 1024;

/** An error that becomes a 4xx/5xx JSON answer `{ status, code, message }`. */
export class HttpError extends Error {
  status: number;
  /** machine-readable code, also the key of the localised message */
  code: string;
  /** merged into the body (e.g. `errors` for 422) */
  extra: Record<string, unknown>;
  constructor(status: number, code: string, extra: Record<string, unknown> = {}) {
    super(code);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

const notFound = () => new HttpError(404, 'NOT_FOUND');
const badRequest = (field?: string) => new HttpError(400, 'BAD_REQUEST', field ? { field } : {});

export interface Ctx {
  req: IncomingMessage;
  url: URL;
  lang: Lang;
  /** path parameters */
  params: Record<string, string>;
  query: URLSearchParams;
  /** parsed JSON body ({} when empty); its shape is checked by the handler */
  body: () => Promise<unknown>;
}

export type Handler = (ctx: Ctx) => unknown;

/** A list item's detail, embedded in the list answer: the GET it answers and that answer. */
interface EmbeddedDetail {
  url: string;
  answer: unknown;
}

/**
 * The request preference (RFC 7240 `Prefer`) under which a list answer embeds each item's detail
 * answer (ours, docs/api-contract.md "Embedded details"): the build reads a large area in one
 * request per list page instead of one per record, and the list's ETag then covers the details.
 */
const EMBED_DETAILS = 'embed=detail';

/** A route's handler with the parameters of a matched path (and its embedded details, if any). */
interface RouteMatch {
  handler: Handler;
  params: Record<string, string>;
  detailOf?: (item: never) => string;
  /** Its answer depends on more than the database, the URL and the language (the clock): see `live`. */
  live?: boolean;
}

export class Router {
  routes: {
    method: string;
    parts: string[];
    handler: Handler;
    detailOf?: RouteMatch['detailOf'];
    live?: boolean;
  }[] = [];
  /** `pattern` e.g. `/content/page/:slug` */
  on(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method, parts: pattern.split('/').filter(Boolean), handler });
    return this;
  }
  get(p: string, h: Handler) {
    return this.on('GET', p, h);
  }
  post(p: string, h: Handler) {
    return this.on('POST', p, h);
  }
  put(p: string, h: Handler) {
    return this.on('PUT', p, h);
  }
  delete(p: string, h: Handler) {
    return this.on('DELETE', p, h);
  }

  /**
   * Makes the paged list at `pattern` (already registered) embed, under `Prefer: embed=detail`,
   * the answer of each item's detail GET (`detailOf(item)`, encoded as the portal asks it) as
   * `detail: { url, answer }`. An item whose detail answers an error gets none.
   */
  embedDetails<T>(pattern: string, detailOf: (item: T) => string): this {
    const parts = pattern.split('/').filter(Boolean);
    const route = this.routes.find((r) => r.method === 'GET' && r.parts.join('/') === parts.join('/'));
    if (!route) throw new Error(`embedDetails: no GET route ${pattern}`);
    route.detailOf = detailOf as RouteMatch['detailOf'];
    return this;
  }

  /**
   * Marks the GET at `pattern` (already registered) as one whose answer changes without a
   * write to the database (it reads the clock): it is never answered 304 from a remembered ETag.
   */
  live(pattern: string): this {
    const parts = pattern.split('/').filter(Boolean);
    const route = this.routes.find((r) => r.method === 'GET' && r.parts.join('/') === parts.join('/'));
    if (!route) throw new Error(`live: no GET route ${pattern}`);
    route.live = true;
    return this;
  }

  /** The detail answers embedded in `result` (see embedDetails), for a request that prefers them. */
  embed(ctx: Ctx, detailOf: NonNullable<RouteMatch['detailOf']>, result: unknown): unknown {
    const items = (result as { result?: unknown })?.result;
    if (!Array.isArray(items)) return result;
    return {
      ...(result as object),
      result: items.map((item: object) => {
        const url = detailOf(item as never);
        const found = this.match('GET', url.split('?')[0]!);
        if (!found || 'allowed' in found) return item;
        try {
          const answer = found.handler({ ...ctx, params: found.params, query: new URLSearchParams() });
          if (answer instanceof Promise) return item;
          return { ...item, detail: { url, answer } satisfies EmbeddedDetail };
        } catch {
          return item;
        }
      }),
    };
  }

  /** Literal segments win over parameters, so `/content/category/all` beats `/content/category/:slug`. */
  match(method: string, path: string): RouteMatch | { allowed: string[] } | null {
    const segs = path.split('/').filter(Boolean);
    let best: RouteMatch | null = null;
    let bestScore = -1;
    const allowed = new Set<string>();
    for (const r of this.routes) {
      if (r.parts.length !== segs.length) continue;
      const params: Record<string, string> = {};
      let score = 0;
      let ok = true;
      for (let i = 0; i < segs.length; i++) {
        const p = r.parts[i]!;
        if (p.startsWith(':')) {
          let v;
          try {
            v = decodeURIComponent(segs[i]!);
          } catch {
            ok = false;
            break;
          }
          params[p.slice(1)] = v;
        } else if (p === segs[i]) score += 1 << (segs.length - i);
        else {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      if (r.method !== method) {
        allowed.add(r.method);
        continue;
      }
      if (score > bestScore) {
        best = { handler: r.handler, params, detailOf: r.detailOf, live: r.live };
        bestScore = score;
      }
    }
    if (best) return best;
    if (allowed.size) return { allowed: [...allowed] };
    return null;
  }
}

/** Whether the request's `Prefer` header asks for `preference`. */
function prefers(req: IncomingMessage, preference: string): boolean {
  const header = req.headers.prefer;
  return typeof header === 'string' && header.split(',').some((p) => p.trim() === preference);
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}

/** A strong ETag of a response body: the same bytes, the same tag. */
function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether an If-None-Match header names `etag` (or is `*`); weak tags compare by their value. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * A GET's 200 answer with its ETag, or `304 Not Modified` (no body) when the request's
 * If-None-Match names that ETag: the build's loaders revalidate what they read last time.
 */
function sendJsonConditional(req: IncomingMessage, res: ServerResponse, body: unknown): string {
  // Encoded once, then hashed, measured and sent (a list with its details is about 1 MB).
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  const etag = etagOf(bytes);
  if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
    sendNotModified(res, etag);
    return etag;
  }
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': bytes.length,
    'cache-control': 'no-store',
    etag,
  });
  res.end(bytes);
  return etag;
}

function sendNotModified(res: ServerResponse, etag: string) {
  res.writeHead(304, { etag, 'cache-control': 'no-store' });
  res.end();
}

/** CORS for the islands on the portal origin (and any other: the data is public). */
function setCors(req: IncomingMessage, res: ServerResponse) {
  const origin = req.headers.origin;
  res.setHeader('access-control-allow-origin', origin || '*');
  if (origin) res.setHeader('vary', 'Origin');
  res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
  res.setHeader('access-control-allow-headers', 'Authorization, Content-Type, Accept, Accept-Language, If-None-Match');
  res.setHeader('access-control-expose-headers', 'ETag');
  res.setHeader('access-control-max-age', '600');
}

/**
 * Reads and parses the JSON body with the 1 MB cap. Oversized → 413, malformed → 400.
 */
export function readJsonBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] || 0);
    if (declared > BODY_LIMIT_BYTES) {
      req.resume();
      reject(new HttpError(413, 'PAYLOAD_TOO_LARGE'));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (c: Buffer) => {
      if (failed) return;
      size += c.length;
      if (size > BODY_LIMIT_BYTES) {
        failed = true;
        reject(new HttpError(413, 'PAYLOAD_TOO_LARGE'));
        return; // keep draining so the client gets the answer instead of a reset
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (failed) return;
      const text = Buffer.concat(chunks).toString('utf8').trim();
      if (!text) return resolve({});
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new HttpError(400, 'MALFORMED_JSON'));
      }
    });
    req.on('error', () => {
      if (!failed) {
        failed = true;
        reject(new HttpError(400, 'BAD_REQUEST'));
      }
    });
  });
}

/**
 * Builds the request listener: `/api/frontend/*` goes to the router, `/files/*` and `/health`
 * to `extra`. Any exception that is not an HttpError is logged and answered 500 — but handlers
 * validate their input, so bad input ends as a 4xx.
 */
export function createListener(
  router: Router,
  extra: (ctx: Ctx, res: ServerResponse) => boolean | Promise<boolean>,
  dataVersion?: () => string,
) {
  // The ETags of the GETs answered, by language, embedding and URL, with the data version they
  // were made at: revalidating an unchanged answer then costs no query (a list page of 100
  // records with their details, a category page counted over tens of thousands of articles).
  // Any write to the database, from this connection or another, changes the version (server.ts).
  // Not for a GET with credentials (the web board's answers depend on who asks) or a `live` one
  // (the clock).
  const versionTags = new Map<string, { version: string; etag: string }>();
  const MAX_TAGS = 50_000;
  return async (req: IncomingMessage, res: ServerResponse) => {
    setCors(req, res);
    const lang = langOf(req.headers['accept-language']);
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204);
        res.end();
        return;
      }
      let url;
      try {
        url = new URL(req.url || '/', 'http://localhost');
      } catch {
        throw badRequest();
      }
      let bodyPromise: Promise<unknown> | undefined;
      const ctx: Ctx = {
        req,
        url,
        lang,
        params: {},
        query: url.searchParams,
        body: () => (bodyPromise ??= readJsonBody(req)),
      };
      if (await extra(ctx, res)) return;
      const prefix = '/api/frontend';
      if (!url.pathname.startsWith(prefix + '/')) throw notFound();
      const found = router.match(req.method || 'GET', url.pathname.slice(prefix.length));
      if (!found) throw notFound();
      if ('allowed' in found) throw new HttpError(405, 'METHOD_NOT_ALLOWED', { allowed: found.allowed });
      ctx.params = found.params;
      const embedding = found.detailOf && req.method === 'GET' ? prefers(req, EMBED_DETAILS) : undefined;
      if (embedding !== undefined) res.setHeader('vary', ['Prefer', res.getHeader('vary')].filter(Boolean).join(', '));
      if (embedding) res.setHeader('preference-applied', EMBED_DETAILS);
      // A GET asked again with the ETag it had at this data version: its answer cannot have
      // changed, so 304 before building it.
      const remembered = req.method === 'GET' && !found.live && !req.headers.authorization;
      const tagKey = `${lang} ${embedding ? 'embed' : 'plain'} ${req.url}`;
      const version = remembered ? dataVersion?.() : undefined;
      const known = version ? versionTags.get(tagKey) : undefined;
      if (known && known.version === version && matchesIfNoneMatch(req.headers['if-none-match'], known.etag)) {
        if (req.readable) req.resume();
        sendNotModified(res, known.etag);
        return;
      }
      const result = await found.handler(ctx);
      // Drain an unread body so keep-alive connections stay usable.
      if (!bodyPromise && req.readable) req.resume();
      if (req.method !== 'GET') return sendJson(res, 200, result);
      const etag = sendJsonConditional(
        req,
        res,
        embedding && found.detailOf ? router.embed(ctx, found.detailOf, result) : result,
      );
      if (version) {
        if (versionTags.size >= MAX_TAGS) versionTags.clear();
        versionTags.set(tagKey, { version, etag });
      }
    } catch (err) {
      if (res.headersSent) {
        res.end();
        return;
      }
      if (err instanceof HttpError) {
        if (err.status === 405) res.setHeader('allow', [...(err.extra.allowed as string[]), 'OPTIONS'].join(', '));
        const { allowed: _allowed, ...extraBody } = err.extra;
        sendJson(res, err.status, {
          status: err.status,
          code: err.code,
          message: message(lang, err.code),
          ...extraBody,
        });
        if (req.readable) req.resume();
        return;
      }
      console.error('content-api: unexpected error on', req.method, req.url, err);
      sendJson(res, 500, { status: 500, code: 'INTERNAL', message: message(lang, 'INTERNAL') });
    }
  };
}
