/**
 * Contract test, part A: every function of the auth, web board, banners, activity, events,
 * home, books, media, search, survey, navigation and tracking modules against the
 * reference content API (scripts/content-api), started in-process on an ephemeral port
 * with a fresh database. Proves the client's schemas and the server's answers agree
 * (docs/api-contract.md): nothing throws a SchemaError, no record is skipped, and each
 * answer holds real data in the requested language.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startContentApi } from '../../../scripts/content-api/server.ts';
import { api, getApiBaseUrl, setApiBaseUrl, setAuthToken, type Lang } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import { setSkipReporter, type SkippedRecord } from '../../../src/api/boundary';
import { forgotPassword, getMe, login, logout, verifyUsername } from '../../../src/areas/account/api';
import { checkText, getRoom, getRooms, getThread, webboardLogin } from '../../../src/areas/webboard/api';
import { getExchangeLinks, getLearningBanners, getLinkBanners, getMainBanners } from '../../../src/shell/banners-api';
import {
  getActivities,
  getActivitiesOfCategory,
  getActivitiesOfDepartment,
  getActivity,
  getActivityCategories,
} from '../../../src/areas/activities/api';
import { getEvents, getEventsAndSeminars } from '../../../src/areas/calendar/api';
import { getHomeServiceGroups, getHotServices } from '../../../src/areas/services/api';
import * as home from '../../../src/areas/home/api';
import { getBook, getBooks, getBookTemplate } from '../../../src/areas/e-magazine/api';
import { getMedia, getMediaCategories, getMediaList } from '../../../src/areas/multimedia/api';
import { search, SEARCH_TYPES } from '../../../src/areas/search/api';
import {
  getSurvey,
  getSurveys,
  submitSurvey,
  SurveyValidationError,
  type Question,
} from '../../../src/areas/surveys/api';
import { getConsent, getFooter, getMenu, getNewMenu, getQuickMenu } from '../../../src/shell/navigation-api';
import { trackPageView } from '../../../src/shell/tracking-api';
import { logger } from '../../../src/lib/logger';

interface RunningApi {
  url: string;
  close: () => Promise<void>;
}

const THAI = /[\u0E00-\u0E7F]/;
const originalBaseUrl = getApiBaseUrl();
const skipped: SkippedRecord[] = [];
let server: RunningApi;
let dir: string;
let restoreReporter: () => void;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'contract-a-'));
  server = await startContentApi({ port: 0, dbPath: join(dir, 'api.sqlite') });
  setApiBaseUrl(server.url);
  const previous = setSkipReporter((s) => skipped.push(s));
  restoreReporter = () => setSkipReporter(previous);
}, 60_000);

afterAll(async () => {
  restoreReporter?.();
  setApiBaseUrl(originalBaseUrl);
  setAuthToken(null);
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  // Every record the server sends must pass its schema: a skipped one is a contract mismatch.
  // Emptied first, so one test's mismatch is reported by that test only.
  vi.restoreAllMocks();
  const seen = skipped.splice(0);
  expect(seen, JSON.stringify(seen, null, 2)).toEqual([]);
});

/** Text in the requested language: Thai has Thai letters, English has none. */
function expectLanguage(text: string, lang: Lang): void {
  if (lang === 'th') expect(text).toMatch(THAI);
  else expect(text).not.toMatch(THAI);
}

function expectFileUrl(url: string): void {
  expect(url.startsWith(`${server.url}/files/`), url).toBe(true);
}

