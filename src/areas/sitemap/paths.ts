/** getStaticPaths of the site map for people (/sitemap/, /en/sitemap/): the shell's cacheKey. */
import { langStaticPaths } from '../../i18n';
import { pageCacheKey } from '../../shell/collection';

export function sitemapPaths() {
  return Promise.all(langStaticPaths().map(async (p) => ({ ...p, cacheKey: await pageCacheKey(p.props.lang) })));
}
