/**
 * The list screens' searches, filters and sorting, each through its own endpoint. The manual
 * search searches (GET /manual/search with keyword and slug), pages and keeps the keyword, also
 * when the plain GET form was sent without script; the multimedia and e-magazine lists filter by
 * keyword (and category for multimedia); activities sort (sortBy) and a category page filters
 * through its own endpoint; a search page past the last one says so and links back; the title
 * carries the agency's name in both languages.
 */
import { expect, test, type Page, type Request } from './support/test';
import { checkPage, expectNoAxeViolations, watchConsole, type Lang, prefix } from './support/page-checks';
import { API_URL as API } from './support/api';

const LANGS: Lang[] = ['th', 'en'];
test.describe.configure({ timeout: 120_000 });

async function api<T>(path: string, lang: Lang): Promise<T> {
  const res = await fetch(`${API}/api/frontend${path}`, { headers: { 'Accept-Language': lang } });
  expect(res.ok, `API ${path}`).toBe(true);
  return (await res.json()) as T;
}
type Paged<T> = { result: T[]; total: number };
type Manual = { uuid: string; title: string; group: { id: number; title: string } };
type Group = { id: number; slug: string; title: string };
type Category = { id: number; title: string };
type MediaItem = { title: string; category: { id: number } };

/** The query of the next browser request to an API endpoint. */
function nextCall(page: Page, endpoint: string): Promise<URLSearchParams> {
  return page
    .waitForRequest((r: Request) => new URL(r.url()).pathname === `/api/frontend${endpoint}`)
    .then((r) => new URL(r.url()).searchParams);
}

const KEYWORD = { th: 'ขั้นตอนการยื่นคำขอ', en: 'apply' } as const;
const AGENCY = { th: 'กรมส่งเสริมการพัฒนาธุรกิจ', en: 'Department of Business Development Promotion' } as const;

