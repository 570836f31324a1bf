/** getStaticPaths of the search area's routes (src/pages/), one function per route. */
import { langStaticPaths } from '../../i18n';
import { pageCacheKey } from '../../shell/collection';

export async function searchPaths() {
  return Promise.all(
    langStaticPaths().map(async (entry) => ({ ...entry, cacheKey: await pageCacheKey(entry.props.lang) })),
  );
}
