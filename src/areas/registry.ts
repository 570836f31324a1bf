/**
 * The one list of the portal's areas: one line per area (its manifest, src/areas/<area>/manifest.ts).
 * What must know every area is derived from here (src/collections/area-manifest.ts says what);
 * adding an area is one folder and one line below (docs/architecture.md "Add an area").
 *
 * Data only, and importable by plain Node: the publisher reads its re-read plan from here.
 */
import type { AreaManifest } from '../collections/area-manifest.ts';
import shell from '../shell/manifest.ts';
import accessibility from './accessibility/manifest.ts';
import account from './account/manifest.ts';
import activities from './activities/manifest.ts';
import articles from './articles/manifest.ts';
import calendar from './calendar/manifest.ts';
import collapse from './collapse/manifest.ts';
import commonArticle from './common-article/manifest.ts';
import contact from './contact/manifest.ts';
import downloads from './downloads/manifest.ts';
import eMagazine from './e-magazine/manifest.ts';
import faq from './faq/manifest.ts';
import homeServices from './home-services/manifest.ts';
import home from './home/manifest.ts';
import laws from './laws/manifest.ts';
import manuals from './manuals/manifest.ts';
import multimedia from './multimedia/manifest.ts';
import news from './news/manifest.ts';
import onlineServices from './online-services/manifest.ts';
import organization from './organization/manifest.ts';
import procure from './procure/manifest.ts';
import procurement from './procurement/manifest.ts';
import search from './search/manifest.ts';
import services from './services/manifest.ts';
import sitemap from './sitemap/manifest.ts';
import surveys from './surveys/manifest.ts';
import webboard from './webboard/manifest.ts';

export const AREAS: readonly AreaManifest[] = [
  shell,
  accessibility,
  account,
  activities,
  articles,
  calendar,
  collapse,
  commonArticle,
  contact,
  downloads,
  eMagazine,
  faq,
  homeServices,
  home,
  laws,
  manuals,
  multimedia,
  news,
  onlineServices,
  organization,
  procure,
  procurement,
  search,
  services,
  sitemap,
  surveys,
  webboard,
];

/** The area that declares a collection, or undefined. @internal (tests/unit/areas.test.ts: every collection has an owner) */
export function ownerOf(collection: string, areas: readonly AreaManifest[] = AREAS): AreaManifest | undefined {
  return areas.find((a) => a.collections && Object.hasOwn(a.collections, collection));
}

/** Webhook type → the collections whose records it may change (the publisher re-reads them). */
export function collectionsOfType(areas: readonly AreaManifest[] = AREAS): Record<string, readonly string[]> {
  const out: Record<string, string[]> = {};
  for (const area of areas)
    for (const [collection, types] of Object.entries(area.collections ?? {}))
      for (const type of types) (out[type] ??= []).push(collection);
  return out;
}

/** Webhook type → the detail endpoint of one of its records, the record's key captured. */
export function detailEndpoints(areas: readonly AreaManifest[] = AREAS): Record<string, RegExp> {
  return Object.fromEntries(areas.flatMap((a) => Object.entries(a.details ?? {})));
}

/**
 * Webhook types whose edits place no record in any list the re-read keeps: each has no detail
 * endpoint, and every area other than its owner whose collections it makes stale declares it
 * `linkedBy` (the menus: the shell owns them, the articles area reads them for the article pages
 * they link to). The publisher's re-read of such an edit keeps the other areas' lists
 * (scripts/publisher/content-store.ts `#listedOnly`).
 */
export function linkTypes(areas: readonly AreaManifest[] = AREAS): Set<string> {
  const details = detailEndpoints(areas);
  const out = new Set<string>();
  for (const type of Object.keys(collectionsOfType(areas))) {
    if (details[type]) continue;
    const readers = areas.filter((a) => Object.values(a.collections ?? {}).some((types) => types.includes(type)));
    const others = readers.filter((a) => !a.records?.includes(type));
    if (others.length > 0 && others.every((a) => a.linkedBy?.includes(type))) out.add(type);
  }
  return out;
}

/** Every webhook type an area owns (its records). @internal (tests/unit/areas.test.ts: every webhook type has an owner) */
export function recordTypes(areas: readonly AreaManifest[] = AREAS): string[] {
  return areas.flatMap((a) => a.records ?? []);
}

/** Where an area's collections are defined (as `export const collections`), from src/. */
const collectionFile = (area: AreaManifest): string =>
  area.name === 'shell' ? './shell/collection.ts' : `./areas/${area.name}/collection.ts`;

/**
 * The content-layer collections of the areas: each area's `collection.ts` exports, checked
 * against its manifest (`modules`: file from src/ → its `collections` export). Throws when a
 * collection has no owner, an area declares one its file does not define, or a collection file
 * belongs to no area of the registry.
 *
 * @public src/content.config.ts calls it (knip's production run does not follow that file's imports).
 */
export function contentCollections<C>(
  modules: Readonly<Record<string, Readonly<Record<string, C>>>>,
  areas: readonly AreaManifest[] = AREAS,
): Record<string, C> {
  const out: Record<string, C> = {};
  const problems: string[] = [];
  const files = new Set(Object.keys(modules));
  for (const area of areas) {
    const file = collectionFile(area);
    const declared = Object.keys(area.collections ?? {});
    const defined = modules[file];
    files.delete(file);
    if (!defined) {
      if (declared.length) problems.push(`${area.name} declares ${declared.join(', ')} but has no ${file}`);
      continue;
    }
    for (const name of Object.keys(defined))
      if (!declared.includes(name)) problems.push(`${file} defines "${name}", which no manifest declares`);
      else if (name in out) problems.push(`"${name}" is defined twice`);
      else out[name] = defined[name]!;
    for (const name of declared)
      if (!(name in defined)) problems.push(`${area.name} declares "${name}" but ${file} does not define it`);
  }
  for (const file of files) problems.push(`${file} belongs to no area of src/areas/registry.ts`);
  if (problems.length) throw new Error(`Areas and collections disagree:\n- ${problems.join('\n- ')}`);
  return out;
}
