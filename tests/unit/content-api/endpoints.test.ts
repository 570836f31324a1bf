// Every GET endpoint of spec point 7 answers 200 in Thai and English. The list below is
// transcribed from the spec text (the agency's spec, point 7), not from the router;
// `{placeholders}` are filled with real keys found through the list endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

const SPEC_GET_ENDPOINTS = [
  // Web board (with a bearer token)
  '/webboard/room',
  '/webboard/room/{roomId}',
  '/webboard/thread/{threadId}',
  // Banners
  '/home/banner/main',
  '/banner/link',
  '/banner/learning',
  '/home/banner/exchange-link',
  // Content
  '/content/page/a',
  '/content/page/{slug}',
  '/common/public-news',
  '/common/public-news/moc',
  '/common/activity',
  '/common/activity/moc',
  '/common/events',
  '/content/category/all?keyword=&page=1&limit=12',
  '/content/category/{department}/{categorySlug}?page=1&limit=12',
  '/content/category/{categorySlug}',
  '/content/dropdown/category',
  '/content/rss',
  // Activity
  '/activity/category/all?language=th&page=1&limit=12&sortBy=newest',
  '/activity/dropdown/category',
  '/activity/category/{department}/{activityCategorySlug}',
  '/activity/category/{activityCategoryId}',
  '/activity/page/{activityId}',
  // Home
  '/home/summary',
  '/home/intropage',
  '/home/intropage-v2',
  '/home/academy',
  '/home/content/news-tabs',
  '/home/events-and-seminar',
  '/home/success-case',
  '/home/multimedia',
  '/home/book',
  '/home/popup',
  '/tracking/visitors',
  '/services/home/single-page',
  '/services/home',
  '/manual/home/highlight',
  '/purchase/all?page=1&limit=5',
  // Books
  '/book/template',
  '/book/category/all?page=1',
  '/book/update-view/{bookId}',
  '/book/page/{bookSlug}',
  // Media
  '/media/category/all?page=1',
  '/media/dropdown/category',
  '/media/page/{mediaSlug}',
  // Contact
  '/contact/department',
  '/contact/covers',
  '/contact/division',
  '/contact/division/cover',
  '/contact/division/attachments',
  '/contact/departments',
  '/contact/province?region=north',
  // Purchase
  '/purchase/all?page=1&gid=1',
  '/purchase/view/{purchaseUuid}',
  '/purchase/home',
  '/purchase/group',
  // Services
  '/services/page/{serviceSlug}',
  '/services/groups/{serviceGroupSlug}',
  // Manual
  '/manual/group/{manualGroupId}?page=1',
  '/manual/view/{manualUuid}',
  '/manual/search?page=1&keyword=',
  '/manual/groups?page=1&limit=9999',
  '/manual/home',
  '/manual/page/{manualGroupSlug}',
  // Survey
  '/survey?page=1',
  '/survey/{surveyId}',
  // Other
  '/search?keyword=SME&cate=all&page=1',
  '/master/quick-menu',
  '/faqs/groups',
  '/faqs?page=1&limit=12',
  '/menu',
  '/new-menu',
  '/footer',
  '/consent',
  '/law?page=1&page_size=12',
  '/law/categories?page=1&page_size=500',
  '/law/subcategories?page=1&page_size=500',
  '/download-form/category',
  '/download-form/sub-category/{downloadCategoryId}',
  '/online-service/hot-service',
  '/online-service/{onlineCategoryId}',
  '/online-service/view/{onlineServiceId}',
  '/online-service/category/list',
  '/online-service/service-category/{onlineCategoryId}',
  '/home-service/home',
  '/home-service/detail/{homeServiceId}',
  '/collapse?module_id={collapseModule}',
  '/collapse/content/{collapseItemId}?module_id={collapseModule}',
  '/collapse/manual/highlight',
  '/organization?module_id={organizationModule}',
  '/organization/staff/{staffId}?module_id={organizationModule}',
  '/procure/group',
  '/procure/content?group_id={procureGroupId}&page=1',
  '/common-article/category?module_id={commonModule}',
  '/common-article/no-parent/content/{commonModule}',
  '/common-article/category/{commonCategoryId}',
  '/common-article/content/{commonContentId}',
];

let api: TestApi;
let token: string;
const keys: Record<string, string | number> = {};

