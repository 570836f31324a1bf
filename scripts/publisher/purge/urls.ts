/**
 * From site paths to the URLs a CDN caches them under: `en/news/index.html` is visited as
 * `/en/news/`, `index.html` as `/`, anything else under its own name.
 */
export function publicPath(sitePath: string): string {
  const clean = `/${sitePath.replace(/^\/+/, '')}`;
  return clean.endsWith('/index.html') ? clean.slice(0, -'index.html'.length) : clean;
}

/** Absolute URLs of the given site paths on the site's origin, deduplicated, in order. */
export function publicUrls(siteUrl: string, sitePaths: readonly string[]): string[] {
  const origin = new URL(siteUrl);
  const base = origin.pathname.replace(/\/+$/, '');
  const urls = sitePaths.map((sitePath) => {
    const url = new URL(origin.href);
    url.pathname = `${base}${publicPath(sitePath)}`;
    url.search = '';
    url.hash = '';
    return url.href;
  });
  return [...new Set(urls)];
}