for (const lang of LANGS) {
  test.describe(`screens (${lang})`, () => {
    test('manual search: keyword, group and pages from GET /manual/search, keyword kept', async ({ page }) => {
      const keyword = KEYWORD[lang];
      const all = await api<Paged<Manual>>(`/manual/search?keyword=${encodeURIComponent(keyword)}&limit=12`, lang);
      expect(all.total).toBeGreaterThan(12); // so the pages show
      const { errors } = await checkPage(page, `${prefix(lang)}/manuals/search/`, lang);
      const other = lang === 'th' ? 'en' : 'th';
      await expect(page).toHaveTitle(`${await page.locator('h1').innerText()} | ${AGENCY[lang]} · ${AGENCY[other]}`);

      const form = page.locator('form[data-manual-search]');
      await form.getByRole('searchbox').fill(keyword);
      const call = nextCall(page, '/manual/search');
      await form.getByRole('button').click();
      const sent = await call;
      expect(sent.get('keyword')).toBe(keyword);
      expect(sent.has('slug')).toBe(false);
      await expect(page).toHaveURL(new RegExp(`[?&]keyword=${encodeURIComponent(keyword).replace(/%20/g, '\\+')}`));
      const results = page.locator('[data-manual-search-results]');
      await expect(results.locator('li article')).toHaveCount(12);
      await expect(page.locator('[data-manual-search-status]')).toContainText(String(all.total));
      for (const m of all.result) await expect(results).toContainText(m.title);
      await expect(form.getByRole('searchbox')).toHaveValue(keyword);
      await expectNoAxeViolations(page);

      // Page 2: the next 12.
      const page2 = await api<Paged<Manual>>(
        `/manual/search?keyword=${encodeURIComponent(keyword)}&limit=12&page=2`,
        lang,
      );
      const pageCall = nextCall(page, '/manual/search');
      await results.getByRole('link', { name: lang === 'th' ? 'หน้าถัดไป' : 'Next page' }).click();
      expect((await pageCall).get('page')).toBe('2');
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(results.locator('li article').first()).toContainText(page2.result[0]!.title);

      // One group: the group's slug goes to the API as `slug`.
      const groups = (await api<Paged<Group>>('/manual/groups?page=1&limit=9999', lang)).result;
      const g = groups[0]!;
      const inGroup = await api<Paged<Manual>>(
        `/manual/search?keyword=${encodeURIComponent(keyword)}&slug=${g.slug}&limit=12`,
        lang,
      );
      await form.getByRole('combobox').selectOption(g.slug);
      const groupCall = nextCall(page, '/manual/search');
      await form.getByRole('button').click();
      const groupSent = await groupCall;
      expect(groupSent.get('slug')).toBe(g.slug);
      expect(groupSent.get('keyword')).toBe(keyword);
      await expect(results.locator('li article')).toHaveCount(inGroup.result.length);
      for (const m of inGroup.result) await expect(results).toContainText(m.title);
      await expect(form.getByRole('searchbox')).toHaveValue(keyword);
      expect(errors).toEqual([]);
    });

    test('manual search without JavaScript: the plain GET form lands on results, which script keeps', async ({
      browser,
    }) => {
      const keyword = KEYWORD[lang];
      const noJs = await browser.newContext({ javaScriptEnabled: false });
      const page = await noJs.newPage();
      await page.goto(`${prefix(lang)}/manuals/search/`);
      const form = page.locator('form[data-manual-search]');
      await form.getByRole('searchbox').fill(keyword);
      await form.getByRole('combobox').selectOption({ index: 1 });
      await form.getByRole('button').click();
      await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/manuals/search/\\?keyword=.+&group=.+`));
      // Without script the site server rendered that search: results in the page, keyword kept.
      await expect(page.locator('[data-manual-search-results] li article').first()).toBeVisible();
      await expect(form.getByRole('searchbox')).toHaveValue(keyword);
      const landed = page.url();
      await noJs.close();

      // The same address in a browser with script shows the results of that search, without
      // searching again (the server answered it).
      const js = await browser.newPage();
      const watcher = watchConsole(js);
      const calls: string[] = [];
      js.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/frontend/manual/search') calls.push(r.url());
      });
      await js.goto(landed);
      const q = new URL(landed).searchParams;
      const expected = await api<Paged<Manual>>(
        `/manual/search?keyword=${encodeURIComponent(q.get('keyword')!)}&slug=${q.get('group')}&limit=12`,
        lang,
      );
      expect(expected.total).toBeGreaterThan(0);
      await expect(js.locator('[data-manual-search-results] li article')).toHaveCount(expected.result.length);
      await expect(js.locator('form[data-manual-search]').getByRole('searchbox')).toHaveValue(keyword);
      await js.waitForLoadState('networkidle');
      expect(calls).toEqual([]);
      expect(watcher.errors).toEqual([]);
      await js.close();
    });

    test('multimedia list filters by category (cid) and keyword; e-magazines by keyword', async ({ page }) => {
      const categories = (await api<{ data: Category[] }>('/media/dropdown/category', lang)).data;
      const c = categories[1]!;
      const inCat = await api<Paged<MediaItem>>(`/media/category/all?cid=${c.id}&limit=12`, lang);
      expect(inCat.total).toBeGreaterThan(0);
      const { errors } = await checkPage(page, `${prefix(lang)}/multimedia/`, lang);
      const filter = page.locator('[data-filterable="media"]');
      const select = filter.getByRole('combobox');
      await expect(select.locator('option')).toHaveCount(categories.length + 1);
      const call = nextCall(page, '/media/category/all');
      await select.selectOption(String(c.id));
      expect((await call).get('cid')).toBe(String(c.id));
      const live = filter.locator('[data-filter-results] li article');
      await expect(live).toHaveCount(inCat.result.length);
      for (const m of inCat.result) await expect(filter.locator('[data-filter-results]')).toContainText(m.title);
      await expect(filter.locator('[data-filterable-static]')).toBeHidden();
      await expectNoAxeViolations(page);

      const word = inCat.result[0]!.title.split(/[:：]/)[1]!.trim().split(' ')[0]!;
      const both = await api<Paged<MediaItem>>(
        `/media/category/all?cid=${c.id}&keyword=${encodeURIComponent(word)}&limit=12`,
        lang,
      );
      const kwCall = nextCall(page, '/media/category/all');
      await filter.getByRole('searchbox').fill(word);
      await filter
        .getByRole('button', { name: lang === 'th' ? 'ค้นหา' : 'Search' })
        .first()
        .click();
      const kwSent = await kwCall;
      expect(kwSent.get('keyword')).toBe(word);
      expect(kwSent.get('cid')).toBe(String(c.id));
      await expect(live).toHaveCount(both.result.length);
      expect(errors).toEqual([]);

      type Book = { title: string };
      const books = (await api<Paged<Book>>('/book/category/all?limit=12', lang)).result;
      const bookWord = books[0]!.title.split(' ').find((w) => w.length > 3) ?? books[0]!.title;
      const bookHits = await api<Paged<Book>>(
        `/book/category/all?keyword=${encodeURIComponent(bookWord)}&limit=12`,
        lang,
      );
      await checkPage(page, `${prefix(lang)}/e-magazine/`, lang);
      const bookFilter = page.locator('[data-filterable="books"]');
      await expect(bookFilter.getByRole('combobox')).toHaveCount(0); // the endpoint takes no category
      const bookCall = nextCall(page, '/book/category/all');
      await bookFilter.getByRole('searchbox').fill(bookWord);
      await bookFilter
        .getByRole('button', { name: lang === 'th' ? 'ค้นหา' : 'Search' })
        .first()
        .click();
      expect((await bookCall).get('keyword')).toBe(bookWord);
      await expect(bookFilter.locator('[data-filter-results] li article')).toHaveCount(bookHits.result.length);
      await expectNoAxeViolations(page);
    });

    test('activities: oldest first sends sortBy; a category page filters through /activity/category/{id}', async ({
      page,
    }) => {
      type Activity = { title: string };
      const oldest = await api<Paged<Activity>>('/activity/category/all?sortBy=oldest&limit=12', lang);
      const { errors } = await checkPage(page, `${prefix(lang)}/activities/`, lang);
      const filter = page.locator('[data-filterable="activities"]');
      const sort = filter.getByRole('combobox', { name: lang === 'th' ? 'เรียงตาม' : 'Sort by' });
      const call = nextCall(page, '/activity/category/all');
      await sort.selectOption('oldest');
      expect((await call).get('sortBy')).toBe('oldest');
      await expect(page).toHaveURL(/[?&]sort=oldest/);
      const live = filter.locator('[data-filter-results] li article');
      await expect(live).toHaveCount(12);
      await expect(live.first()).toContainText(oldest.result[0]!.title);
      await expectNoAxeViolations(page);

      const categories = (await api<{ data: Category[] }>('/activity/dropdown/category', lang)).data;
      const c = categories[0]!;
      const word = lang === 'th' ? 'ธุรกิจ' : 'business';
      const inCat = await api<Paged<Activity>>(
        `/activity/category/${c.id}?keyword=${encodeURIComponent(word)}&limit=12`,
        lang,
      );
      await checkPage(page, `${prefix(lang)}/activities/category/${c.id}/`, lang);
      const catCall = nextCall(page, `/activity/category/${c.id}`);
      await page.locator('[data-filterable="activities"]').getByRole('searchbox').fill(word);
      await page.locator('[data-filterable="activities"] form button[type="submit"]').click();
      const sent = await catCall;
      expect(sent.get('keyword')).toBe(word);
      expect(sent.get('sortBy')).toBe('newest');
      await expect(page.locator('[data-filterable="activities"] [data-filter-results] li article')).toHaveCount(
        inCat.result.length,
      );
      expect(errors).toEqual([]);
    });

    test('a department article list filters by region and province (GET /contact/province options)', async ({
      page,
    }) => {
      type Places = { data: { id: number; province: string }[]; regions: { id: string; title: string }[] };
      const all = await api<Places>('/contact/province', lang);
      const north = await api<Places>('/contact/province?region=north', lang);
      const inNorth = await api<Paged<{ title: string }>>(
        '/content/category/own/community?region=north&limit=12',
        lang,
      );
      const p = north.data.find((x) => x.id === 24)!;
      const inProvince = await api<Paged<{ title: string }>>(
        `/content/category/own/community?region=north&province=${p.id}&limit=12`,
        lang,
      );
      expect(inNorth.total).toBeGreaterThan(inProvince.total);
      expect(inProvince.total).toBeGreaterThan(0);
      const { errors } = await checkPage(page, `${prefix(lang)}/articles/own/community/`, lang);
      const filter = page.locator('[data-filterable="articles"]');
      const region = filter.getByRole('combobox', { name: lang === 'th' ? 'ภูมิภาค' : 'Region' });
      await expect(region.locator('option')).toHaveCount(all.regions.length + 1);
      const regionCall = nextCall(page, '/content/category/own/community');
      await region.selectOption('north');
      expect((await regionCall).get('region')).toBe('north');
      const live = filter.locator('[data-filter-results] li article');
      await expect(live).toHaveCount(inNorth.result.length);
      const province = filter.getByRole('combobox', { name: lang === 'th' ? 'จังหวัด' : 'Province' });
      await expect(province.locator('option')).toHaveCount(north.data.length + 1);
      const provinceCall = nextCall(page, '/content/category/own/community');
      await province.selectOption(String(p.id));
      const sent = await provinceCall;
      expect(sent.get('province')).toBe(String(p.id));
      expect(sent.get('region')).toBe('north');
      await expect(live).toHaveCount(inProvince.result.length);
      for (const a of inProvince.result) await expect(filter.locator('[data-filter-results]')).toContainText(a.title);
      await expect(page).toHaveURL(new RegExp(`region=north&province=${p.id}`));
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
    });

    test('the member account is reachable from the header (keyboard) and the site map', async ({ page }) => {
      const name = lang === 'th' ? 'บัญชีของฉัน' : 'My account';
      await checkPage(page, `${prefix(lang)}/news/`, lang);
      const link = page.locator('header').getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', `${prefix(lang)}/account/`);
      // Reached with the keyboard alone: Tab from the top of the page, then Enter.
      await page.locator('body').focus();
      let reached = false;
      for (let i = 0; i < 30 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await link.evaluate((el) => el === document.activeElement);
      }
      expect(reached, 'the account link is in the tab order near the top').toBe(true);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/account/$`));
      await expect(page.locator('h1')).toHaveText(name);

      await checkPage(page, `${prefix(lang)}/sitemap/`, lang);
      const members = page.locator('[data-sitemap-members]');
      for (const path of ['/account/', '/account/login/', '/account/register/'])
        await expect(members.locator(`a[href="${prefix(lang)}${path}"]`)).toBeVisible();
    });

    test('home shows the newest manuals from /manual/home beside the highlighted ones', async ({ page }) => {
      const latest = (await api<{ data: Manual[] }>('/manual/home', lang)).data;
      expect(latest.length).toBeGreaterThan(0);
      await page.goto(`${prefix(lang)}/`);
      const section = page.locator('#home-latest-manuals');
      await expect(section.getByRole('heading', { level: 2 })).toBeVisible();
      await expect(section.locator('li')).toHaveCount(latest.length);
      for (const m of latest) await expect(section).toContainText(m.title);
    });

    test('a search page past the last one says so and links back to the results', async ({ page }) => {
      const q = KEYWORD[lang];
      const answer = await api<{ total: number; results: unknown[] }>(
        `/search?keyword=${encodeURIComponent(q)}&page=99`,
        lang,
      );
      expect(answer.total).toBeGreaterThan(0);
      expect(answer.results).toHaveLength(0);
      const { errors } = await checkPage(page, `${prefix(lang)}/search/?q=${encodeURIComponent(q)}&page=99`, lang);
      const notice = page.locator('[data-past-last-page]');
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(String(answer.total));
      await expect(page.locator('[data-search-status]')).toHaveText('');
      await expectNoAxeViolations(page);
      await notice.getByRole('link').click();
      await expect(page).not.toHaveURL(/page=/);
      await expect(page.locator('[data-search-status]')).toContainText(String(answer.total));
      await expect(notice).toHaveCount(0);

      // The manual search the same way.
      await page.goto(`${prefix(lang)}/manuals/search/?keyword=${encodeURIComponent(q)}&page=50`);
      const manualNotice = page.locator('[data-past-last-page]');
      await expect(manualNotice).toBeVisible();
      await expect(page.locator('[data-manual-search-results] li article')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await manualNotice.getByRole('link').click();
      await expect(page.locator('[data-manual-search-results] li article')).toHaveCount(12);
      expect(errors).toEqual([]);
    });
  });
}
