/** A recording HTTP server on loopback: what a CDN's API was sent, answered as the test says. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export type Responder = (request: Recorded) => { status: number; body: unknown; headers?: Record<string, string> };

export async function startRecorder(respond: Responder) {
  const requests: Recorded[] = [];
  const state = { respond };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: kept as text
      }
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(recorded);
      const answer = state.respond(recorded);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    set respond(next: Responder) {
      state.respond = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
