/**
 * Home area: everything the home page and the intro pages load (spec point 2 "Home",
 * spec point 7 "Home"); shapes in docs/api-contract.md. Records owned by other areas
 * (articles, news, events, books, media, services, manuals, procurement) are parsed
 * with those areas' schemas and mappings, so each shape is known in one place only.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseData, parseDataList, parseEach, parseOptionalData, parsePaged } from '../../api/boundary';
import { DEFAULT_PAGE, HOME_PROCUREMENT_ITEMS, listQuery } from '../../api/load-rules';
import { imageSchema, isoDate, mapImage, mapOptionalImage, resolveFileUrl, idSchema } from '../../api/shared';
import {
  articleSummarySchema,
  mapArticleSummary,
  mapNewsItem,
  newsItemSchema,
  type ArticleSummary,
  type NewsItem,
} from '../articles/api';
import { bookSummarySchema, mapBookSummary, type BookSummary } from '../e-magazine/api';
import { mapMediaSummary, mediaSummarySchema, type MediaSummary } from '../multimedia/api';
import { manualSchema, mapManual, type Manual } from '../manuals/api';
import { mapPurchase, purchaseSchema, type Purchase } from '../procurement/api';

// ---- schemas (the API's shapes) ----

const statisticSchema = z.object({
  id: idSchema,
  label: z.string().check(z.minLength(1)),
  value: z.number(),
  unit: z._default(z.string(), ''),
});

const introPageSchema = z.object({
  title: z.string().check(z.minLength(1)),
  body_html: z.string(),
  image: imageSchema,
  enter_label: z.string().check(z.minLength(1)),
  enter_path: z.string().check(z.minLength(1)),
});

const courseSchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  summary: z._default(z.string(), ''),
  cover: z.nullable(imageSchema),
  start_date: isoDate,
  activity_id: z.nullable(idSchema),
});

// Items stay unknown so one malformed news item is skipped, not the whole tab.
const newsTabSchema = z.object({
  key: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  items: z.array(z.unknown()),
});

const popupSchema = z.object({
  isModal: z.boolean(),
  title: z.string(),
  text: z.string(),
  link: z.nullable(z.string().check(z.minLength(1))),
  path: z.nullable(z.string().check(z.minLength(1))),
});

const visitorsSchema = z.object({
  total: z.number().check(z.int(), z.nonnegative()),
  today: z.number().check(z.int(), z.nonnegative()),
});

// ---- the portal's types ----

/** One figure of the home page's summary statistics. */
export type Statistic = ReturnType<typeof mapStatistic>;
export type IntroPage = ReturnType<typeof mapIntroPage>;
/** An academy course (spec point 3 Home.academy). */
export type Course = ReturnType<typeof mapCourse>;
/** Keys: `news`, `moc-news`, `activity`, `moc-activity`. */
export interface NewsTab {
  key: string;
  title: string;
  items: NewsItem[];
}

/** Spec point 3 popup: link, isModal, text, title, path. */
export type Popup = ReturnType<typeof mapPopup>;
export interface Visitors {
  total: number;
  today: number;
}

// ---- mappings ----

function mapStatistic(raw: z.output<typeof statisticSchema>) {
  return { id: String(raw.id), label: raw.label, value: raw.value, unit: raw.unit };
}

function mapIntroPage(raw: z.output<typeof introPageSchema>) {
  return {
    title: raw.title,
    bodyHtml: raw.body_html,
    image: mapImage(raw.image),
    enterLabel: raw.enter_label,
    enterPath: raw.enter_path,
  };
}

function mapCourse(raw: z.output<typeof courseSchema>) {
  return {
    id: String(raw.id),
    title: raw.title,
    summary: raw.summary,
    cover: mapOptionalImage(raw.cover),
    startDate: raw.start_date,
    activityId: raw.activity_id === null ? null : String(raw.activity_id),
  };
}

function mapPopup(raw: z.output<typeof popupSchema>) {
  return {
    isModal: raw.isModal,
    title: raw.title,
    text: raw.text,
    link: raw.link,
    path: raw.path === null ? null : resolveFileUrl(raw.path),
  };
}

// ---- calls ----

/** GET /home/summary — the summary statistics (spec point 3 Home.listStaistic). */
export async function getHomeSummary(lang: Lang): Promise<Statistic[]> {
  const endpoint = '/home/summary';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), statisticSchema, mapStatistic);
}

/** GET /home/intropage — intro page v1. */
export async function getIntroPage(lang: Lang): Promise<IntroPage> {
  const endpoint = '/home/intropage';
  return parseData(endpoint, await api.get(endpoint, { lang }), introPageSchema, mapIntroPage);
}

/** GET /home/intropage-v2 — intro page v2. */
export async function getIntroPageV2(lang: Lang): Promise<IntroPage> {
  const endpoint = '/home/intropage-v2';
  return parseData(endpoint, await api.get(endpoint, { lang }), introPageSchema, mapIntroPage);
}

/** GET /home/academy */
export async function getAcademy(lang: Lang): Promise<Course[]> {
  const endpoint = '/home/academy';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), courseSchema, mapCourse);
}

/** GET /home/content/news-tabs — the home page's news tabs (own and ministry news and activities). */
export async function getNewsTabs(lang: Lang): Promise<NewsTab[]> {
  const endpoint = '/home/content/news-tabs';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), newsTabSchema, (tab) => ({
    key: tab.key,
    title: tab.title,
    items: parseEach(endpoint, newsItemSchema, tab.items, mapNewsItem),
  }));
}

/** GET /home/success-case */
export async function getSuccessCases(lang: Lang): Promise<ArticleSummary[]> {
  const endpoint = '/home/success-case';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), articleSummarySchema, mapArticleSummary);
}

/** GET /home/multimedia */
export async function getHomeMultimedia(lang: Lang): Promise<MediaSummary[]> {
  const endpoint = '/home/multimedia';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), mediaSummarySchema, mapMediaSummary);
}

/** GET /home/book — the home page's e-magazines. */
export async function getHomeBooks(lang: Lang): Promise<BookSummary[]> {
  const endpoint = '/home/book';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), bookSummarySchema, mapBookSummary);
}

/** GET /home/popup — null when there is no popup to show. */
export async function getPopup(lang: Lang): Promise<Popup | null> {
  const endpoint = '/home/popup';
  return parseOptionalData(endpoint, await api.get(endpoint, { lang }), popupSchema, mapPopup);
}

/** GET /tracking/visitors — the visitors counter. */
export async function getVisitors(lang: Lang): Promise<Visitors> {
  const endpoint = '/tracking/visitors';
  return parseData(endpoint, await api.get(endpoint, { lang }), visitorsSchema, (v) => v);
}

/** GET /manual/home/highlight */
export async function getManualHighlights(lang: Lang): Promise<Manual[]> {
  const endpoint = '/manual/home/highlight';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), manualSchema, mapManual);
}

/** GET /purchase/all?page=1&limit=5 — the latest procurement notices (spec point 9). */
export async function getHomeProcurement(lang: Lang): Promise<Purchase[]> {
  const endpoint = '/purchase/all';
  const query = listQuery({ page: DEFAULT_PAGE, limit: HOME_PROCUREMENT_ITEMS });
  return parsePaged(endpoint, await api.get(endpoint, { lang, query }), purchaseSchema, mapPurchase).items;
}
