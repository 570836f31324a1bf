/**
 * Contact pages: departments with the contact covers, a page per department
 * (address, phone, fax, email, hours, map, divisions), divisions with the division cover
 * and attachments, and all 77 provincial offices grouped by region in the provinces filter slot.
 */
import { expect, test } from './support/test';
import { checkPage, checkReadsWithoutJs, type Lang } from './support/page-checks';
import { api, langPrefix as prefix } from './support/api';

const LANGS: Lang[] = ['th', 'en'];
// Several pages a test, each with a full axe run: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

type Department = {
  id: number;
  name: string;
  address: string;
  phone: string;
  fax: string;
  email: string;
  hours: string;
  divisions: { name: string }[];
  map_image: unknown;
};

for (const lang of LANGS) {
  test.describe(`contact (${lang})`, () => {
    test('the contact page lists every department and shows the covers', async ({ page }) => {
      const { data: departments } = await api<{ data: Department[] }>('/contact/department', lang);
      const { data: covers } = await api<{ data: { image: { alt: string } }[] }>('/contact/covers', lang);
      await checkPage(page, `${prefix(lang)}/contact/`, lang);
      for (const d of departments) {
        await expect(page.locator('main').getByRole('link', { name: d.name, exact: true })).toHaveAttribute(
          'href',
          `${prefix(lang)}/contact/department/${d.id}/`,
        );
      }
      await expect(page.locator('main figure img')).toHaveCount(covers.length);
    });

    test('every department has a page with address, phone, fax, email, hours, map and divisions', async ({ page }) => {
      const { data: departments } = await api<{ data: Department[] }>('/contact/department', lang);
      for (const d of departments) {
        const res = await page.request.get(`${prefix(lang)}/contact/department/${d.id}/`);
        expect(res.status(), `department ${d.id}`).toBe(200);
      }
      const d = departments.find((x) => x.fax && x.map_image && x.divisions.length > 0) ?? departments[0]!;
      await checkPage(page, `${prefix(lang)}/contact/department/${d.id}/`, lang);
      await expect(page.locator('h1')).toHaveText(d.name);
      const main = page.locator('main');
      for (const text of [d.address, d.phone, d.fax, d.email, d.hours].filter(Boolean))
        await expect(main).toContainText(text);
      await expect(main.locator(`a[href="mailto:${d.email}"]`).first()).toBeVisible();
      if (d.map_image) await expect(main.locator('figure img')).toHaveAttribute('width', /\d+/);
      for (const div of d.divisions) await expect(main).toContainText(div.name);
    });

    test('the division page shows the cover, every division and the attachments with type and size', async ({
      page,
    }) => {
      const { data: divisions } = await api<{ data: { name: string; head: string }[] }>('/contact/division', lang);
      const { data: files } = await api<{ data: { name: string }[] }>('/contact/division/attachments', lang);
      await checkPage(page, `${prefix(lang)}/contact/division/`, lang);
      const main = page.locator('main');
      await expect(main.locator('img').first()).toBeVisible();
      for (const d of divisions) await expect(main).toContainText(d.name);
      for (const f of files)
        await expect(main.locator('a[download]').filter({ hasText: f.name }).first()).toContainText(
          /\([A-Z0-9]+, [\d.,]+ /,
        );
    });

    test('the province page lists all 77 provinces under a heading per region, in the provinces filter', async ({
      page,
    }) => {
      const res = await api<{
        data: { province: string; region: { id: string } }[];
        regions: { id: string; title: string }[];
      }>('/contact/province', lang);
      expect(res.data).toHaveLength(77);
      await checkPage(page, `${prefix(lang)}/contact/province/`, lang);
      const filter = page.locator('[data-filterable="provinces"]');
      await expect(filter.locator('[data-province]')).toHaveCount(77);
      for (const region of res.regions) {
        const inRegion = res.data.filter((p) => p.region.id === region.id);
        if (inRegion.length === 0) continue;
        const section = filter.locator(`section[data-region="${region.id}"]`);
        await expect(section.locator('h2')).toContainText(region.title);
        await expect(section.locator('[data-province]')).toHaveCount(inRegion.length);
        await expect(section).toContainText(inRegion[0]!.province);
      }
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('contact pages read without script', async ({ page }) => {
    const { data } = await api<{ data: Department[] }>('/contact/department', 'th');
    await checkReadsWithoutJs(page, '/contact/', data[0]!.name);
    await checkReadsWithoutJs(
      page,
      `/en/contact/department/${data[0]!.id}/`,
      (await api<{ data: Department[] }>('/contact/department', 'en')).data[0]!.name,
    );
    const provinces = await api<{ data: { province: string }[] }>('/contact/province', 'th');
    await checkReadsWithoutJs(page, '/contact/province/', provinces.data[76]!.province);
  });
});
