/**
 * The home page and the intro pages (spec point 2 "Home", spec point 7 "Home") as one
 * content collection, `home`, per language. One record per home section, so the home
 * page's cacheKey names each section it shows:
 *   banners, newsTabs, procurement, events, successCases, statistics, multimedia, books,
 *   hotServices, serviceGroups, manuals, academy, learningBanners, popup, visitors,
 *   intro, introV2
 *
 * Records are stored in the portal's own types (after src/api's boundary, which has
 * already checked every field with its zod schema); the schemas here only tell records
 * apart and keep the types.
 */
import { z } from 'zod';
import { apiCollection } from '../../collections/api-collection';
import { readArea, type AreaEntry } from '../../collections/area-records';
import {
  getAcademy,
  getHomeBooks,
  getHomeMultimedia,
  getHomeProcurement,
  getHomeSummary,
  getIntroPage,
  getIntroPageV2,
  getManualHighlights,
  getNewsTabs,
  getPopup,
  getSuccessCases,
  getVisitors,
  type Course,
  type IntroPage,
  type NewsTab,
  type Popup,
  type Statistic,
  type Visitors,
} from './api';
import { getLearningBanners, getMainBanners, type Banner } from '../../shell/banners-api';
import { getHomeServiceGroups, getHotServices } from '../services/api';
import { getEventsAndSeminars } from '../calendar/api';
import type { Purchase } from '../procurement/api';
import type { CalendarEvent } from '../calendar/api';
import type { ArticleSummary } from '../articles/api';
import type { MediaSummary } from '../multimedia/api';
import type { BookSummary } from '../e-magazine/api';
import type { Service, ServiceGroup } from '../services/api';
import { getManualHome, type Manual } from '../manuals/api';
import type { Lang } from '../../i18n/config';

const list = <T>() => z.custom<T[]>((v) => Array.isArray(v), 'is not a list');
const object = <T>() => z.custom<T>((v) => typeof v === 'object' && v !== null, 'is not an object');
const section = <K extends string, S extends z.ZodType>(kind: K, value: S) =>
  z.object({ kind: z.literal(kind), value });

const homeRecordSchema = z.discriminatedUnion('kind', [
  section('banners', list<Banner>()),
  section('newsTabs', list<NewsTab>()),
  section('procurement', list<Purchase>()),
  section('events', list<CalendarEvent>()),
  section('successCases', list<ArticleSummary>()),
  section('statistics', list<Statistic>()),
  section('multimedia', list<MediaSummary>()),
  section('books', list<BookSummary>()),
  section('hotServices', list<Service>()),
  section('serviceGroups', list<ServiceGroup>()),
  section('manuals', list<Manual>()),
  section('latestManuals', list<Manual>()),
  section('academy', list<Course>()),
  section('learningBanners', list<Banner>()),
  section('popup', object<Popup>().nullable()),
  section('visitors', object<Visitors>()),
  section('intro', object<IntroPage>()),
  section('introV2', object<IntroPage>()),
]);
export type HomeRecord = z.output<typeof homeRecordSchema>;
export type HomeKind = HomeRecord['kind'];
type ValueOf<K extends HomeKind> = Extract<HomeRecord, { kind: K }>['value'];

/** What each record is loaded from. */
const LOADERS: { [K in HomeKind]: [endpoint: string, load: (lang: Lang) => Promise<ValueOf<K>>] } = {
  banners: ['/home/banner/main', getMainBanners],
  newsTabs: ['/home/content/news-tabs', getNewsTabs],
  procurement: ['/purchase/all', getHomeProcurement],
  events: ['/home/events-and-seminar', getEventsAndSeminars],
  successCases: ['/home/success-case', getSuccessCases],
  statistics: ['/home/summary', getHomeSummary],
  multimedia: ['/home/multimedia', getHomeMultimedia],
  books: ['/home/book', getHomeBooks],
  hotServices: ['/services/home/single-page', getHotServices],
  serviceGroups: ['/services/home', getHomeServiceGroups],
  manuals: ['/manual/home/highlight', getManualHighlights],
  latestManuals: ['/manual/home', getManualHome],
  academy: ['/home/academy', getAcademy],
  learningBanners: ['/banner/learning', getLearningBanners],
  popup: ['/home/popup', getPopup],
  visitors: ['/tracking/visitors', getVisitors],
  intro: ['/home/intropage', getIntroPage],
  introV2: ['/home/intropage-v2', getIntroPageV2],
};

export const collections = {
  home: apiCollection({
    endpoint: '/home/*',
    schema: homeRecordSchema,
    fetch: async ({ lang, call }) =>
      Promise.all(
        (Object.keys(LOADERS) as HomeKind[]).map(async (kind) => {
          // Each kind's loader returns that kind's value; TypeScript cannot pair them inside the map.
          const [endpoint, load] = LOADERS[kind] as [string, (lang: Lang) => Promise<HomeRecord['value']>];
          const value = await call(endpoint, () => load(lang));
          return { key: kind, data: { kind, value } as HomeRecord };
        }),
      ),
  }),
};

/** The records the home page shows, in the order of the page (the intro pages have their own routes). */
export const HOME_SECTIONS = [
  'banners',
  'newsTabs',
  'procurement',
  'events',
  'successCases',
  'statistics',
  'multimedia',
  'books',
  'hotServices',
  'serviceGroups',
  'manuals',
  'latestManuals',
  'academy',
  'learningBanners',
  'popup',
  'visitors',
] as const satisfies readonly HomeKind[];

export interface HomeSection<K extends HomeKind> {
  entry: AreaEntry<HomeRecord>;
  value: ValueOf<K>;
}

/** The home records of a language, by kind. */
export async function readHome(lang: Lang) {
  const byKey = await readArea<HomeRecord>('home', lang);
  return function get<K extends HomeKind>(kind: K): HomeSection<K> | undefined {
    const entry = byKey.get(kind);
    return entry && entry.data.kind === kind ? { entry, value: entry.data.value as ValueOf<K> } : undefined;
  };
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
