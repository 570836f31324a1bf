/**
 * The Content Security Policy source for an inline script or style: `sha256-<base64>` of its
 * exact text. Build-time only (node:crypto); Astro.csp adds it to the page's policy.
 */
import { createHash } from 'node:crypto';

type Hash = `sha256-${string}`;

/** The same few texts (font faces, the pre-paint script, a rule per consent) on every page. */
const hashes = new Map<string, Hash>();
const MAX_HASHES = 256;

export function cspHash(text: string): Hash {
  let hash = hashes.get(text);
  if (hash === undefined) {
    hash = `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
    if (hashes.size >= MAX_HASHES) hashes.delete(hashes.keys().next().value!);
    hashes.set(text, hash);
  }
  return hash;
}
