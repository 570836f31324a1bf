/**
 * Service manuals: groups and highlights on /manuals/, a page per group (12 a
 * page) in the manuals filter slot, manual details with group, update date and attachments,
 * and the search page, whose GET form lands on results rendered by the site server without
 * script (results, pages, keyword kept, no results, a failed search, hostile input).
 */
import { expect, test, type Page } from './support/test';
import { checkPage, checkReadsWithoutJs, expectNoAxeViolations, watchConsole, type Lang } from './support/page-checks';
import { api, langPrefix as prefix } from './support/api';

const LANGS: Lang[] = ['th', 'en'];
// Several pages a test, each with a full axe run: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

type Group = { id: number; slug: string; title: string };
type Manual = { uuid: string; title: string; highlight: boolean; group: { id: number; title: string } };
type Paged<T> = { result: T[]; total: number };

for (const lang of LANGS) {
  test.describe(`manuals (${lang})`, () => {
    test('/manuals/ shows every group and the highlighted manuals', async ({ page }) => {
      const groups = (await api<Paged<Group>>('/manual/groups?page=1&limit=9999', lang)).result;
      await checkPage(page, `${prefix(lang)}/manuals/`, lang);
      for (const g of groups) {
        await expect(page.locator(`main a[href="${prefix(lang)}/manuals/group/${g.id}/"]`).first()).toHaveText(g.title);
      }
      const lists = await Promise.all(groups.map((g) => api<Paged<Manual>>(`/manual/group/${g.id}?limit=100`, lang)));
      const highlighted = lists.flatMap((l) => l.result).filter((m) => m.highlight);
      expect(highlighted.length).toBeGreaterThan(0);
      const filter = page.locator('[data-filterable="manuals"]');
      for (const m of highlighted) await expect(filter).toContainText(m.title);
    });

    test('each group page lists exactly its manuals', async ({ page }) => {
      const groups = (await api<Paged<Group>>('/manual/groups?page=1&limit=9999', lang)).result;
      for (const g of groups) {
        const res = await page.request.get(`${prefix(lang)}/manuals/group/${g.id}/`);
        expect(res.status(), `group ${g.id}`).toBe(200);
      }
      const g = groups[0]!;
      const manuals = await api<Paged<Manual>>(`/manual/group/${g.id}?limit=12`, lang);
      await checkPage(page, `${prefix(lang)}/manuals/group/${g.id}/`, lang);
      await expect(page.locator('h1')).toHaveText(g.title);
      const list = page.locator('[data-filterable="manuals"] li article');
      await expect(list).toHaveCount(manuals.result.length);
      for (const m of manuals.result) await expect(page.locator('main')).toContainText(m.title);
    });

    test('a manual shows its group, update date in the page language and attachments', async ({ page }) => {
      const groups = (await api<Paged<Group>>('/manual/groups?page=1&limit=9999', lang)).result;
      const first = (await api<Paged<Manual>>(`/manual/group/${groups[0]!.id}?limit=1`, lang)).result[0]!;
      const { data } = await api<{ data: Manual & { attachments: { name: string }[] } }>(
        `/manual/view/${first.uuid}`,
        lang,
      );
      await checkPage(page, `${prefix(lang)}/manuals/${first.uuid}/`, lang);
      await expect(page.locator('h1')).toHaveText(data.title);
      await expect(page.locator('nav[aria-label] ol')).toContainText(data.group.title);
      await expect(page.locator('main time').first()).toContainText(lang === 'th' ? /25\d\d/ : /20\d\d/);
      for (const f of data.attachments)
        await expect(page.locator('main a[download]').filter({ hasText: f.name }).first()).toContainText(
          /\([A-Z0-9]+, [\d.,]+ /,
        );
    });

    test('the search page has a labelled GET form over keyword and group, and lists the groups', async ({ page }) => {
      const groups = (await api<Paged<Group>>('/manual/groups?page=1&limit=9999', lang)).result;
      await checkPage(page, `${prefix(lang)}/manuals/search/`, lang);
      const form = page.locator('form[data-manual-search]');
      await expect(form).toHaveAttribute('method', 'get');
      await expect(form.getByRole('searchbox')).toHaveAttribute('name', 'keyword');
      const select = form.getByRole('combobox');
      await expect(select).toHaveAttribute('name', 'group');
      await expect(select.locator('option')).toHaveCount(groups.length + 1);
      for (const g of groups)
        await expect(page.locator(`main a[href="${prefix(lang)}/manuals/group/${g.id}/"]`).first()).toBeVisible();
    });
  });
}

const KEYWORD = { th: 'ขั้นตอนการยื่นคำขอ', en: 'apply' } as const;
const TEXT = {
  th: { next: 'หน้าถัดไป', none: 'ไม่พบคู่มือ', failed: 'ค้นหาคู่มือไม่สำเร็จ', retry: 'ลองอีกครั้ง' },
  en: { next: 'Next page', none: 'No manual matches', failed: 'The search could not be done', retry: 'Try again' },
} as const;
const HOSTILE = '"><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';

/** The titles of the search results shown in the page. */
const resultTitles = (page: Page) => page.locator('[data-manual-search-results] li article a').allInnerTexts();

/** Nothing a hostile keyword carried ran or became markup; the box still holds it as typed. */
async function expectHostileInert(page: Page, dialogs: string[], scripts: boolean) {
  await expect(page.locator('form[data-manual-search]').getByRole('searchbox')).toHaveValue(HOSTILE);
  expect(await page.locator('main img[src="x"]').count()).toBe(0);
  expect(await page.locator('script', { hasText: '__pwned' }).count()).toBe(0);
  if (scripts) expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('manual pages read without script and the search page explains itself', async ({ page }) => {
    const groups = (await api<Paged<Group>>('/manual/groups?page=1&limit=9999', 'th')).result;
    await checkReadsWithoutJs(page, '/manuals/', groups[0]!.title);
    await checkReadsWithoutJs(page, `/manuals/group/${groups[0]!.id}/`, groups[0]!.title);
    await checkReadsWithoutJs(page, '/en/manuals/search/', 'browse the groups');
  });

  for (const lang of LANGS) {
    test(`manual search lands on server-rendered results, pages and keeps the keyword (${lang})`, async ({ page }) => {
      const keyword = KEYWORD[lang];
      const first = await api<Paged<Manual>>(`/manual/search?keyword=${encodeURIComponent(keyword)}&limit=12`, lang);
      const second = await api<Paged<Manual>>(
        `/manual/search?keyword=${encodeURIComponent(keyword)}&limit=12&page=2`,
        lang,
      );
      expect(first.total).toBeGreaterThan(12);
      const watcher = watchConsole(page);
      await page.goto(`${prefix(lang)}/manuals/search/`);
      const form = page.locator('form[data-manual-search]');
      await form.getByRole('searchbox').fill(keyword);
      await form.getByRole('button').click();
      await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/manuals/search/\\?keyword=`));
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      expect(await resultTitles(page)).toEqual(first.result.map((m) => m.title));
      await expect(page.locator('[data-manual-search-status]')).toContainText(String(first.total));
      await expect(page.locator('[data-manual-search-status]')).toContainText(keyword);
      await expect(form.getByRole('searchbox')).toHaveValue(keyword);

      // The pager is a real link: the next page is rendered by the server too.
      await page.locator('[data-manual-search-results]').getByRole('link', { name: TEXT[lang].next }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      expect(await resultTitles(page)).toEqual(second.result.map((m) => m.title));
      await expect(form.getByRole('searchbox')).toHaveValue(keyword);

      expect(watcher.errors).toEqual([]);
    });

    test(`manual search says so on no results and on a failed search (${lang})`, async ({ page }) => {
      await page.goto(`${prefix(lang)}/manuals/search/?keyword=zzqqxxnothing`);
      await expect(page.locator('[data-manual-search-status]')).toContainText(TEXT[lang].none);
      await expect(page.locator('[data-manual-search-results] li')).toHaveCount(0);
      await expect(page.locator('form[data-manual-search]').getByRole('searchbox')).toHaveValue('zzqqxxnothing');

      // The API refuses an unknown group (404): the page says the search failed and offers a retry.
      const res = await page.goto(`${prefix(lang)}/manuals/search/?keyword=tax&group=no-such-group`);
      expect(res?.headers()['cache-control']).toBe('no-store');
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(TEXT[lang].failed);
      await expect(alert.getByRole('link', { name: TEXT[lang].retry })).toHaveAttribute(
        'href',
        `${prefix(lang)}/manuals/search/?keyword=tax&group=no-such-group`,
      );
    });

    test(`a hostile keyword is shown as text, never run (${lang})`, async ({ page }) => {
      const dialogs: string[] = [];
      page.on('dialog', (d) => void dialogs.push(d.message()));
      await page.goto(`${prefix(lang)}/manuals/search/?keyword=${encodeURIComponent(HOSTILE)}`);
      await expect(page.locator('[data-manual-search-status]')).toContainText(TEXT[lang].none);
      await expectHostileInert(page, dialogs, false);
    });
  }
});

// axe runs inside the page, so the server-rendered states are scanned with script on: the same
// HTML, which the island hydrates without searching again (a failed search it tries once more).
for (const lang of LANGS) {
  test(`the server-rendered search states have no axe violations (${lang})`, async ({ page }) => {
    const search = `${prefix(lang)}/manuals/search/`;
    await checkPage(page, `${search}?keyword=${encodeURIComponent(KEYWORD[lang])}&page=2`, lang);
    await expect(page.locator('[data-manual-search-results] li').first()).toBeVisible();
    await checkPage(page, `${search}?keyword=zzqqxxnothing`, lang);
    await expect(page.locator('[data-manual-search-status]')).toContainText(TEXT[lang].none);
    await page.goto(`${search}?keyword=tax&group=no-such-group`);
    await expect(page.getByRole('alert')).toContainText(TEXT[lang].failed);
    await expectNoAxeViolations(page);
  });
}

test('with JavaScript, a hostile keyword typed into the search is shown as text, never run', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => void dialogs.push(d.message()));
  await page.goto(`/en/manuals/search/?keyword=${encodeURIComponent(HOSTILE)}`);
  await expect(page.locator('[data-manual-search-status]')).toContainText(TEXT.en.none);
  const form = page.locator('form[data-manual-search]');
  await form.getByRole('searchbox').fill('x');
  await form.getByRole('searchbox').fill(HOSTILE);
  await form.getByRole('button').click();
  await expect(page.locator('[data-manual-search-status]')).toContainText(TEXT.en.none);
  await expectHostileInert(page, dialogs, true);
});
