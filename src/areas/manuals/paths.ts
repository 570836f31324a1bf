/** getStaticPaths of the manuals area's routes (src/pages/), one function per route. */
import { readManuals } from './collection';
import { detailPagePaths, languagePagePaths, listPagePaths } from '../../shell/page-paths';

export const manualsPaths = () =>
  languagePagePaths(async (lang) => {
    const { groups, highlights } = await readManuals(lang);
    return {
      props: { groups: groups.map((e) => e.data), highlights: highlights.map((e) => e.data) },
      shows: [groups, highlights],
    };
  });

export const manualPaths = () =>
  detailPagePaths(async (lang) =>
    (await readManuals(lang)).allManuals.map((entry) => ({
      params: { uuid: entry.data.uuid },
      props: { manual: entry.data },
      shows: [entry],
    })),
  );

export const manualGroupPaths = () =>
  listPagePaths(async (lang) => {
    const { groups, manualsOf } = await readManuals(lang);
    const options = groups.map((g) => ({ id: g.data.id, title: g.data.title }));
    const optionsSource = { id: 'manual-groups', digest: options.map((o) => `${o.id}=${o.title}`).join('|') };
    return groups.map(({ data: { id, title, description, manuals } }) => ({
      params: { id },
      entries: manualsOf(manuals),
      props: { group: { id, title, description }, groups: options },
      shows: [optionsSource, { id: `manual-group:${id}`, digest: description }],
    }));
  });

export const manualSearchPaths = () =>
  languagePagePaths(async (lang) => {
    const { groups } = await readManuals(lang);
    return { props: { groups: groups.map((e) => e.data) }, shows: [groups] };
  });
