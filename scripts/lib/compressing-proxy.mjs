/**
 * A gzip front for a local server: what the CDN does to text responses in production.
 * `npm run bench:lighthouse` measures through it, since Lighthouse's simulated slow 4G
 * counts transferred bytes and an uncompressed page would be measured several times
 * heavier than any visitor receives it (home: 96 KB of HTML, 16 KB gzipped).
 */
import { createServer, request } from 'node:http';
import { createGzip } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * @param {{ target: string, host?: string, port?: number }} options  target: e.g. http://127.0.0.1:1234
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function startCompressingProxy({ target, host = '127.0.0.1', port = 0 }) {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const forward = request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' } },
      (answer) => {
        const headers = { ...answer.headers };
        const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && COMPRESSIBLE.test(String(headers['content-type'] ?? '')) && req.method !== 'HEAD';
        if (!gzip) {
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          return;
        }
        delete headers['content-length'];
        headers['content-encoding'] = 'gzip';
        headers.vary = 'accept-encoding';
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(createGzip()).pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  return new Promise((resolve) => {
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        url: `http://${host}:${typeof address === 'object' && address ? address.port : port}`,
        close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()); }),
      });
    });
  });
}
