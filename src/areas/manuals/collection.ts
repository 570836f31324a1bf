/**
 * Service manuals (spec point 7 "Manual") as one collection, `manuals`, per language:
 *   order             group keys in the API's order (/manual/groups, page 1, limit 9999)
 *   group:{id}        a group: slug, title, description and its manual keys in order
 *                     (/manual/group/{id}, every page)
 *   manual:{uuid}     one manual with body and attachments (/manual/view/{uuid})
 * Highlights are the manuals the API flags with `highlight`.
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
  refShape,
  uniqueBy,
} from '../../collections/area-records';
import { getManual, getManualGroups, getManualsOfGroup } from './api';
import type { Lang } from '../../i18n/config';

const manualShape = z.object({
  kind: z.literal('manual'),
  uuid: z.string().min(1),
  title: z.string().min(1),
  summary: z.string(),
  group: refShape,
  updatedAt: z.string(),
  highlight: z.boolean(),
  bodyHtml: z.string(),
  attachments: z.array(attachmentShape),
});

const groupShape = z.object({
  kind: z.literal('group'),
  id: z.string().min(1),
  slug: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
  manuals: z.array(z.string()),
});

const manualRecordSchema = z.discriminatedUnion('kind', [manualShape, groupShape, orderShape]);
export type ManualRecord = z.output<typeof manualRecordSchema>;
export type StoredManual = z.output<typeof manualShape>;
export type StoredManualGroup = z.output<typeof groupShape>;

const manualKey = (uuid: string) => `manual:${uuid}`;

export const manualsCollections = {
  manuals: apiCollection({
    endpoint: '/manual/groups',
    schema: manualRecordSchema,
    fetch: async (ctx) => {
      const { lang } = ctx;
      const groups = await ctx.call('/manual/groups', () => getManualGroups(lang));
      const lists = await fetchGroupLists(
        ctx,
        groups,
        (g) => `/manual/group/${g.id}`,
        (g, page, limit) => getManualsOfGroup(g.id, { page, limit }, lang),
      );
      // A manual can be listed in several groups; it has one detail page.
      const summaries = uniqueBy(lists.flat(), (m) => m.uuid);
      const manuals = await ctx.all(
        summaries,
        (m) => `/manual/view/${m.uuid}`,
        (m) => getManual(m.uuid, lang),
      );
      return [
        orderRecord(groups.map((g) => groupKey(g.id))),
        ...groups.map((g, i) => ({
          key: groupKey(g.id),
          data: {
            kind: 'group' as const,
            id: g.id,
            slug: g.slug,
            title: g.title,
            description: g.description,
            manuals: lists[i]!.map((m) => manualKey(m.uuid)),
          },
        })),
        ...manuals.map((m) => ({ key: manualKey(m.uuid), data: { kind: 'manual' as const, ...m } })),
      ];
    },
  }),
};

export async function readManuals(lang: Lang) {
  const byKey = await readArea<ManualRecord>('manuals', lang);
  const groups = ofKind(pick(byKey, orderKeys(byKey)), 'group');
  const manualsOf = (keys: readonly string[]) => ofKind(pick(byKey, keys), 'manual');
  const allManuals = ofKind([...byKey.values()], 'manual');
  return {
    groups,
    manualsOf,
    allManuals,
    /** Highlighted manuals, in group order then list order. */
    highlights: groups.flatMap((g) => manualsOf(g.data.manuals)).filter((m) => m.data.highlight),
  };
}
