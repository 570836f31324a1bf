/** getStaticPaths of the procure area's routes (src/pages/), one function per route. */
import { readProcure } from './collection';
import { languagePagePaths, listPagePaths } from '../../shell/page-paths';

export const procurePaths = () =>
  languagePagePaths(async (lang) => {
    const { groups, itemsOf } = await readProcure(lang);
    const shown = groups.map((g) => ({ group: g, items: itemsOf(g.data.firstPage) }));
    return {
      props: { groups: shown.map(({ group, items }) => ({ group: group.data, items: items.map((e) => e.data) })) },
      shows: [shown.flatMap(({ group, items }) => [group, ...items])],
    };
  });

export const procureGroupPaths = () =>
  listPagePaths(async (lang) => {
    const { groups, itemsOf } = await readProcure(lang);
    return groups.map(({ data: { id, title, all } }) => ({
      params: { groupId: id },
      entries: itemsOf(all),
      props: { group: { id, title } },
      // The group's title is shown, not its item list: name the title, not the record.
      shows: [{ id: `procure-group:${id}`, digest: title }],
    }));
  });
