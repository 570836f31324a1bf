// Programmatic entry of the reference content API:
//   const api = await startContentApi({ host, port, dbPath, scale });  // port 0 = ephemeral
//   api.url  → 'http://127.0.0.1:54321'   api.port → 54321   await api.close()
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { openDatabase, meta } from './db.ts';
import type { Deps } from './deps.ts';
import { Router, createListener, sendJson } from './http.ts';
import { createFileServer } from './files.ts';
import { createShapes } from './routes/shapes.ts';
import { statementCache } from './routes/support.ts';
import { registerContent } from './routes/content.ts';
import { registerHome } from './routes/home.ts';
import { registerLibrary } from './routes/library.ts';
import { registerContact } from './routes/contact.ts';
import { registerProcurement } from './routes/procurement.ts';
import { registerServices } from './routes/services.ts';
import { registerSurvey } from './routes/survey.ts';
import { registerSearch } from './routes/search.ts';
import { registerReference } from './routes/reference.ts';
import { registerModules } from './routes/modules.ts';
import { registerAccounts } from './routes/accounts.ts';
import { registerWebboard } from './routes/webboard.ts';
import { createEditor, type EditorOptions } from './editor.ts';

export interface ContentApiOptions {
  host?: string;
  port?: number;
  dbPath?: string;
  /** items per large collection when seeding a new database */
  scale?: number;
  /**
   * Turns on the editor endpoint (/api/editor/{type}/{key}, editor.ts): its bearer token and
   * where to send the signed webhook after each edit.
   */
  editor?: Omit<EditorOptions, 'db'>;
}
export interface ContentApi {
  url: string;
  port: number;
  host: string;
  dbPath: string;
  close: () => Promise<void>;
}

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_DB = resolve(REPO_ROOT, '.data/content-api.sqlite');

export type { Deps } from './deps.ts';

/**
 * What changes with every write to the database: `PRAGMA data_version` moves when another
 * connection commits (an editor's script, a test), `total_changes()` when this one writes.
 */
function dataVersion(db: ReturnType<typeof openDatabase>): () => string {
  const pragma = db.prepare('PRAGMA data_version');
  const changes = db.prepare('SELECT total_changes() AS n');
  return () => `${String(pragma.get()?.data_version)}:${String(changes.get()?.n)}`;
}

/** Builds the router with every /api/frontend endpoint. */
export function buildRouter(deps: Deps): Router {
  const router = new Router();
  for (const register of [
    registerContent,
    registerHome,
    registerLibrary,
    registerContact,
    registerProcurement,
    registerServices,
    registerSurvey,
    registerSearch,
    registerReference,
    registerModules,
    registerAccounts,
    registerWebboard,
  ])
    register(router, deps);
  // The large areas' lists embed each item's detail when asked (http.ts EMBED_DETAILS).
  const enc = (v: unknown) => encodeURIComponent(String(v));
  type Item = Record<string, unknown>;
  router
    .embedDetails('/content/category/all', (a: Item) => `/content/page/${enc(a.slug)}`)
    .embedDetails('/activity/category/all', (a: Item) => `/activity/page/${enc(a.id)}`)
    .embedDetails('/purchase/all', (p: Item) => `/purchase/view/${enc(p.uuid)}`)
    .embedDetails('/book/category/all', (b: Item) => `/book/page/${enc(b.slug)}`)
    .embedDetails('/media/category/all', (m: Item) => `/media/page/${enc(m.slug)}`)
    .embedDetails('/manual/group/:id', (m: Item) => `/manual/view/${enc(m.uuid)}`)
    // Today's visitors: changes with the date, not only with a write.
    .live('/tracking/visitors');
  return router;
}

/**
 * Opens (creating and seeding when new) the database and starts listening.
 */
export async function startContentApi({
  host = '127.0.0.1',
  port = 8787,
  dbPath = DEFAULT_DB,
  scale,
  editor,
}: ContentApiOptions = {}): Promise<ContentApi> {
  const db = openDatabase(dbPath, { scale });
  const q = statementCache(db);
  const deps: Deps = { db, q, shapes: createShapes(db), secret: meta(db, 'jwt_secret') ?? '' };
  deps.shapes.warm();
  const router = buildRouter(deps);
  const files = createFileServer(db);
  const edits = editor?.token ? createEditor({ db, ...editor }) : null;
  const listener = createListener(
    router,
    async (ctx, res) => {
      if (ctx.url.pathname === '/health' || ctx.url.pathname === '/health/') {
        sendJson(res, 200, { ok: true });
        return true;
      }
      if (edits && (await edits(ctx, res))) return true;
      return files(ctx, res);
    },
    dataVersion(db),
  );
  // 64 KB of headers leaves room for a 10 KB Thai keyword percent-encoded (about 30 KB of URL),
  // which then gets the API's own 400. Anything larger is refused by Node's parser: clientError
  // turns that into a JSON 431/400 as well instead of a bare socket reset.
  const server = createServer({ requestTimeout: 30_000, headersTimeout: 20_000, maxHeaderSize: 64 * 1024 }, listener);
  server.keepAliveTimeout = 5_000;
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = (err as NodeJS.ErrnoException).code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = JSON.stringify({
      status,
      code: status === 431 ? 'HEADERS_TOO_LARGE' : 'BAD_REQUEST',
      message: status === 431 ? 'Request headers or URL too large.' : 'Malformed HTTP request.',
    });
    socket.end(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen(undefined);
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let closed = false;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    host,
    dbPath,
    close: async () => {
      if (closed) return;
      closed = true;
      server.closeIdleConnections?.();
      await new Promise((r) => {
        server.close(() => r(undefined));
        setTimeout(() => {
          server.closeAllConnections?.();
        }, 2000).unref();
      });
      db.close();
    },
  };
}