beforeAll(async () => {
  api = await startTestApi();
  const login = await api.call('/customer/auth', {
    json: { username: 'member', password: 'member1234', is_admin: false },
  });
  token = login.body.token.accessToken;
  const get = async (p: string) => (await api.call(p, { token })).body;
  const menu = JSON.stringify((await get('/menu')).data);
  // Module ids are discovered from the menus, as the portal does (docs/routes.md).
  keys.collapseModule = /"\/collapse\/(\d+)\/"/.exec(menu)![1];
  keys.organizationModule = /"\/organization\/(\d+)\/"/.exec(menu)![1];
  keys.commonModule = /"\/common-article\/(\d+)\/"/.exec(menu)![1];
  const rooms = (await get('/webboard/room')).data;
  keys.roomId = rooms[0].id;
  keys.threadId = (await get(`/webboard/room/${rooms[0].id}`)).data.threads[0].id;
  const article = (await get('/content/category/all')).result[0];
  keys.slug = article.slug;
  keys.department = article.department.slug;
  keys.categorySlug = article.category.slug;
  const activity = (await get('/activity/category/all')).result[0];
  keys.activityId = activity.id;
  keys.activityCategorySlug = activity.category.slug;
  keys.activityCategoryId = activity.category.id;
  const book = (await get('/book/category/all')).result[0];
  keys.bookId = book.id;
  keys.bookSlug = book.slug;
  keys.mediaSlug = (await get('/media/category/all')).result[0].slug;
  keys.purchaseUuid = (await get('/purchase/all')).result[0].uuid;
  const groups = (await get('/services/home')).data;
  keys.serviceGroupSlug = groups[0].slug;
  keys.serviceSlug = groups[0].services[0].slug;
  const manualGroup = (await get('/manual/groups?page=1&limit=9999')).result[0];
  keys.manualGroupId = manualGroup.id;
  keys.manualGroupSlug = manualGroup.slug;
  keys.manualUuid = (await get('/manual/search')).result[0].uuid;
  keys.surveyId = (await get('/survey')).results[0].id;
  keys.downloadCategoryId = (await get('/download-form/category')).data[0].id;
  const onlineCat = (await get('/online-service/category/list')).data[0];
  keys.onlineCategoryId = onlineCat.id;
  keys.onlineServiceId = (await get(`/online-service/service-category/${onlineCat.id}`)).data[0].id;
  keys.homeServiceId = (await get('/home-service/home')).data[0].id;
  keys.collapseItemId = (await get(`/collapse?module_id=${keys.collapseModule}`)).data.groups[0].items[0].id;
  keys.staffId = (await get(`/organization?module_id=${keys.organizationModule}`)).data.divisions[0].staff[0].id;
  keys.procureGroupId = (await get('/procure/group')).data[0].id;
  const cats = (await get(`/common-article/category?module_id=${keys.commonModule}`)).data;
  keys.commonCategoryId = cats[0].id;
  keys.commonContentId = (await get(`/common-article/category/${cats[0].id}`)).data.contents[0].id;
});
afterAll(async () => {
  await api?.dispose();
});

const fill = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, k) => {
    if (keys[k] === undefined) throw new Error(`no value for {${k}}`);
    return encodeURIComponent(String(keys[k]));
  });

describe('every GET endpoint of spec point 7', () => {
  for (const lang of ['th', 'en']) {
    it(`answers 200 with JSON in ${lang}`, async () => {
      const failures: string[] = [];
      for (const template of SPEC_GET_ENDPOINTS) {
        const path = fill(template);
        const res = await api.call(path, { lang, token });
        if (res.status !== 200 || typeof res.body !== 'object') failures.push(`${path} → ${res.status}`);
      }
      expect(failures).toEqual([]);
    });
  }

  it('answers in the language of Accept-Language, Thai when absent or unknown', async () => {
    const path = `/content/page/${keys.slug}`;
    const th = (await api.call(path)).body.data.title;
    const en = (await api.call(path, { lang: 'en-GB,en;q=0.9' })).body.data.title;
    const unknown = (await api.call(path, { lang: 'fr' })).body.data.title;
    expect(th).toMatch(/[\u0E00-\u0E7F]/);
    expect(en).not.toMatch(/[\u0E00-\u0E7F]/);
    expect(en).toMatch(/[A-Za-z]{3}/);
    expect(unknown).toBe(th);
  });

  it('sends CORS headers for the portal origin and answers preflight', async () => {
    const res = await fetch(`${api.url}/api/frontend/menu`, { headers: { origin: 'http://127.0.0.1:4321' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4321');
    const pre = await fetch(`${api.url}/api/frontend/survey/1`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:4321',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it('answers /health', async () => {
    expect((await api.call('/health')).body).toEqual({ ok: true });
  });
});
