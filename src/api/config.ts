/**
 * Where the agency's API lives and the constants of spec points 7 and 9.
 * `PUBLIC_API_BASE_URL` is read at build time (Astro inlines PUBLIC_ variables into
 * the browser bundle too), so the static pages and the islands talk to the same API.
 */
export const API_PREFIX = '/api/frontend';
/**
 * Spec point 9: 30 s. In Node (a build, the publisher) `API_TIMEOUT_MS` may set another, read
 * once at start: an operator whose API answers slowly, a test of a slow API that should not
 * wait 30 s (tests/unit/publisher/faults-journey.test.ts). The browser always has 30 s.
 */
export const REQUEST_TIMEOUT_MS = timeoutFromEnv() ?? 30_000;
const DEFAULT_API_BASE_URL = 'http://127.0.0.1:8787';

function readEnvBaseUrl(): string | undefined {
  // import.meta.env exists under Vite/Astro/Vitest; process.env under plain Node scripts.
  const fromVite = (import.meta as { env?: Record<string, string | undefined> }).env?.PUBLIC_API_BASE_URL;
  const fromNode = typeof process !== 'undefined' ? process.env?.PUBLIC_API_BASE_URL : undefined;
  return fromVite || fromNode || undefined;
}

export function defaultBaseUrl(): string {
  return (readEnvBaseUrl() ?? DEFAULT_API_BASE_URL).replace(/\/+$/, '');
}

function timeoutFromEnv(): number | undefined {
  const raw = typeof process !== 'undefined' ? process.env?.API_TIMEOUT_MS : undefined;
  const ms = raw ? Number(raw) : NaN;
  return Number.isInteger(ms) && ms >= 1 ? ms : undefined;
}
