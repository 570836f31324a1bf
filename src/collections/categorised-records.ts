/**
 * The records that articles and activities both keep beside their items, because both API
 * areas are organised the same way: a category dropdown, and one list per
 * (department, category) pair (`/content/category/{dept}/{cat}`, `/activity/category/{dept}/{cat}`).
 *
 *   category:{key}             a category of the dropdown, even an empty one
 *   department:{dept}/{cat}    the item keys of one department's category, for every pair that has items
 *
 * Only what really differs stays in ./articles and ./activities: the item shapes, the
 * endpoints, and which field names a category (articles: slug, activities: id).
 */
import { fetchAllPages, pick, type AreaEntry } from './area-records';
import type { AreaContext } from './api-collection';
import type { Stored } from './area-collection';
import type { Paged } from '../api/boundary';
import type { Category, Department } from '../api/shared';

type CategoryRecord = Stored<'category', { category: Category }>;
type DepartmentList = Stored<'department', { department: Department; category: Category; keys: string[] }>;

/** The category and department records an area keeps beside its items. */
export type CategorisedRecord = CategoryRecord | DepartmentList;

/** How one area reaches a department's category list. */
export interface DepartmentListSource<T> {
  /** The endpoint of one pair, for the build's request log and limiter. */
  endpoint: (department: string, category: string) => string;
  load: (department: string, category: string, page: number, limit: number) => Promise<Paged<T>>;
  /** The record key of one listed item. */
  key: (item: T) => string;
}

/**
 * Every (department, category) pair with at least one item, with its item keys in API order.
 * The API has no department list: the departments are those the items name.
 */
export async function fetchDepartmentLists<T>(
  ctx: AreaContext,
  list: readonly { department: Department | null; category: Category; slug: string; id: string }[],
  categories: readonly Category[],
  source: DepartmentListSource<T>,
) {
  const departments = new Map<string, Department>();
  for (const a of list)
    if (a.department && !departments.has(a.department.slug)) departments.set(a.department.slug, a.department);
  const pairs = [...departments.values()].flatMap((department) =>
    categories.map((category) => ({ department, category })),
  );
  // Where each item of the main list may land, by its slug and by its id (a slug may be another's
  // id): every department's list of its category. Not only its own department's: a department
  // that is a source (the agency's own news, the ministry's) lists records of every office, and
  // no list item says which source it is of.
  const categoriesOf = new Map<string, Set<string>>();
  for (const a of list)
    for (const k of [a.slug, a.id]) categoriesOf.set(k, (categoriesOf.get(k) ?? new Set()).add(a.category.slug));
  const lists = await Promise.all(
    pairs.map(async ({ department, category }) => {
      const endpoint = source.endpoint(department.slug, category.slug);
      // The publisher keeps a pair's list when no record it re-reads was in it or may land in it now.
      const items = await ctx.kept(
        endpoint,
        () => fetchAllPages(ctx, endpoint, (page, limit) => source.load(department.slug, category.slug, page, limit)),
        (key) => categoriesOf.get(key)?.has(category.slug) === true,
      );
      return { department, category, keys: items.map(source.key) };
    }),
  );
  return lists.filter((l) => l.keys.length > 0);
}

/** The category and department records of an area, as the loader stores them. */
export function categorisedRecords(
  categories: readonly Category[],
  categoryKey: (c: Category) => string,
  departments: readonly Omit<DepartmentList, 'kind'>[],
) {
  return [
    ...categories.map((category) => ({
      key: `category:${categoryKey(category)}`,
      data: { kind: 'category' as const, category },
    })),
    ...departments.map((d) => ({
      key: `department:${d.department.slug}/${d.category.slug}`,
      data: { kind: 'department' as const, ...d },
    })),
  ];
}

/** A department's category list with its items resolved, in API order. */
export interface DepartmentEntries<E> {
  department: Department;
  category: Category;
  entries: E[];
}

/** The categories and department lists of an area read from the store. */
export function readCategorised<R extends { kind: string }, E extends AreaEntry<R>>(
  byKey: ReadonlyMap<string, AreaEntry<R>>,
  isItem: (e: AreaEntry<R>) => e is E,
): { categories: Category[]; departments: DepartmentEntries<E>[] } {
  const categories: Category[] = [];
  const departments: DepartmentEntries<E>[] = [];
  // The item records are the area's own; only the two record kinds written above are read here.
  for (const { data } of byKey.values()) {
    const record = data as { kind: string };
    if (record.kind === 'category') categories.push((record as CategoryRecord).category);
    if (record.kind === 'department') {
      const { department, category, keys } = record as DepartmentList;
      departments.push({ department, category, entries: pick(byKey, keys).filter(isItem) });
    }
  }
  return { categories, departments };
}
