/** getStaticPaths of the home-services area's routes (src/pages/), one function per route. */
import { LANGS, paramForLang } from '../../i18n';
import { pageCacheKey } from '../../shell/collection';
import { readHomeServices } from './collection';
import { detailPagePaths } from '../../shell/page-paths';

export async function homeServicesPaths() {
  return Promise.all(
    LANGS.map(async (lang) => {
      const services = await readHomeServices(lang);
      return {
        params: { lang: paramForLang(lang) },
        props: { lang, services: services.map((e) => e.data) },
        cacheKey: await pageCacheKey(lang, services),
      };
    }),
  );
}

export const homeServicePaths = () =>
  detailPagePaths(async (lang) =>
    (await readHomeServices(lang)).map((entry) => ({
      params: { id: entry.data.id },
      props: { service: entry.data },
      shows: [entry],
    })),
  );
