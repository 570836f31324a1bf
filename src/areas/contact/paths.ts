/** getStaticPaths of the contact area's routes (src/pages/), one function per route. */
import { LANGS, paramForLang } from '../../i18n';
import { pageCacheKey } from '../../shell/collection';
import { readContact } from './collection';
import { detailPagePaths } from '../../shell/page-paths';

export async function contactPaths() {
  return Promise.all(
    LANGS.map(async (lang) => {
      const { departments, covers } = await readContact(lang);
      return {
        params: { lang: paramForLang(lang) },
        props: { lang, departments: departments.map((e) => e.data), covers: covers?.data.items ?? [] },
        cacheKey: await pageCacheKey(lang, departments, covers),
      };
    }),
  );
}

export const departmentPaths = () =>
  detailPagePaths(async (lang) =>
    (await readContact(lang)).departments.map((entry) => ({
      params: { id: entry.data.id },
      props: { department: entry.data },
      shows: [entry],
    })),
  );

export async function divisionsPaths() {
  return Promise.all(
    LANGS.map(async (lang) => {
      const { divisions, departments } = await readContact(lang);
      return {
        params: { lang: paramForLang(lang) },
        props: {
          lang,
          divisions: divisions?.data,
          departments: departments.map((e) => ({ id: e.data.id, name: e.data.name })),
        },
        cacheKey: await pageCacheKey(lang, divisions, departments),
      };
    }),
  );
}

export async function provincesPaths() {
  return Promise.all(
    LANGS.map(async (lang) => {
      const { provinces } = await readContact(lang);
      return {
        params: { lang: paramForLang(lang) },
        props: { lang, provinces: provinces?.data },
        cacheKey: await pageCacheKey(lang, provinces),
      };
    }),
  );
}
