/**
 * Service manuals (issue 4): groups and highlights on /manuals/, a page per group (12 a
 * page) in the manuals filter slot, manual details with group, update date and attachments,
 * and the static search page whose GET form works without script and lists the groups.
 */
import { expect, test } from './support/test';
import { checkPage, checkReadsWithoutJs, type Lang } from './support/page-checks';
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

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('manual pages read without script and the search page explains itself', async ({ page }) => {
    const groups = (await api<Paged<Group>>('/manual/groups?page=1&limit=9999', 'th')).result;
    await checkReadsWithoutJs(page, '/manuals/', groups[0]!.title);
    await checkReadsWithoutJs(page, `/manuals/group/${groups[0]!.id}/`, groups[0]!.title);
    await checkReadsWithoutJs(page, '/en/manuals/search/', 'browse the groups');
    // Submitting the form without script is a plain GET to the same page, never an error.
    await page.locator('form[data-manual-search]').getByRole('searchbox').fill('export');
    await page.locator('form[data-manual-search] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/en\/manuals\/search\/\?keyword=export/);
    await expect(page.locator('h1')).toBeVisible();
  });
});
