/**
 * Import this FIRST in a store test: Node has no localStorage, and @nanostores/persistent reads
 * its storage when a persistent store is created. This swaps in an in-memory engine (the
 * package's own test engine, built on setPersistentEngine) before any store module loads.
 */
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';

// A nanostores call named like a React hook, not a hook.
// eslint-disable-next-line react-hooks/rules-of-hooks
useTestStorageEngine();

export { cleanTestStorage, getTestStorage, setTestStorageKey };

/** A JWT-shaped token (unsigned) with the given expiry in seconds — the portal never verifies. */
export function fakeJwt(expSeconds: number, extra: Record<string, unknown> = {}): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 1, exp: expSeconds, ...extra })}.sig`;
}

export const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;
