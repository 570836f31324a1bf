/**
 * Starting and finding the embedded reference content API from the build, start,
 * dev and test scripts (all run on Node 24, which has node:sqlite).
 */
export const DEFAULT_API_HOST = '127.0.0.1';
export const DEFAULT_API_PORT = 8787;

/** True when something answering like the content API listens at baseUrl. */
export async function isApiUp(baseUrl) {
  try {
    const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts the reference API in this process.
 * @param {{ host?: string, port?: number, dbPath?: string, scale?: number, quiet?: boolean }} options
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function startEmbeddedApi(options = {}) {
  const { startContentApi } = await import('../content-api/server.ts');
  return startContentApi(options);
}

/** API_HOST/API_PORT from the environment (shared/design/contracts.md). */
export function apiAddressFromEnv() {
  const host = process.env.API_HOST || DEFAULT_API_HOST;
  const port = Number(process.env.API_PORT || DEFAULT_API_PORT);
  return { host, port, url: `http://${host}:${port}` };
}

/**
 * Uses the API at host:port when one is already up there, otherwise starts one.
 * @returns {Promise<{ url: string, close: () => Promise<void>, started: boolean }>}
 */
export async function ensureApi({ host, port, dbPath }) {
  const url = `http://${host}:${port}`;
  if (await isApiUp(url)) return { url, close: async () => {}, started: false };
  const api = await startEmbeddedApi({ host, port, dbPath });
  return { url: api.url, close: api.close, started: true };
}
