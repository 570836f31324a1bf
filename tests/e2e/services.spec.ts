/**
 * Services, online services and home services: groups with their services and
 * the hot ones highlighted, a page per service and per group, online-service details with
 * the service's address as a clear call to action, and the home services with details.
 */
import { expect, test } from './support/test';
import { checkPage, checkReadsWithoutJs, type Lang } from './support/page-checks';
import { api, langPrefix as prefix } from './support/api';

const LANGS: Lang[] = ['th', 'en'];
// Several pages a test, each with a full axe run: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

type Service = { slug: string; title: string; group: { slug: string; title: string } };
type Group = { slug: string; title: string; services: Service[] };
type OnlineService = { id: number; title: string; url: string | null; category_id: number };

for (const lang of LANGS) {
  test.describe(`services (${lang})`, () => {
    test('/services/ shows every group with its services and the hot services first', async ({ page }) => {
      const { data: groups } = await api<{ data: Group[] }>('/services/home', lang);
      const { data: hot } = await api<{ data: Service[] }>('/services/home/single-page', lang);
      await checkPage(page, `${prefix(lang)}/services/`, lang);
      for (const g of groups) {
        await expect(page.locator(`main h2 a[href="${prefix(lang)}/services/group/${g.slug}/"]`)).toHaveText(g.title);
        for (const s of g.services)
          await expect(page.locator(`main a[href="${prefix(lang)}/services/${s.slug}/"]`).first()).toHaveText(s.title);
      }
      const hotSection = page.locator('main section').first();
      for (const s of hot) await expect(hotSection).toContainText(s.title);
    });

    test('every service and group has a page; a service page shows its group and siblings', async ({ page }) => {
      const { data: groups } = await api<{ data: Group[] }>('/services/home', lang);
      for (const g of groups) {
        expect((await page.request.get(`${prefix(lang)}/services/group/${g.slug}/`)).status()).toBe(200);
        for (const s of g.services)
          expect((await page.request.get(`${prefix(lang)}/services/${s.slug}/`)).status(), s.slug).toBe(200);
      }
      const g = groups.find((x) => x.services.length > 1)!;
      const s = g.services[0]!;
      const { data } = await api<{ data: { url: string | null; title: string } }>(`/services/page/${s.slug}`, lang);
      await checkPage(page, `${prefix(lang)}/services/${s.slug}/`, lang);
      await expect(page.locator('h1')).toHaveText(data.title);
      await expect(page.locator('nav[aria-label] ol')).toContainText(g.title);
      await expect(page.locator('main')).toContainText(g.services[1]!.title);
      if (data.url) await expect(page.locator('[data-service-cta]')).toBeVisible();

      await checkPage(page, `${prefix(lang)}/services/group/${g.slug}/`, lang);
      await expect(page.locator('h1')).toHaveText(g.title);
      for (const x of g.services) await expect(page.locator('main')).toContainText(x.title);
    });
  });

  test.describe(`online services (${lang})`, () => {
    test('/online-services/ shows categories with their services and the hot ones', async ({ page }) => {
      const { data: categories } = await api<{ data: { id: number; title: string }[] }>(
        '/online-service/category/list',
        lang,
      );
      const { data: hot } = await api<{ data: OnlineService[] }>('/online-service/hot-service', lang);
      await checkPage(page, `${prefix(lang)}/online-services/`, lang);
      for (const c of categories) {
        await expect(page.locator('main h2').filter({ hasText: c.title })).toBeVisible();
        const { data: services } = await api<{ data: OnlineService[] }>(
          `/online-service/service-category/${c.id}`,
          lang,
        );
        for (const s of services)
          await expect(page.locator(`main a[href="${prefix(lang)}/online-services/${s.id}/"]`).first()).toHaveText(
            s.title,
          );
      }
      for (const s of hot) await expect(page.locator('main section').first()).toContainText(s.title);
    });

    test('a service page offers its address as a call to action, or says it is not online', async ({ page }) => {
      const { data: categories } = await api<{ data: { id: number }[] }>('/online-service/category/list', lang);
      const services = (
        await Promise.all(
          categories.map((c) => api<{ data: OnlineService[] }>(`/online-service/service-category/${c.id}`, lang)),
        )
      ).flatMap((r) => r.data);
      for (const s of services)
        expect((await page.request.get(`${prefix(lang)}/online-services/${s.id}/`)).status(), String(s.id)).toBe(200);
      const external = services.find((s) => s.url && /^https?:/.test(s.url));
      const target = external ?? services[0]!;
      await checkPage(page, `${prefix(lang)}/online-services/${target.id}/`, lang);
      await expect(page.locator('h1')).toHaveText(target.title);
      if (external) await expect(page.locator('[data-service-cta]')).toHaveAttribute('href', external.url!);
    });
  });

  test.describe(`home services (${lang})`, () => {
    test('the list and a detail page show real home services', async ({ page }) => {
      const { data } = await api<{ data: { id: number; title: string }[] }>('/home-service/home', lang);
      await checkPage(page, `${prefix(lang)}/home-services/`, lang);
      for (const s of data)
        await expect(page.locator(`main a[href="${prefix(lang)}/home-services/${s.id}/"]`)).toHaveText(s.title);
      const { data: detail } = await api<{ data: { title: string; attachments: { name: string }[] } }>(
        `/home-service/detail/${data[0]!.id}`,
        lang,
      );
      await checkPage(page, `${prefix(lang)}/home-services/${data[0]!.id}/`, lang);
      await expect(page.locator('h1')).toHaveText(detail.title);
      for (const f of detail.attachments)
        await expect(page.locator('main a[download]').filter({ hasText: f.name }).first()).toContainText(
          /\([A-Z0-9]+, [\d.,]+ /,
        );
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('service pages read without script', async ({ page }) => {
    const { data: groups } = await api<{ data: Group[] }>('/services/home', 'th');
    await checkReadsWithoutJs(page, '/services/', groups[0]!.title);
    await checkReadsWithoutJs(page, `/services/${groups[0]!.services[0]!.slug}/`, groups[0]!.services[0]!.title);
    const { data: hot } = await api<{ data: OnlineService[] }>('/online-service/hot-service', 'en');
    await checkReadsWithoutJs(page, `/en/online-services/${hot[0]!.id}/`, hot[0]!.title);
    const { data: home } = await api<{ data: { title: string }[] }>('/home-service/home', 'en');
    await checkReadsWithoutJs(page, '/en/home-services/', home[0]!.title);
  });
});
