/**
 * Module ids of the module-based areas (collapsible content, organisation charts, common
 * articles) are not listed by any endpoint: the menus link to them (docs/api-contract.md,
 * "Module ids … appear in the menus as paths /collapse/{moduleId}/ …"). Reading them from
 * the menus at build time means a module the editors add to a menu gets its pages on the
 * next rebuild, without a code change.
 */
import { getMenu, getNewMenu, type MenuItem } from './navigation-api';
import type { AreaContext } from '../collections/api-collection';
import type { Lang } from '../i18n/config';

export type ModuleKind = 'collapse' | 'organization' | 'common-article';

export interface ModuleRef {
  kind: ModuleKind;
  /** The id in the menu path: '1' in '/collapse/1/'. */
  id: string;
  /** The title of the first menu entry that links to it (common-article answers carry none). */
  title: string;
}

// '/collapse/1/', '/en/organization/2', 'https://host/common-article/3/?x' are all module links.
const MODULE_PATH =
  /^(?:https?:\/\/[^/]+)?(?:\/en)?\/(collapse|organization|common-article)\/([A-Za-z0-9_-]+)\/?(?:[?#].*)?$/;

/** The module a menu path points at, or null for any other path. */
function moduleOfPath(path: string): { kind: ModuleKind; id: string } | null {
  const match = MODULE_PATH.exec(path.trim());
  return match ? { kind: match[1] as ModuleKind, id: match[2]! } : null;
}

/** Every module the menus link to, once each, in menu order (depth first). */
function findModules(menus: readonly (readonly MenuItem[])[]): ModuleRef[] {
  const found = new Map<string, ModuleRef>();
  const visit = (items: readonly MenuItem[]) => {
    for (const item of items) {
      const module = moduleOfPath(item.path);
      if (module && !found.has(`${module.kind}/${module.id}`)) {
        found.set(`${module.kind}/${module.id}`, { ...module, title: item.title });
      }
      visit(item.children);
    }
  };
  menus.forEach(visit);
  return [...found.values()];
}

/**
 * The modules of one kind that the menus of `ctx.lang` link to. Each area asks for the menus
 * itself (two small calls), so the menus are among the GETs its sync revalidates: a module
 * added to a menu reads the area again.
 */
export async function discoverModules(ctx: AreaContext, kind: ModuleKind): Promise<ModuleRef[]> {
  const menus = await Promise.all([
    ctx.call('/menu', () => getMenu(ctx.lang)),
    ctx.call('/new-menu', () => getNewMenu(ctx.lang)),
  ]);
  return findModules(menus).filter((m) => m.kind === kind);
}

/** Numeric ids in number order, others after them in text order: the API's own order. */
export function compareIds(a: string, b: string): number {
  const na = /^\d+$/.test(a) ? Number(a) : NaN;
  const nb = /^\d+$/.test(b) ? Number(b) : NaN;
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  if (!Number.isNaN(na)) return -1;
  if (!Number.isNaN(nb)) return 1;
  return a.localeCompare(b);
}

/** Entries of one language from a getCollection() result, by the `${lang}/` id prefix. */
export function ofLang<E extends { id: string }>(entries: readonly E[], lang: Lang): E[] {
  return entries.filter((e) => e.id.startsWith(`${lang}/`));
}

/** A collection entry whose data is one member (`type`) of a discriminated union. */
export type Narrow<E, T extends string> = E extends { data: infer D }
  ? Omit<E, 'data'> & { data: Extract<D, { type: T }> }
  : never;
