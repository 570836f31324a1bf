/**
 * The region and province filter of a department's article list (GET
 * /content/category/{department}/{slug} takes region and province): its options are the
 * regions and provincial offices of GET /contact/province, from the contact area's record.
 * A department list page's cacheKey includes that record, so a changed province re-renders it.
 */
import type { Lang } from '../../i18n/config';
import { cacheKeyOf } from '../../collections/api-collection';
import { readContact } from '../contact/collection';

export interface DepartmentPlaces {
  regions: { id: string; title: string }[];
  provinces: { id: string; title: string; regionId: string }[];
}

/** Adds the places to each department list path and to its cacheKey. */
export async function withDepartmentPlaces<P extends { props: { lang: Lang }; cacheKey: string }>(
  paths: P[],
): Promise<Array<P & { props: P['props'] & { places?: DepartmentPlaces } }>> {
  const byLang = new Map<Lang, Awaited<ReturnType<typeof readContact>>['provinces']>();
  for (const lang of new Set(paths.map((p) => p.props.lang))) byLang.set(lang, (await readContact(lang)).provinces);
  return paths.map((p) => {
    const entry = byLang.get(p.props.lang);
    const places = entry && {
      regions: entry.data.regions.map((r) => ({ id: r.id, title: r.title })),
      provinces: entry.data.items.map((i) => ({ id: i.id, title: i.province, regionId: i.region.id })),
    };
    return { ...p, props: { ...p.props, places }, cacheKey: cacheKeyOf({ id: 'list', digest: p.cacheKey }, entry) };
  });
}
