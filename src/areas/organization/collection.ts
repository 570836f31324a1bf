/**
 * Organisation charts (/organization, /organization/staff/{id}) for every organisation
 * module the menus link to (src/shell/modules.ts). One collection, two record types:
 *   `module-{moduleId}`       the chart: divisions (with parent) and their staff cards
 *   `staff-{moduleId}-{id}`   one staff member's detail page
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { apiCollection } from '../../collections/api-collection';
import { storedRecords } from '../../collections/area-collection';
import { compareIds, discoverModules, ofLang, type Narrow } from '../../shell/modules';
import { getOrganization, getStaff, type Organization, type StaffDetail } from './api';
import type { Lang } from '../../i18n/config';

type OrgRecord =
  | { type: 'module'; moduleId: string; title: string; divisions: Organization['divisions'] }
  | ({ type: 'staff'; moduleId: string } & StaffDetail);

export type OrgModuleEntry = Narrow<CollectionEntry<'organization'>, 'module'>;
export type OrgStaffEntry = Narrow<CollectionEntry<'organization'>, 'staff'>;
export type OrgDivisionRecord = OrgModuleEntry['data']['divisions'][number];
export type OrgStaffSummary = OrgDivisionRecord['staff'][number];

export const collections = {
  organization: apiCollection({
    endpoint: '/organization',
    schema: storedRecords<OrgRecord>('type'),
    fetch: async (ctx) => {
      const modules = await discoverModules(ctx, 'organization');
      const charts = await ctx.all(
        modules,
        (m) => `/organization?module_id=${m.id}`,
        (m) => getOrganization(m.id, ctx.lang),
      );
      const people = charts.flatMap((c) =>
        c.divisions.flatMap((d) => d.staff.map((s) => ({ moduleId: c.module.id, id: s.id }))),
      );
      // One person may sit in two divisions of a chart: read each detail once.
      const unique = [...new Map(people.map((p) => [`${p.moduleId}-${p.id}`, p])).values()];
      const details = await ctx.all(
        unique,
        (p) => `/organization/staff/${p.id}?module_id=${p.moduleId}`,
        async (p) => ({ moduleId: p.moduleId, ...(await getStaff(p.id, p.moduleId, ctx.lang)) }),
      );
      return [
        ...charts.map((c) => ({
          key: `module-${c.module.id}`,
          data: { type: 'module' as const, moduleId: c.module.id, title: c.module.title, divisions: c.divisions },
        })),
        ...details.map((d) => ({ key: `staff-${d.moduleId}-${d.id}`, data: { type: 'staff' as const, ...d } })),
      ];
    },
  }),
};

export async function getOrgModuleEntries(lang: Lang): Promise<OrgModuleEntry[]> {
  return ofLang(await getCollection('organization'), lang)
    .filter((e): e is OrgModuleEntry => e.data.type === 'module')
    .sort((a, b) => compareIds(a.data.moduleId, b.data.moduleId));
}

export async function getOrgStaffEntries(lang: Lang): Promise<OrgStaffEntry[]> {
  return ofLang(await getCollection('organization'), lang).filter((e): e is OrgStaffEntry => e.data.type === 'staff');
}

export interface DivisionNode {
  division: OrgDivisionRecord;
  children: DivisionNode[];
}

/**
 * The divisions as a tree, in the API's order. A division whose parent is missing (or
 * that would close a loop) is shown at the top level rather than dropped.
 */
export function divisionTree(divisions: readonly OrgDivisionRecord[]): DivisionNode[] {
  const ids = new Set(divisions.map((d) => d.id));
  const nodes = new Map(divisions.map((d) => [d.id, { division: d, children: [] as DivisionNode[] }]));
  const roots: DivisionNode[] = [];
  const attached = new Set<string>();
  const reachesSelf = (d: OrgDivisionRecord): boolean => {
    const seen = new Set([d.id]);
    for (let p = d.parentId; p && ids.has(p); p = nodes.get(p)!.division.parentId) {
      if (seen.has(p)) return true;
      seen.add(p);
    }
    return false;
  };
  for (const d of divisions) {
    const node = nodes.get(d.id)!;
    if (attached.has(d.id)) continue; // duplicate id: the first one wins
    attached.add(d.id);
    if (d.parentId && ids.has(d.parentId) && d.parentId !== d.id && !reachesSelf(d))
      nodes.get(d.parentId)!.children.push(node);
    else roots.push(node);
  }
  return roots;
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
