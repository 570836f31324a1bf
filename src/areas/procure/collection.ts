/**
 * Procurement groups and their documents (spec point 7 "Other": /procure/*) as one
 * collection, `procure`, per language:
 *   group:{id}        a group: its title, the keys of its first page (procure_list, shown on
 *                     /procure/) and the keys of all its items in order (/procure/content)
 *   item:{id}         one document entry with its attachments
 *   order             group keys in the API's order (/procure/group)
 */
import { z } from 'zod';
import { apiCollection } from '../../collections/api-collection';
import {
  attachmentShape,
  fetchGroupLists,
  groupKey,
  ofKind,
  orderKeys,
  orderRecord,
  orderShape,
  pick,
  readArea,
  uniqueBy,
} from '../../collections/area-records';
import { getProcureContent, getProcureGroups, replaceProcureList } from './api';
import { PAGE_SIZE } from '../../ui/list-filter/types';
import type { Lang } from '../../i18n/config';

const itemShape = z.object({
  kind: z.literal('item'),
  id: z.string().min(1),
  title: z.string().min(1),
  publishedAt: z.string(),
  attachments: z.array(attachmentShape),
});

const groupShape = z.object({
  kind: z.literal('group'),
  id: z.string().min(1),
  title: z.string().min(1),
  firstPage: z.array(z.string()),
  all: z.array(z.string()),
});

const procureRecordSchema = z.discriminatedUnion('kind', [itemShape, groupShape, orderShape]);
export type ProcureRecord = z.output<typeof procureRecordSchema>;
export type StoredProcureItem = z.output<typeof itemShape>;
export type StoredProcureGroup = z.output<typeof groupShape>;

const itemKey = (id: string) => `item:${id}`;

export const procureCollections = {
  procure: apiCollection({
    endpoint: '/procure/group',
    schema: procureRecordSchema,
    fetch: async (ctx) => {
      const { lang } = ctx;
      const groups = await ctx.call('/procure/group', () => getProcureGroups(lang));
      const contents = await fetchGroupLists(
        ctx,
        groups,
        (g) => `/procure/content?group_id=${g.id}`,
        (g, page, limit) => getProcureContent({ group_id: g.id, page, limit }, lang),
      );
      // Spec point 4: a group's procure_list is replaced by its paged content only when that page
      // returned items; a group whose /procure/content came back empty keeps the list it came with.
      const shown = groups.reduce(
        (list, g, i) => replaceProcureList(list, g.id, contents[i]!.slice(0, PAGE_SIZE)),
        groups,
      );
      // The first page shown on /procure/ and the full lists overlap: one record per item.
      const items = uniqueBy([...shown.flatMap((g) => g.procureList), ...contents.flat()], (item) => item.id);
      return [
        orderRecord(groups.map((g) => groupKey(g.id))),
        ...shown.map((g, i) => ({
          key: groupKey(g.id),
          data: {
            kind: 'group' as const,
            id: g.id,
            title: g.title,
            firstPage: g.procureList.map((p) => itemKey(p.id)),
            all: (contents[i]!.length > 0 ? contents[i]! : g.procureList).map((p) => itemKey(p.id)),
          },
        })),
        ...items.map((p) => ({ key: itemKey(p.id), data: { kind: 'item' as const, ...p } })),
      ];
    },
  }),
};

export async function readProcure(lang: Lang) {
  const byKey = await readArea<ProcureRecord>('procure', lang);
  const groups = ofKind(pick(byKey, orderKeys(byKey)), 'group');
  return {
    groups,
    itemsOf: (keys: readonly string[]) => ofKind(pick(byKey, keys), 'item'),
  };
}
