/**
 * The inline script that opens the home popup before React (open-popup.inline.js, rendered by
 * PopupSlot.astro in <body>). Astro writes the page's Content Security Policy in <head>, before
 * the body renders, so the home page registers this script's hash from its frontmatter.
 */
import openPopupScript from './open-popup.inline.js?raw';
import { cspHash } from '../../../lib/csp-hash';

export { openPopupScript };

export function allowOpenPopupScript(csp: { insertScriptHash(hash: `sha256-${string}`): void } | undefined): void {
  csp?.insertScriptHash(cspHash(openPopupScript));
}
