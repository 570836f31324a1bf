/**
 * Each page's Content Security Policy hashes computed once per text, not once per page.
 *
 * For every page Astro hashes the route's inline styles and scripts for the page's policy
 * (Astro's `generateCspDigest`, named in src/collections/astro-internals.ts, through WebCrypto's asynchronous
 * digest): the same few texts on every page, hashed again for each (docs/performance.md).
 * This plugin wraps that function in the bundle with a cache of its answers by algorithm and
 * text (at most 256 texts), so each text is hashed once per process. Same hashes, same pages;
 * an Astro whose function reads otherwise is left as it is.
 */
import type { Plugin } from 'vite';
import {
  CSP_DIGEST_DECLARATION as DECLARATION,
  ENCRYPTION_MODULE,
  internalFallback,
} from '../../collections/astro-internals.ts';

const MEMO = `const portalCspDigests = new Map();
function generateCspDigest(data, algorithm) {
  const key = algorithm + "\\0" + data;
  let digest = portalCspDigests.get(key);
  if (digest === undefined) {
    digest = computeCspDigest(data, algorithm);
    if (portalCspDigests.size >= 256) portalCspDigests.delete(portalCspDigests.keys().next().value);
    portalCspDigests.set(key, digest);
  }
  return digest;
}
async function computeCspDigest(data, algorithm) {`;

/** `code` of Astro's encryption module with the digest cached, or undefined when it reads otherwise. */
export function memoizeCspDigest(code: string): string | undefined {
  if (code.split(DECLARATION).length !== 2) return undefined;
  return code.replace(DECLARATION, MEMO);
}

export function cspDigests(): Plugin {
  return {
    name: 'portal-csp-digests',
    transform(code, id) {
      if (!ENCRYPTION_MODULE.test(id)) return undefined;
      const memoized = memoizeCspDigest(code);
      if (memoized !== undefined) return { code: memoized, map: null };
      internalFallback(
        'generateCspDigest',
        'core/encryption.js declares it otherwise: every page hashes its texts again',
      );
      return undefined;
    },
  };
}
