/**
 * A real S3 implementation for tests: s3rver on a loopback port, storing in a temp folder.
 * `stop()` ends open connections too, as a store going away does.
 */
import type { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import S3rver from 's3rver';

export const BUCKET = 'portal';
/** s3rver's built-in key pair. */
export const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface LocalS3 {
  server: S3rver;
  /** s3rver's S3 event notifications (`event`, one per object written). */
  events: EventEmitter;
  port: number;
  endpoint: string;
  /** Object names written (put, copy, multipart) since start, in order. */
  created: { event: string; key: string }[];
  stop(): Promise<void>;
}

export async function startS3rver(directory: string, port = 0): Promise<LocalS3> {
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: !process.env.S3RVER_LOG,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = (await server.run()) as { port: number };
  // Node's 5 s keep-alive: a request the SDK sends on a socket the server is closing just then is
  // reset (ECONNRESET, seen once in a loaded CI run); a real bucket keeps idle sockets far longer.
  (server as unknown as { httpServer: Server }).httpServer.keepAliveTimeout = 120_000;
  const created: { event: string; key: string }[] = [];
  const events = server as unknown as EventEmitter;
  events.on('event', (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => {
    for (const record of event.Records)
      created.push({ event: record.eventName, key: decodeURIComponent(record.s3.object.key) });
  });
  return {
    server,
    events,
    port: address.port,
    endpoint: `http://127.0.0.1:${address.port}`,
    created,
    async stop() {
      const http = (server as unknown as { httpServer: Server }).httpServer;
      const closed = server.close();
      http.closeAllConnections();
      await closed;
    },
  };
}
