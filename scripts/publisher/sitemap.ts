/**
 * The sitemap XML of a release, written by the same @astrojs/sitemap integration and options
 * the build uses (src/areas/sitemap/options.mjs), from the release's page list: a publish that
 * removes or adds pages writes `sitemap-index.xml` and `sitemap-N.xml` again; the build's bytes
 * otherwise.
 */
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sitemap, { type SitemapOptions } from '@astrojs/sitemap';

/** The options astro.config.mjs gives the integration (a plain .mjs module, typed here). */
const OPTIONS_MODULE = new URL('../../src/areas/sitemap/options.mjs', import.meta.url).href;

type Hook = (arg: unknown) => Promise<void> | void;

/** Writes the sitemap files for these page pathnames into `dir`; returns their names. */
export async function writeSitemaps(dir: string, site: string, pathnames: readonly string[]): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const { sitemapOptions, urlOrder } = (await import(OPTIONS_MODULE)) as {
    sitemapOptions: SitemapOptions;
    urlOrder: (a: string, b: string) => number;
  };
  const hooks = sitemap(sitemapOptions).hooks as Record<string, Hook>;
  const problems: string[] = [];
  const logger = { info: () => {}, warn: (m: string) => problems.push(m), error: (m: string) => problems.push(m) };
  await hooks['astro:routes:resolved']!({ routes: [] });
  await hooks['astro:config:done']!({
    config: { site, base: '/', trailingSlash: 'always', build: { format: 'directory' } },
  });
  await hooks['astro:build:done']!({
    dir: pathToFileURL(`${path.resolve(dir)}/`),
    // In the integration's order already: its sort (localeCompare with options, a collator built
    // per call) then compares each URL once with the next, not n log n times.
    pages: pathnames
      .map((p) => p.replace(/^\/+/, ''))
      .map((pathname) => ({ pathname, url: new URL(`/${pathname}`, new URL('/', site)).href }))
      .sort((a, b) => urlOrder(a.url, b.url))
      .map(({ pathname }) => ({ pathname })),
    logger,
  });
  if (problems.length > 0) throw new Error(`sitemap: ${problems.join('; ')}`);
  return (await readdir(dir)).filter((f) => /^sitemap-.*\.xml$/.test(f));
}
