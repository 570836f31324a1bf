/**
 * Collapsible content (/collapse, /collapse/content/{id}, /collapse/manual/highlight) for
 * every collapse module the menus link to (src/shell/modules.ts). Records:
 *   collapse           `module-{moduleId}`: its title and groups of items (type 'module')
 *                      `content-{moduleId}-{id}`: one item's detail (type 'content')
 *   collapseHighlights one per language: the highlighted manuals shown beside the groups
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { apiCollection } from '../../collections/api-collection';
import { storedRecords } from '../../collections/area-collection';
import { compareIds, discoverModules, ofLang, type Narrow } from '../../shell/modules';
import {
  getCollapse,
  getCollapseContent,
  getCollapseManualHighlights,
  type CollapseContent,
  type CollapseModule,
} from './api';
import type { Manual } from '../manuals/api';
import type { Lang } from '../../i18n/config';

export type CollapseModuleRecord = { moduleId: string; title: string; groups: CollapseModule['groups'] };
export type CollapseContentRecord = { moduleId: string } & CollapseContent;
/** Module and detail records share one collection, so /collapse is read once per module. */
type CollapseRecord = ({ type: 'module' } & CollapseModuleRecord) | ({ type: 'content' } & CollapseContentRecord);

export type CollapseHighlight = Pick<Manual, 'uuid' | 'title' | 'summary' | 'updatedAt'> & { groupTitle: string };

export const collections = {
  collapse: apiCollection({
    endpoint: '/collapse',
    schema: storedRecords<CollapseRecord>('type'),
    fetch: async (ctx) => {
      const modules = await discoverModules(ctx, 'collapse');
      const loaded = await ctx.all(
        modules,
        (m) => `/collapse?module_id=${m.id}`,
        (m) => getCollapse(m.id, ctx.lang),
      );
      const items = loaded.flatMap((c) =>
        c.groups.flatMap((g) => g.items.map((i) => ({ moduleId: c.module.id, id: i.id }))),
      );
      const details = await ctx.all(
        items,
        (i) => `/collapse/content/${i.id}?module_id=${i.moduleId}`,
        async (i) => ({ moduleId: i.moduleId, ...(await getCollapseContent(i.id, i.moduleId, ctx.lang)) }),
      );
      return [
        ...loaded.map((c) => ({
          key: `module-${c.module.id}`,
          data: { type: 'module' as const, moduleId: c.module.id, title: c.module.title, groups: c.groups },
        })),
        ...details.map((d) => ({ key: `content-${d.moduleId}-${d.id}`, data: { type: 'content' as const, ...d } })),
      ];
    },
  }),
  collapseHighlights: apiCollection({
    endpoint: '/collapse/manual/highlight',
    schema: storedRecords<{ items: CollapseHighlight[] }>(null),
    fetch: async (ctx) => {
      const manuals = await ctx.call('/collapse/manual/highlight', () => getCollapseManualHighlights(ctx.lang));
      const items = manuals.map((m) => ({
        uuid: m.uuid,
        title: m.title,
        summary: m.summary,
        groupTitle: m.group.title,
        updatedAt: m.updatedAt,
      }));
      return [{ key: 'main', data: { items } }];
    },
  }),
};

type CollapseEntry = CollectionEntry<'collapse'>;
export type CollapseModuleEntry = Narrow<CollapseEntry, 'module'>;
export type CollapseContentEntry = Narrow<CollapseEntry, 'content'>;

export async function getCollapseModuleEntries(lang: Lang): Promise<CollapseModuleEntry[]> {
  return ofLang(await getCollection('collapse'), lang)
    .filter((e): e is CollapseModuleEntry => e.data.type === 'module')
    .sort((a, b) => compareIds(a.data.moduleId, b.data.moduleId));
}

export async function getCollapseContentEntries(lang: Lang): Promise<CollapseContentEntry[]> {
  return ofLang(await getCollection('collapse'), lang).filter(
    (e): e is CollapseContentEntry => e.data.type === 'content',
  );
}

export function getCollapseHighlights(lang: Lang) {
  return getEntry('collapseHighlights', `${lang}/main`);
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
