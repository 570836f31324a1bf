/**
 * Starting and finding the embedded reference content API from the build, start,
 * dev and test scripts (all run on Node 24, which has node:sqlite).
 */
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

/** API_HOST/API_PORT from the environment (README.md "Environment"). */
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
