/**
 * The island's props for a list filter, from the kind's declaration (its area's manifest,
 * src/areas/<area>/manifest.ts) and the page's options. The page gives them to its kind's island
 * entry (`<Kind>Filter.tsx`, in the area) inside Filterable.astro's `island` slot:
 *
 *   const filter = listFilterProps(manifest.filter, lang, { categories });
 *   <Filterable filter={filter}>
 *     <LawsFilter slot="island" client:interaction={manifest.filter.params} {...filter} />
 *     …the static list…
 *   </Filterable>
 *
 * Only the translations the island and the kind's item component read go into the page.
 */
import { resourcesFor } from '../../i18n';
import type { Namespace } from '../../i18n/config';
import type { Lang } from '../../i18n/config';
import type { ListFilterProps } from './ListFilterIsland';
import type { ListFilterSpec } from './types';

interface Option {
  id: string;
  title: string;
}

export interface ListFilterOptions {
  /** Categories/groups the filter offers (law categories, FAQ groups, purchase groups …). */
  categories?: readonly Option[];
  /** Sub-categories, offered for the chosen category (laws). */
  subCategories?: readonly (Option & { categoryId: string })[];
  /** Regions, for provinces and a department's articles. */
  regions?: readonly Option[];
  /** Provinces with their region, for a department's articles. */
  provinces?: readonly (Option & { regionId: string })[];
  /** Fixed filters of this page (e.g. the category of a category page): a fixed category hides its select. */
  fixed?: Record<string, string>;
}

/** The `common` translations every list filter reads. */
const FILTER_KEYS = ['filters', 'listFilter', 'errors', 'pagination', 'content', 'dates', 'status'];

const pick = (tree: unknown, keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, (tree as Record<string, unknown>)[k]]));

/** The id of the element that holds a kind's static list: unique per instance on the page, stable across builds. */
export const staticIdOf = (kind: string) => `filterable-${kind}-static`;

/** The props of a kind's filter island, with the page's `kind` (for Filterable.astro). */
export function listFilterProps(
  spec: ListFilterSpec,
  lang: Lang,
  { categories = [], subCategories = [], regions = [], provinces = [], fixed = {} }: ListFilterOptions = {},
): ListFilterProps & { kind: string } {
  const namespaces = { common: [...FILTER_KEYS, ...(spec.keys ?? [])], ...spec.namespaces };
  const loaded = resourcesFor(lang, Object.keys(namespaces) as Namespace[]);
  const resources = Object.fromEntries(
    Object.entries(namespaces).map(([ns, keys]) => [ns, pick(loaded[ns as keyof typeof loaded], keys)]),
  ) as ListFilterProps['resources'];
  return {
    kind: spec.kind,
    lang,
    resources,
    look: { categoryLabel: spec.categoryLabel, grid: spec.grid, sort: spec.sort },
    categories: categories.map(({ id, title }) => ({ id, title })),
    subCategories: subCategories.map(({ id, title, categoryId }) => ({ id, title, categoryId })),
    regions: regions.map(({ id, title }) => ({ id, title })),
    provinces: provinces.map(({ id, title, regionId }) => ({ id, title, regionId })),
    fixed,
    staticId: staticIdOf(spec.kind),
  };
}
