/** getStaticPaths of the home area's routes: the home page and the two intro pages. */
import { getEntry } from 'astro:content';
import { langStaticPaths } from '../../i18n';
import { cacheKeyOf } from '../../collections/api-collection';
import { getExchangeLinkBanners, pageCacheKey } from '../../shell/collection';
import { readHome, HOME_SECTIONS as SECTIONS, type HomeRecord } from './collection';

export type HomeData = { [K in (typeof SECTIONS)[number]]?: Extract<HomeRecord, { kind: K }>['value'] };

/**
 * The home page (/ and /en/): every home section of the language, the exchange links, and a
 * cacheKey of the shell plus the records shown (the visitors count excepted: it changes with
 * every page view and the counter's script refreshes it live).
 */
export function homePaths() {
  return Promise.all(
    langStaticPaths().map(async ({ params, props: { lang } }) => {
      const get = await readHome(lang);
      const sections = Object.fromEntries(SECTIONS.map((kind) => [kind, get(kind)]));
      const exchange = await getEntry('exchangeLinks', `${lang}/main`);
      // The visitors count changes with every page view: it stays out of the cacheKey, so
      // the home page is not rebuilt for it alone. The counter's script refreshes it live.
      const shown = SECTIONS.filter((k) => k !== 'visitors').flatMap((k) => (sections[k] ? [sections[k].entry] : []));
      return {
        params,
        props: {
          lang,
          data: Object.fromEntries(SECTIONS.map((kind) => [kind, sections[kind]?.value])) as HomeData,
          exchangeLinks: await getExchangeLinkBanners(lang),
        },
        cacheKey: cacheKeyOf({ id: 'shell', digest: await pageCacheKey(lang) }, exchange, shown),
      };
    }),
  );
}

/**
 * An intro page (/intro/ from GET /home/intropage, /intro/v2/ from GET /home/intropage-v2): one
 * entry per language that has the intro, with a cacheKey of the shell plus that intro record.
 */
async function introPathsOf(section: 'intro' | 'introV2') {
  const paths = await Promise.all(
    langStaticPaths().map(async ({ params, props }) => {
      const intro = (await readHome(props.lang))(section);
      if (!intro) return null;
      return {
        params,
        props: {
          lang: props.lang,
          intro: intro.value,
          variant: section === 'intro' ? ('v1' as const) : ('v2' as const),
        },
        cacheKey: cacheKeyOf({ id: 'shell', digest: await pageCacheKey(props.lang) }, intro.entry),
      };
    }),
  );
  return paths.filter((p) => p !== null);
}

/** /intro/ and /en/intro/. */
export const introPaths = () => introPathsOf('intro');

/** /intro/v2/ and /en/intro/v2/. */
export const introV2Paths = () => introPathsOf('introV2');
