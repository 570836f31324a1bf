/**
 * The Content Security Policy source for an inline script or style: `sha256-<base64>` of its
 * exact text. Build-time only (node:crypto); Astro.csp adds it to the page's policy.
 */
import { createHash } from 'node:crypto';

export function cspHash(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}
