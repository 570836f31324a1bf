/**
 * Service manuals (spec point 7 "Manual") as one grouped collection, `manuals`, per language
 * (src/collections/area-collection.ts):
 *   order             group keys in the API's order (/manual/groups, page 1, limit 9999)
 *   group:{id}        a group: slug, title, description and its manual keys in order
 *                     (/manual/group/{id}, every page)
 *   manual:{uuid}     one manual with body and attachments (/manual/view/{uuid})
 * Highlights are the manuals the API flags with `highlight`.
 */
import { groupedArea, readGroupedArea, type OrderRecord, type Stored } from '../../collections/area-collection';
import { fetchGroupLists } from '../../collections/area-records';
import { getManual, getManualGroups, getManualsOfGroup, type ManualDetail, type ManualGroup } from './api';
import type { Lang } from '../../i18n/config';

export type StoredManual = Stored<'manual', ManualDetail>;
export type StoredManualGroup = Stored<'group', Omit<ManualGroup, 'count'> & { manuals: string[] }>;
type ManualRecord = StoredManual | StoredManualGroup | OrderRecord;

export const collections = {
  manuals: groupedArea({
    endpoint: '/manual/groups',
    groups: async (ctx) => {
      const groups = await ctx.call('/manual/groups', () => getManualGroups(ctx.lang));
      const lists = await fetchGroupLists(
        ctx,
        groups,
        (g) => `/manual/group/${g.id}`,
        (g, page, limit) => getManualsOfGroup(g.id, { page, limit }, ctx.lang),
      );
      return groups.map((group, i) => ({ group, items: lists[i]! }));
    },
    groupKey: (g) => g.id,
    group: ({ id, slug, title, description }, manuals) => ({ id, slug, title, description, manuals }),
    // A manual can be listed in several groups; it has one detail page.
    kind: 'manual',
    key: (m) => m.uuid,
    detail: { endpoint: (uuid) => `/manual/view/${uuid}`, load: getManual },
  }),
};

export async function readManuals(lang: Lang) {
  const { groups, itemsOf, all } = await readGroupedArea<ManualRecord, 'manual'>('manuals', lang, 'manual');
  return {
    groups,
    manualsOf: itemsOf,
    allManuals: all,
    /** Highlighted manuals, in group order then list order. */
    highlights: groups.flatMap((g) => itemsOf(g.data.manuals)).filter((m) => m.data.highlight),
  };
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