describe.each(['th', 'en'] as const)('contract A in %s', (lang) => {
  it('auth: login, me, verify username, forgot password, logout', async () => {
    const session = await login('member', 'member1234', lang);
    expect(session.token.split('.')).toHaveLength(3);
    expect(session.expiresIn).toBeGreaterThan(0);
    expect(session.profile.username).toBe('member');
    expect(session.profile.firstName).not.toBe('');
    expectLanguage(session.profile.firstName, lang);

    const me = await getMe(lang, session.token);
    expect(me).toEqual(session.profile);

    expect(await verifyUsername('member', lang)).toEqual({ username: 'member', available: false });
    expect((await verifyUsername(`new${lang}user`, lang)).available).toBe(true);

    const sent = await forgotPassword(me.email, lang);
    expect(sent.sent).toBe(true);
    expectLanguage(sent.message, lang);

    await logout(lang, session.token);
    // The token is revoked: /auth/me now answers 401.
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    const error = await getMe(lang, session.token).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });

  it('web board: member and admin login, rooms, room, thread, word check', async () => {
    const member = await webboardLogin({ username: 'member', password: 'member1234' }, lang);
    expect(member).toMatchObject({ username: 'member', isAdmin: false });
    expect(member.firstName).not.toBe('');
    expect(member.token.length).toBeGreaterThan(20);

    const admin = await webboardLogin({ username: 'admin', password: 'admin1234', isAdmin: true }, lang);
    expect(admin.isAdmin).toBe(true);

    const rooms = await getRooms(lang, member.token);
    expect(rooms.length).toBeGreaterThan(0);
    expectLanguage(rooms[0]!.title, lang);

    const roomWithThreads = rooms.find((r) => r.threadCount > 0);
    expect(roomWithThreads).toBeDefined();
    const room = await getRoom(roomWithThreads!.id, {}, lang, member.token);
    expect(room.room.id).toBe(roomWithThreads!.id);
    expect(room.threads.length).toBeGreaterThan(0);
    expect(room.total).toBe(roomWithThreads!.threadCount);

    const thread = await getThread(room.threads[0]!.id, {}, lang, member.token);
    expect(thread.thread.id).toBe(room.threads[0]!.id);
    expect(thread.room.id).toBe(room.room.id);
    expect(thread.posts.length).toBeGreaterThan(0);
    expect(thread.posts[0]!.body).not.toBe('');

    const clean = await checkText(
      lang === 'th' ? 'สวัสดีครับ ขอสอบถามเรื่องการส่งออก' : 'Hello, a question about exports',
      lang,
    );
    expect(clean).toEqual({ ok: true, words: [] });
  });

  it('banners: main, link, learning, exchange links, click statistic', async () => {
    for (const list of await Promise.all([
      getMainBanners(lang),
      getLinkBanners(lang),
      getLearningBanners(lang),
      getExchangeLinks(lang),
    ])) {
      expect(list.length).toBeGreaterThan(0);
      expectFileUrl(list[0]!.image.url);
    }
    const [first] = await getMainBanners(lang);
    expectLanguage(first!.title, lang);
    // The call src/shell/banner-clicks.ts makes on a click: each one counts.
    type Clicks = { data: { uuid: string; clicks: number } };
    const before = await api.post<Clicks>(`/banner/statistic/${first!.uuid}`, undefined, { lang });
    const after = await api.post<Clicks>(`/banner/statistic/${first!.uuid}`, undefined, { lang });
    expect(after.data.uuid).toBe(first!.uuid);
    expect(after.data.clicks).toBe(before.data.clicks + 1);
  });

  it('activity: all (paged, filtered, sorted), categories, by department and slug, by category id, detail', async () => {
    const all = await getActivities({}, lang);
    expect(all.page).toBe(1);
    expect(all.limit).toBe(12);
    expect(all.items.length).toBeGreaterThan(0);
    expect(all.total).toBeGreaterThanOrEqual(all.items.length);
    expectLanguage(all.items[0]!.title, lang);

    const categories = await getActivityCategories(lang);
    expect(categories.length).toBeGreaterThan(0);
    const category = categories.find((c) => c.count > 0)!;
    const ofCategory = await getActivitiesOfCategory(category.id, {}, lang);
    expect(ofCategory.items.length).toBeGreaterThan(0);
    expect(ofCategory.items.every((a) => a.category.id === category.id)).toBe(true);

    const filtered = await getActivities({ cid: category.id, sortBy: 'oldest', limit: 3 }, lang);
    expect(filtered.items.length).toBeGreaterThan(0);
    expect(filtered.items.every((a) => a.category.id === category.id)).toBe(true);
    const dates = filtered.items.map((a) => a.publishedAt);
    expect([...dates].sort()).toEqual(dates);

    const withDepartment = all.items.find((a) => a.department !== null)!;
    const ofDepartment = await getActivitiesOfDepartment(
      withDepartment.department!.slug,
      withDepartment.category.slug,
      {},
      lang,
    );
    expect(ofDepartment.items.map((a) => a.id)).toContain(withDepartment.id);

    const detail = await getActivity(all.items[0]!.id, lang);
    expect(detail.id).toBe(all.items[0]!.id);
    expect(detail.bodyHtml).not.toBe('');
  });

  it('events: calendar with categories, date range and category filter', async () => {
    const calendar = await getEvents({}, lang);
    expect(calendar.events.length).toBeGreaterThan(0);
    expect(calendar.categories.length).toBeGreaterThan(0);
    expectLanguage(calendar.events[0]!.title, lang);

    const first = calendar.events[0]!;
    const day = first.startAt.slice(0, 10);
    const ranged = await getEvents({ from: day, to: day }, lang);
    expect(ranged.events.map((e) => e.id)).toContain(first.id);

    const ofCategory = await getEvents({ category: first.category.id }, lang);
    expect(ofCategory.events.length).toBeGreaterThan(0);
    expect(ofCategory.events.every((e) => e.category.id === first.category.id)).toBe(true);
  });

  it('home: every home call answers with data', async () => {
    const [summary, intro, introV2, academy, tabs, events, success, media, books] = await Promise.all([
      home.getHomeSummary(lang),
      home.getIntroPage(lang),
      home.getIntroPageV2(lang),
      home.getAcademy(lang),
      home.getNewsTabs(lang),
      getEventsAndSeminars(lang),
      home.getSuccessCases(lang),
      home.getHomeMultimedia(lang),
      home.getHomeBooks(lang),
    ]);
    expect(summary.length).toBeGreaterThan(0);
    expectLanguage(summary[0]!.label, lang);
    expectLanguage(intro.title, lang);
    expectFileUrl(intro.image.url);
    expect(intro.enterPath.startsWith('/')).toBe(true);
    expect(introV2.bodyHtml).not.toBe('');
    expect(academy.length).toBeGreaterThan(0);
    expect(tabs.map((t) => t.key).sort()).toEqual(['activity', 'moc-activity', 'moc-news', 'news']);
    expect(tabs.every((t) => t.items.length > 0)).toBe(true);
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThanOrEqual(6);
    expect(success.length).toBeGreaterThan(0);
    expect(media.length).toBeGreaterThan(0);
    expect(books.length).toBeGreaterThan(0);

    const [popup, visitors, hot, groups, manuals, procurement] = await Promise.all([
      home.getPopup(lang),
      home.getVisitors(lang),
      getHotServices(lang),
      getHomeServiceGroups(lang),
      home.getManualHighlights(lang),
      home.getHomeProcurement(lang),
    ]);
    expect(popup).not.toBeNull();
    expectLanguage(popup!.title, lang);
    if (popup!.path !== null) expectFileUrl(popup!.path);
    expect(visitors.total).toBeGreaterThanOrEqual(visitors.today);
    expect(hot.length).toBeGreaterThan(0);
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.some((g) => g.services.length > 0)).toBe(true);
    expect(manuals.length).toBeGreaterThan(0);
    expect(procurement).toHaveLength(5);
  });

  it('books: template, list, view counter, detail', async () => {
    const template = await getBookTemplate(lang);
    expectLanguage(template.title, lang);
    expectFileUrl(template.banner.url);

    const list = await getBooks({}, lang);
    expect(list.page).toBe(1);
    expect(list.items.length).toBeGreaterThan(0);
    const first = list.items[0]!;
    expectFileUrl(first.cover.url);

    // The call src/ui/view-counter.ts makes when a book's page is shown: the count goes up by one.
    const viewed = await api.get<{ data: { id: number; views: number } }>(`/book/update-view/${first.id}`, { lang });
    expect(String(viewed.data.id)).toBe(first.id);
    expect(viewed.data.views).toBe(first.views + 1);

    const book = await getBook(first.slug, lang);
    expect(book.slug).toBe(first.slug);
    expectFileUrl(book.pdf.url);
    expect(book.pages).toBeGreaterThan(0);

    const word = first.title.split(/\s+/)[0]!;
    const found = await getBooks({ keyword: word }, lang);
    expect(found.items.map((b) => b.id)).toContain(first.id);
  });

  it('media: list, categories, category filter, detail', async () => {
    const list = await getMediaList({}, lang);
    expect(list.items.length).toBeGreaterThan(0);
    const categories = await getMediaCategories(lang);
    expect(categories.length).toBeGreaterThan(0);
    const category = categories.find((c) => c.count > 0)!;
    const ofCategory = await getMediaList({ cid: category.id }, lang);
    expect(ofCategory.items.length).toBeGreaterThan(0);
    expect(ofCategory.items.every((m) => m.category.id === category.id)).toBe(true);
    expect((await getMediaList({ cid: -1 }, lang)).total).toBe(list.total);

    for (const kind of ['gallery', 'video'] as const) {
      const summary = list.items.find((m) => m.kind === kind);
      if (!summary) continue;
      const media = await getMedia(summary.slug, lang);
      expect(media.kind).toBe(kind);
      if (kind === 'gallery') expect(media.images.length).toBeGreaterThan(0);
    }
  });

  it('search: hits with portal paths and per-type counts', async () => {
    const keyword = lang === 'th' ? 'ส่งออก' : 'export';
    const found = await search({ keyword }, lang);
    expect(found.currentPage).toBe(1);
    expect(found.total).toBeGreaterThan(0);
    expect(found.results.length).toBeGreaterThan(0);
    expect(found.results.length).toBeLessThanOrEqual(10);
    for (const hit of found.results) {
      expect(hit.path).toMatch(/^\/[a-z-]+\//);
      expect(SEARCH_TYPES).toContain(hit.type);
    }
    expect(found.categories.length).toBeGreaterThan(0);

    const articleCount = found.categories.find((c) => c.cate === 'article')?.count ?? 0;
    if (articleCount > 0) {
      const articles = await search({ keyword, cate: 'article' }, lang);
      expect(articles.total).toBe(articleCount);
      expect(articles.results.every((r) => r.type === 'article' && r.path === `/article/${r.slug}/`)).toBe(true);
    }
  });

  it('survey: list, one survey, a valid submission, a 422 naming the question', async () => {
    const list = await getSurveys({}, lang);
    expect(list.currentPage).toBe(1);
    expect(list.results.length).toBeGreaterThan(0);
    expectLanguage(list.results[0]!.title, lang);

    const survey = await getSurvey(list.results[0]!.id, lang);
    const questions = survey.sections.flatMap((s) => s.questions);
    expect(questions.length).toBe(list.results[0]!.questionCount);

    const answerOf = (q: Question) =>
      q.type === 'single'
        ? q.options[0]!.value
        : q.type === 'multiple'
          ? [q.options[0]!.value]
          : q.type === 'rating'
            ? (q.max ?? 5)
            : lang === 'th'
              ? 'ใช้งานง่าย'
              : 'Easy to use';
    const full = survey.sections.map((s) => ({
      sectionId: s.id,
      answers: s.questions.map((q) => ({ questionId: q.id, value: answerOf(q) })),
    }));
    const submitted = await submitSurvey(survey.id, full, lang);
    expect(submitted.responseId).not.toBe('');

    const required = questions.find((q) => q.required)!;
    const missing = full.map((s) => ({ ...s, answers: s.answers.filter((a) => a.questionId !== required.id) }));
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    const error = await submitSurvey(survey.id, missing, lang).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SurveyValidationError);
    const validation = error as SurveyValidationError;
    expect(validation.status).toBe(422);
    expect(Object.keys(validation.questionErrors)).toEqual([required.id]);
    expectLanguage(validation.questionErrors[required.id]!, lang);
  });

  it('navigation: menu, new menu, quick menu, footer, consent', async () => {
    const [menu, newMenu, quick, footer, consent] = await Promise.all([
      getMenu(lang),
      getNewMenu(lang),
      getQuickMenu(lang),
      getFooter(lang),
      getConsent(lang),
    ]);
    expect(menu.length).toBeGreaterThan(0);
    expect(menu.some((m) => m.children.length > 0)).toBe(true);
    expectLanguage(menu[1]!.title, lang);
    expect(newMenu.length).toBeGreaterThan(0);
    expect(quick.length).toBeGreaterThan(0);
    expect(quick.every((q) => q.path.startsWith('/') || /^https?:\/\//.test(q.path))).toBe(true);
    if (quick[0]!.icon) expectFileUrl(quick[0]!.icon.url);
    expectLanguage(footer.agencyName, lang);
    expect(footer.columns.length).toBeGreaterThan(0);
    expect(footer.columns[0]!.links.length).toBeGreaterThan(0);
    expect(consent.version).not.toBe('');
    expectLanguage(consent.acceptLabel, lang);
  });

  it('tracking: a page view resolves without logging an error', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    await expect(trackPageView(lang === 'th' ? '/' : '/en/', lang)).resolves.toBeUndefined();
    expect(error).not.toHaveBeenCalled();
  });
});
