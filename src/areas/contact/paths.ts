/** getStaticPaths of the contact area's routes (src/pages/), one function per route. */
import { readContact } from './collection';
import { detailPagePaths, languagePagePaths } from '../../shell/page-paths';

export const contactPaths = () =>
  languagePagePaths(async (lang) => {
    const { departments, covers } = await readContact(lang);
    return {
      props: { departments: departments.map((e) => e.data), covers: covers?.data.items ?? [] },
      shows: [departments, covers],
    };
  });

export const departmentPaths = () =>
  detailPagePaths(async (lang) =>
    (await readContact(lang)).departments.map((entry) => ({
      params: { id: entry.data.id },
      props: { department: entry.data },
      shows: [entry],
    })),
  );

export const divisionsPaths = () =>
  languagePagePaths(async (lang) => {
    const { divisions, departments } = await readContact(lang);
    return {
      props: {
        divisions: divisions?.data,
        departments: departments.map((e) => ({ id: e.data.id, name: e.data.name })),
      },
      shows: [divisions, departments],
    };
  });

export const provincesPaths = () =>
  languagePagePaths(async (lang) => {
    const { provinces } = await readContact(lang);
    return { props: { provinces: provinces?.data }, shows: [provinces] };
  });
