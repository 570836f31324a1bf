/**
 * A small static file server for the built site (dist/), behaving like the CDN will:
 * `/news/` serves `news/index.html`, `/news` redirects to `/news/`, unknown paths get
 * `404.html` with status 404. Used by `npm start` and by the end-to-end tests.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createGzip } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Text formats worth compressing, as the CDN does (fonts and images are compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

async function fileAt(file: string): Promise<string | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? file : null;
  } catch {
    return null;
  }
}

/** Resolves a request path to a file inside root, or a redirect, or null. */
async function resolve(
  root: string,
  pathname: string,
): Promise<{ file: string | null; redirect?: undefined } | { redirect: string; file?: undefined } | null> {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const target = path.join(root, path.normalize(decoded));
  if (!target.startsWith(root)) return null; // no escaping the site folder
  if (decoded.endsWith('/')) return { file: await fileAt(path.join(target, 'index.html')) };
  const direct = await fileAt(target);
  if (direct) return { file: direct };
  if (await fileAt(path.join(target, 'index.html'))) return { redirect: `${pathname}/` };
  return null;
}

export interface StaticServer {
  url: string;
  port: number;
  close: () => Promise<void>;
}

export async function startStaticServer({
  root,
  host = '127.0.0.1',
  port = 0,
}: {
  root: string;
  host?: string;
  port?: number;
}): Promise<StaticServer> {
  const absRoot = path.resolve(root);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const found = await resolve(absRoot, url.pathname);
    if (found?.redirect) {
      res.writeHead(301, { Location: found.redirect + url.search });
      res.end();
      return;
    }
    const file = found?.file ?? (await fileAt(path.join(absRoot, '404.html')));
    const status = found?.file ? 200 : 404;
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found');
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const immutable = file.includes(`${path.sep}_astro${path.sep}`);
    const gzip = COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    res.writeHead(status, {
      'Content-Type': type,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    if (req.method === 'HEAD') return res.end();
    const stream = createReadStream(file);
    if (gzip) stream.pipe(createGzip()).pipe(res);
    else stream.pipe(res);
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok());
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
