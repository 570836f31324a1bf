/**
 * getStaticPaths for the two intro pages (/intro/ from GET /home/intropage and /intro/v2/
 * from GET /home/intropage-v2): one entry per language that has the intro, with a
 * cacheKey of the shell plus that intro record.
 */
import { langStaticPaths } from '../../i18n';
import { cacheKeyOf } from '../../collections/api-collection';
import { pageCacheKey } from '../../shell/collection';
import { readHome } from './collection';

export async function introStaticPaths(section: 'intro' | 'introV2') {
  const paths = await Promise.all(
    langStaticPaths().map(async ({ params, props }) => {
      const intro = (await readHome(props.lang))(section);
      if (!intro) return null;
      return {
        params,
        props: { lang: props.lang, intro: intro.value },
        cacheKey: cacheKeyOf({ id: 'shell', digest: await pageCacheKey(props.lang) }, intro.entry),
      };
    }),
  );
  return paths.filter((p) => p !== null);
}
