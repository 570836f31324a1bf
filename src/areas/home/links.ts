/**
 * Where the home page's records link to (docs/routes.md). Paths are
 * language-neutral; components pass them through localizePath.
 */
import { isExternalPath, localizePath, type Lang } from '../../i18n';

export const purchasePath = (uuid: string) => `/procurement/${encodeURIComponent(uuid)}/`;
export const mediaPath = (slug: string) => `/multimedia/${encodeURIComponent(slug)}/`;
export const bookPath = (slug: string) => `/e-magazine/${encodeURIComponent(slug)}/`;
export const servicePath = (slug: string) => `/services/${encodeURIComponent(slug)}/`;
export const serviceGroupPath = (slug: string) => `/services/group/${encodeURIComponent(slug)}/`;
export const manualPath = (uuid: string) => `/manuals/${encodeURIComponent(uuid)}/`;
export const activityPath = (id: string) => `/activity/${encodeURIComponent(id)}/`;
export const articlePath = (slug: string) => `/article/${encodeURIComponent(slug)}/`;

/** A banner's link: a portal path in the page's language, an external address as is, or none. */
export function bannerHref(link: string | null, lang: Lang): { href: string; external: boolean } | null {
  if (!link) return null;
  return { href: localizePath(link, lang), external: isExternalPath(link) };
}
