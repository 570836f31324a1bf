/**
 * Procurement notices and procurement documents: the notice list at 12 a page in
 * the procurement filter slot, a page per group, notice details with status, method, budget
 * (grouped digits in the page's language), announced and closing dates and attachments;
 * /procure/ with every group and /procure/{groupId}/ with all of a group's documents.
 */
import { expect, test } from './support/test';
import { checkPage, checkReadsWithoutJs, type Lang } from './support/page-checks';
import { api, langPrefix as prefix } from './support/api';

const LANGS: Lang[] = ['th', 'en'];
// Several pages a test, each with a full axe run: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

type Purchase = {
  uuid: string;
  title: string;
  method: string;
  budget: number | null;
  closing_at: string | null;
  group: { id: number; title: string };
};
type Paged<T> = { result: T[]; total: number };
type ProcureGroup = { id: number; title: string; procure_list: { title: string }[] };

for (const lang of LANGS) {
  test.describe(`procurement (${lang})`, () => {
    test('the list paginates at 12 and sits in the procurement filter with every group', async ({ page }) => {
      const all = await api<Paged<Purchase>>('/purchase/all?page=1&limit=100', lang);
      const { data: groups } = await api<{ data: { id: number; title: string }[] }>('/purchase/group', lang);
      await checkPage(page, `${prefix(lang)}/procurement/`, lang);
      const list = page.locator('[data-filterable="procurement"]');
      await expect(list.locator('li article')).toHaveCount(12);
      await expect(list).toContainText(all.result[0]!.title);
      for (const g of groups)
        await expect(page.locator('main nav').getByRole('link', { name: g.title, exact: true })).toBeVisible();

      await checkPage(page, `${prefix(lang)}/procurement/page/2/`, lang);
      await expect(page.locator('main')).toContainText(all.result[12]!.title);
      await expect(page.locator('main')).not.toContainText(all.result[0]!.title);
    });

    test('every group has a page listing only its notices', async ({ page }) => {
      const { data: groups } = await api<{ data: { id: number; title: string }[] }>('/purchase/group', lang);
      for (const g of groups) {
        const res = await page.request.get(`${prefix(lang)}/procurement/group/${g.id}/`);
        expect(res.status(), `group ${g.id}`).toBe(200);
      }
      const g = groups[1]!;
      const inGroup = await api<Paged<Purchase>>(`/purchase/all?gid=${g.id}&limit=12`, lang);
      const other = await api<Paged<Purchase>>(`/purchase/all?gid=${groups[0]!.id}&limit=1`, lang);
      await checkPage(page, `${prefix(lang)}/procurement/group/${g.id}/`, lang);
      await expect(page.locator('h1')).toHaveText(g.title);
      for (const p of inGroup.result) await expect(page.locator('main')).toContainText(p.title);
      await expect(page.locator('main')).not.toContainText(other.result[0]!.title);
    });

    test('a notice shows status, method, budget in the page language, dates and attachments', async ({ page }) => {
      const all = await api<Paged<Purchase>>('/purchase/all?page=1&limit=100', lang);
      const p = all.result.find((x) => x.budget !== null && x.closing_at) ?? all.result[0]!;
      await checkPage(page, `${prefix(lang)}/procurement/${p.uuid}/`, lang);
      await expect(page.locator('h1')).toHaveText(p.title);
      const main = page.locator('main');
      await expect(main).toContainText(p.method);
      if (p.budget !== null) {
        const grouped = new Intl.NumberFormat(lang === 'th' ? 'th-TH' : 'en-GB').format(p.budget);
        await expect(main.locator('[data-budget]')).toContainText(grouped);
        await expect(main.locator('[data-budget]')).toContainText(lang === 'th' ? 'บาท' : 'baht');
      }
      await expect(main.locator('time').first()).toContainText(lang === 'th' ? /25\d\d/ : /20\d\d/);
      const { data: detail } = await api<{ data: { attachments: { name: string }[] } }>(
        `/purchase/view/${p.uuid}`,
        lang,
      );
      for (const f of detail.attachments)
        await expect(main.locator('a[download]').filter({ hasText: f.name }).first()).toContainText(
          /\([A-Z0-9]+, [\d.,]+ /,
        );
    });
  });

  test.describe(`procure (${lang})`, () => {
    test('/procure/ shows every group with its first items and a link to all of them', async ({ page }) => {
      const { data: groups } = await api<{ data: ProcureGroup[] }>('/procure/group', lang);
      await checkPage(page, `${prefix(lang)}/procure/`, lang);
      for (const g of groups) {
        await expect(page.locator('main h2').filter({ hasText: g.title })).toBeVisible();
        if (g.procure_list[0]) await expect(page.locator('main')).toContainText(g.procure_list[0].title);
        await expect(page.locator(`main a[href="${prefix(lang)}/procure/${g.id}/"]`).first()).toBeVisible();
      }
    });

    test('/procure/{groupId}/ lists all of a group, paginated past 12', async ({ page }) => {
      const { data: groups } = await api<{ data: ProcureGroup[] }>('/procure/group', lang);
      for (const g of groups) {
        const res = await page.request.get(`${prefix(lang)}/procure/${g.id}/`);
        expect(res.status(), `procure group ${g.id}`).toBe(200);
      }
      const g = groups[0]!;
      const all = await api<Paged<{ title: string; attachments: { name: string }[] }>>(
        `/procure/content?group_id=${g.id}&limit=100`,
        lang,
      );
      await checkPage(page, `${prefix(lang)}/procure/${g.id}/`, lang);
      await expect(page.locator('h1')).toHaveText(g.title);
      await expect(page.locator('main h2')).toHaveCount(Math.min(12, all.total));
      await expect(page.locator('main')).toContainText(all.result[0]!.title);
      if (all.result[0]!.attachments[0])
        await expect(page.locator('main a[download]').first()).toContainText(/\([A-Z0-9]+, [\d.,]+ /);
      if (all.total > 12) {
        await checkPage(page, `${prefix(lang)}/procure/${g.id}/page/2/`, lang);
        await expect(page.locator('main')).toContainText(all.result[12]!.title);
      }
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('procurement pages read without script', async ({ page }) => {
    const all = await api<Paged<Purchase>>('/purchase/all?page=1&limit=1', 'th');
    await checkReadsWithoutJs(page, '/procurement/', all.result[0]!.title);
    await checkReadsWithoutJs(page, `/procurement/${all.result[0]!.uuid}/`, all.result[0]!.method);
    const { data } = await api<{ data: ProcureGroup[] }>('/procure/group', 'en');
    await checkReadsWithoutJs(page, '/en/procure/', data[0]!.title);
  });
});
