/**
 * Starting and finding the embedded reference content API from the build, start,
 * dev and test scripts (all run on Node 24, which has node:sqlite).
 *
 * `forkContentApi` runs it in a process of its own (this file is then the child's entry): `npm
 * start` and `npm run bench:publish` do, as the agency's API is another machine. In the
 * publisher's process its answers (an ETag is a whole answer made and hashed) would take turns
 * with the publisher's re-read and render on one event loop, and an editor's save would wait.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ContentApi, ContentApiOptions } from '../content-api/server.ts';

export const DEFAULT_API_HOST = '127.0.0.1';
export const DEFAULT_API_PORT = 8787;

/** True when something answering like the content API listens at baseUrl. */
export async function isApiUp(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

/** Starts the reference API in this process. */
export async function startEmbeddedApi(options: ContentApiOptions = {}): Promise<ContentApi> {
  const { startContentApi } = await import('../content-api/server.ts');
  return startContentApi(options);
}

/** API_HOST/API_PORT from the environment (docs/configuration.md). */
export function apiAddressFromEnv() {
  const host = process.env.API_HOST || DEFAULT_API_HOST;
  const port = Number(process.env.API_PORT || DEFAULT_API_PORT);
  return { host, port, url: `http://${host}:${port}` };
}

/** Uses the API at host:port when one is already up there, otherwise starts one. */
export async function ensureApi({
  host,
  port,
  dbPath,
}: {
  host: string;
  port: number;
  dbPath?: string;
}): Promise<{ url: string; close: () => Promise<void>; started: boolean }> {
  const url = `http://${host}:${port}`;
  if (await isApiUp(url)) return { url, close: async () => {}, started: false };
  const api = await startEmbeddedApi({ host, port, dbPath });
  return { url: api.url, close: api.close, started: true };
}

/** What the API's process has used: CPU (µs, user + system) and its peak RSS (MB), for the bench. */
export interface ApiUsage {
  cpuMicros: number;
  maxRssMb: number;
}

/** The options a forked API takes: those of `startContentApi` that travel as JSON, and a quiet editor. */
export type ForkedApiOptions = Omit<ContentApiOptions, 'editor'> & {
  editor?: Omit<NonNullable<ContentApiOptions['editor']>, 'log'> & {
    /** Print nothing per edit (the bench). */
    quiet?: boolean;
  };
};

const OPTIONS_ENV = 'PORTAL_FORKED_API_OPTIONS';

/** Starts the reference API in a child process; resolves once it listens. Stops with its parent. */
export async function forkContentApi(
  options: ForkedApiOptions,
): Promise<ContentApi & { child: ChildProcess; usage(): Promise<ApiUsage> }> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, [OPTIONS_ENV]: JSON.stringify(options) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const started = await new Promise<Omit<ContentApi, 'close'>>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Omit<ContentApi, 'close'>));
    child.once('exit', (code) => reject(new Error(`the content API exited (${code}) before it listened`)));
    child.once('error', reject);
  });
  return {
    ...started,
    child,
    usage: () =>
      new Promise<ApiUsage>((resolve, reject) => {
        if (!child.connected) return reject(new Error('the content API has stopped'));
        child.once('message', (m) => resolve(m as ApiUsage));
        child.send('usage');
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}` && process.env[OPTIONS_ENV]) {
  const options = JSON.parse(process.env[OPTIONS_ENV]) as ForkedApiOptions;
  const { quiet, ...editor } = options.editor ?? { token: '' };
  try {
    const api = await startEmbeddedApi({
      ...options,
      ...(options.editor ? { editor: quiet ? { ...editor, log: () => {} } : editor } : {}),
    });
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      void api.close().then(() => process.exit(0));
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    process.on('disconnect', stop);
    process.on('message', (m) => {
      if (m !== 'usage') return;
      const { user, system } = process.cpuUsage();
      process.send?.({ cpuMicros: user + system, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) });
    });
    const { url, port, host, dbPath } = api;
    process.send?.({ url, port, host, dbPath });
  } catch (error) {
    console.error(`content-api: could not start: ${(error as Error).message}`);
    process.exit(1);
  }
}
