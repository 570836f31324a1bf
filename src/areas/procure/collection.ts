/**
 * Procurement groups and their documents (spec point 7 "Other": /procure/*) as one grouped
 * collection, `procure`, per language (src/collections/area-collection.ts):
 *   order             group keys in the API's order (/procure/group)
 *   group:{id}        a group: its title, the keys of its first page (procure_list, shown on
 *                     /procure/) and the keys of all its items in order (/procure/content)
 *   item:{id}         one document entry with its attachments
 */
import { groupedArea, readGroupedArea, type OrderRecord, type Stored } from '../../collections/area-collection';
import { fetchGroupLists } from '../../collections/area-records';
import { getProcureContent, getProcureGroups, replaceProcureList, type ProcureItem } from './api';
import { PAGE_SIZE } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';

export type StoredProcureItem = Stored<'item', ProcureItem>;
export type StoredProcureGroup = Stored<'group', { id: string; title: string; firstPage: string[]; all: string[] }>;
type ProcureRecord = StoredProcureItem | StoredProcureGroup | OrderRecord;

export const collections = {
  procure: groupedArea({
    endpoint: '/procure/group',
    groups: async (ctx) => {
      const groups = await ctx.call('/procure/group', () => getProcureGroups(ctx.lang));
      const contents = await fetchGroupLists(
        ctx,
        groups,
        (g) => `/procure/content?group_id=${g.id}`,
        (g, page, limit) => getProcureContent({ group_id: g.id, page, limit }, ctx.lang),
      );
      // Spec point 4: a group's procure_list is replaced by its paged content only when that page
      // returned items; a group whose /procure/content came back empty keeps the list it came with
      // (then its first page is all it has).
      const shown = groups.reduce(
        (list, g, i) => replaceProcureList(list, g.id, contents[i]!.slice(0, PAGE_SIZE)),
        groups,
      );
      return shown.map((group, i) => ({ group, items: contents[i]!.length > 0 ? contents[i]! : group.procureList }));
    },
    groupKey: (g) => g.id,
    group: ({ id, title, procureList }, all, keyOf) => ({ id, title, firstPage: procureList.map(keyOf), all }),
    kind: 'item',
    key: (p) => p.id,
  }),
};

export async function readProcure(lang: Lang) {
  const { groups, itemsOf } = await readGroupedArea<ProcureRecord, 'item'>('procure', lang, 'item');
  return { groups, itemsOf };
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
