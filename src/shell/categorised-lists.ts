/**
 * The three list routes that articles and activities both have — everything, one category,
 * one department's category — as data: which entries each page shows, its title, trail,
 * page-1 path and the filters the live filter is fixed to. The page files only pick one
 * of these and render it with their area's list component.
 *
 * The two areas differ only in what their CategorisedArea says (ARTICLES in
 * src/areas/articles/lists.ts, ACTIVITIES in src/areas/activities/lists.ts): the API names an
 * article category by its slug and an activity category by its id (in URLs and in the live filter).
 */
import { getT, type Lang } from '../i18n';
import type { Category } from '../api/shared';
import type { AreaEntry } from '../collections/area-records';
import type { DepartmentEntries } from '../collections/categorised-records';
import { categoryNavSource, listPagePaths, type ListPageProps, type ListSpec } from './page-paths';
import { listFilterProps, type ListFilterOptions } from '../ui/list-filter/props';
import type { ListFilterSpec } from '../ui/list-filter/types';

export interface CategorisedArea<D extends { category: Category }> {
  /** The area's translation prefix (`articlesPage.*`). */
  kind: string;
  /** Its live filter (the area's manifest). */
  filter: ListFilterSpec;
  /** Language-neutral path of the whole list. */
  root: string;
  /** The category field that names a category in its URL and in the live filter. */
  categoryKey: (c: Category) => string;
  /** The live filter's fixed filter for one category's list. */
  categoryFilter: (c: Category) => Record<string, string>;
  read: (
    lang: Lang,
  ) => Promise<{ listed: AreaEntry<D>[]; categories: Category[]; departments: DepartmentEntries<AreaEntry<D>>[] }>;
}

/** What the area's list component needs besides the page's items. */
export interface CategorisedListFrame {
  title: string;
  lead?: string;
  /** Language-neutral path of page 1 ('/articles/category/export/'). */
  basePath: string;
  categories: Category[];
  /** Key of the category this list shows, if any (marked in the category links). */
  currentCategory?: string;
  /** Breadcrumbs between Home and this list. */
  trail?: { label: string; path?: string }[];
  /** Filters this list is fixed to (passed to the live filter). */
  fixed?: Record<string, string>;
}

export type CategorisedListProps<D> = ListPageProps<D, CategorisedListFrame>;

/** The live filter's props of a list (its area's `<Kind>Filter.tsx` takes them). */
export const categorisedFilterProps = (
  area: CategorisedArea<{ category: Category }>,
  lang: Lang,
  { categories, fixed, places }: CategorisedListFrame & { places?: Pick<ListFilterOptions, 'regions' | 'provinces'> },
) =>
  listFilterProps(area.filter, lang, {
    categories: categories.map((c) => ({ id: area.categoryKey(c), title: c.title })),
    fixed,
    ...places,
  });

/** Language-neutral path of one category's list; `key` is the category's slug or id (see categoryKey). */
export const categoryPath = (area: { root: string }, key: string) => `${area.root}category/${key}/`;

function pathsOf<D extends { category: Category }>(
  area: CategorisedArea<D>,
  specs: (data: Awaited<ReturnType<CategorisedArea<D>['read']>>, lang: Lang) => ListSpec<D, CategorisedListFrame>[],
) {
  return listPagePaths(async (lang) => {
    const data = await area.read(lang);
    // Every page shows the category links, so a renamed category re-renders them all.
    const nav = categoryNavSource(data.categories.map((c) => ({ id: area.categoryKey(c), title: c.title })));
    return specs(data, lang).map((spec) => ({ ...spec, shows: [nav, ...(spec.shows ?? [])] }));
  });
}

/** /{root}/ (+ page/{n}/): every listed item. */
export const wholeListPaths = <D extends { category: Category }>(area: CategorisedArea<D>) =>
  pathsOf(area, ({ listed, categories }, lang) => {
    const t = getT(lang);
    return [
      {
        entries: listed,
        props: {
          title: t(`${area.kind}Page.title`),
          lead: t(`${area.kind}Page.lead`),
          basePath: area.root,
          categories,
        },
      },
    ];
  });

/** /{root}/category/{key}/ (+ page/{n}/) for every category of the dropdown; an empty one says so. */
export const categoryListPaths = <D extends { category: Category }>(area: CategorisedArea<D>, param: string) =>
  pathsOf(area, ({ listed, categories }, lang) =>
    categories.map((category) => ({
      params: { [param]: area.categoryKey(category) },
      entries: listed.filter((e) => area.categoryKey(e.data.category) === area.categoryKey(category)),
      props: {
        title: category.title,
        basePath: categoryPath(area, area.categoryKey(category)),
        categories,
        currentCategory: area.categoryKey(category),
        trail: [{ label: getT(lang)(`${area.kind}Page.title`), path: area.root }],
        fixed: area.categoryFilter(category),
      },
    })),
  );

/** /{root}/{department}/{category slug}/ (+ page/{n}/) for every pair that has items. */
export const departmentListPaths = <D extends { category: Category }>(area: CategorisedArea<D>) =>
  pathsOf(area, ({ departments, categories }, lang) => {
    const t = getT(lang);
    return departments.map(({ department, category, entries }) => ({
      params: { department: department.slug, slug: category.slug },
      entries,
      shows: [{ id: `department:${department.slug}`, digest: department.title }],
      props: {
        title: t(`${area.kind}Page.departmentTitle`, { category: category.title, department: department.title }),
        basePath: `${area.root}${department.slug}/${category.slug}/`,
        categories,
        trail: [
          { label: t(`${area.kind}Page.title`), path: area.root },
          { label: category.title, path: categoryPath(area, area.categoryKey(category)) },
        ],
        fixed: { department: department.slug, category: category.slug },
      },
    }));
  });
