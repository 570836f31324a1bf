/**
 * Editor HTML made safe to insert, at build time, with the allow-list of src/lib/sanitize.ts:
 * nothing from the API runs as script. CmsContent.astro and the static law texts use it.
 */
import { sanitizeCmsHtml } from '../lib/sanitize';
import { getApiBaseUrl } from '../api/client';

export function cmsHtml(html: string): string {
  return sanitizeCmsHtml(html, { apiBase: getApiBaseUrl() });
}
