/**
 * The module-based areas whose ids come from the menus: collapsible content
 * (/collapse/{m}/, /collapse/{m}/{id}/), organisation charts (/organization/{m}/,
 * /organization/{m}/staff/{id}/) and common articles (/common-article/{m}/,
 * /common-article/{m}/category/{id}/, /common-article/{m}/{id}/).
 */
import { expect, test } from './support/test';
import { checkPage, checkReadsWithoutJs, type Lang } from './support/page-checks';
import { api } from './support/api';

// Each test visits several pages and runs axe on most of them: three times the default time.
test.beforeEach(() => test.slow());

const PREFIX = { th: '', en: '/en' } as const;

type MenuItem = { path: string; children?: MenuItem[] };

/** Module paths the menus link to, e.g. ['/collapse/1/', '/organization/1/', …]. */
async function menuModulePaths(lang: Lang): Promise<string[]> {
  const menus = await Promise.all([
    api<{ data: MenuItem[] }>('/menu', lang),
    api<{ data: MenuItem[] }>('/new-menu', lang),
  ]);
  const paths = new Set<string>();
  const visit = (items: MenuItem[]) =>
    items.forEach((i) => {
      if (/^\/(collapse|organization|common-article)\/[^/]+\/$/.test(i.path)) paths.add(i.path);
      visit(i.children ?? []);
    });
  menus.forEach((m) => visit(m.data));
  return [...paths];
}

const firstId = (path: string) => path.split('/')[2]!;

for (const lang of ['th', 'en'] as const) {
  test.describe(`Modules from the menus (${lang})`, () => {
    test('every module a menu links to has its page', async ({ page }) => {
      const paths = await menuModulePaths(lang);
      expect(paths.length).toBeGreaterThanOrEqual(3);
      for (const path of paths) {
        const response = await page.goto(`${PREFIX[lang]}${path}`);
        expect(response?.status(), path).toBe(200);
        await expect(page.locator('h1')).not.toBeEmpty();
      }
    });

    test('collapsible content: groups open and close, items lead to their detail', async ({ page }) => {
      const moduleId = firstId((await menuModulePaths(lang)).find((p) => p.startsWith('/collapse/'))!);
      type Collapse = {
        data: { module: { title: string }; groups: { title: string; items: { id: number; title: string }[] }[] };
      };
      const data = (await api<Collapse>(`/collapse?module_id=${moduleId}`, lang)).data;
      await checkPage(page, `${PREFIX[lang]}/collapse/${moduleId}/`, lang);
      await expect(page.locator('h1')).toHaveText(data.module.title);
      const second = page.locator('details', { has: page.getByRole('heading', { name: data.groups[1]!.title }) });
      const item = data.groups[1]!.items[0]!;
      await expect(second.getByRole('link', { name: item.title })).toBeHidden();
      await second.locator('summary').click();
      await second.getByRole('link', { name: item.title }).click();
      await expect(page).toHaveURL(new RegExp(`${PREFIX[lang]}/collapse/${moduleId}/${item.id}/$`));
      await checkPage(page, `${PREFIX[lang]}/collapse/${moduleId}/${item.id}/`, lang);
      await expect(page.locator('h1')).toHaveText(item.title);
      await expect(
        page.getByRole('navigation', { name: lang === 'th' ? /ตำแหน่ง|คุณอยู่ที่/ : 'You are here' }),
      ).toContainText(data.module.title);
    });

    test('organisation chart: a nested list of divisions with staff cards, and a staff page', async ({ page }) => {
      const moduleId = firstId((await menuModulePaths(lang)).find((p) => p.startsWith('/organization/'))!);
      type Org = {
        data: {
          divisions: {
            id: number;
            title: string;
            parent_id: number | null;
            staff: { id: number; name: string; position: string }[];
          }[];
        };
      };
      const org = (await api<Org>(`/organization?module_id=${moduleId}`, lang)).data;
      await checkPage(page, `${PREFIX[lang]}/organization/${moduleId}/`, lang);
      const child = org.divisions.find((d) => d.parent_id !== null)!;
      const parent = org.divisions.find((d) => d.id === child.parent_id)!;
      // The child division sits in a list inside its parent's list item: a real tree.
      const parentItem = page.locator('li.org-node', { has: page.locator(`#division-${parent.id}`) }).first();
      await expect(parentItem.locator(`ul li #division-${child.id}`)).toHaveCount(1);
      const person = org.divisions[0]!.staff[0]!;
      const card = page
        .locator('li.staff-card', { has: page.getByRole('link', { name: person.name, exact: true }) })
        .first();
      await expect(card).toContainText(person.position);
      await expect(card.locator('img')).toHaveAttribute('width', /\d+/);
      await expect(card.locator('img')).toHaveAttribute('height', /\d+/);
      await card.getByRole('link', { name: person.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${PREFIX[lang]}/organization/${moduleId}/staff/${person.id}/$`));
      type Staff = { data: { email: string; phone: string; division: { title: string } } };
      const staff = (await api<Staff>(`/organization/staff/${person.id}?module_id=${moduleId}`, lang)).data;
      await checkPage(page, `${PREFIX[lang]}/organization/${moduleId}/staff/${person.id}/`, lang);
      await expect(page.locator('h1')).toHaveText(person.name);
      await expect(page.getByRole('link', { name: staff.email })).toHaveAttribute('href', `mailto:${staff.email}`);
      await expect(page.getByRole('link', { name: staff.division.title })).toBeVisible();
      await expect(page.locator('main img').first()).toHaveAttribute('width', /\d+/);
    });

    test('common articles: categories, a category page and a content page', async ({ page }) => {
      const moduleId = firstId((await menuModulePaths(lang)).find((p) => p.startsWith('/common-article/'))!);
      type Cats = { data: { id: number; title: string; parent_id: number | null }[] };
      const cats = (await api<Cats>(`/common-article/category?module_id=${moduleId}`, lang)).data;
      await checkPage(page, `${PREFIX[lang]}/common-article/${moduleId}/`, lang);
      for (const c of cats) await expect(page.getByRole('link', { name: c.title, exact: true })).toBeVisible();
      const category = cats[0]!;
      type Cat = { data: { contents: { id: number; title: string; published_at: string }[] } };
      const contents = (await api<Cat>(`/common-article/category/${category.id}`, lang)).data.contents;
      await page.getByRole('link', { name: category.title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${PREFIX[lang]}/common-article/${moduleId}/category/${category.id}/$`));
      await checkPage(page, `${PREFIX[lang]}/common-article/${moduleId}/category/${category.id}/`, lang);
      const content = contents[0]!;
      await page.getByRole('link', { name: content.title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${PREFIX[lang]}/common-article/${moduleId}/${content.id}/$`));
      await checkPage(page, `${PREFIX[lang]}/common-article/${moduleId}/${content.id}/`, lang);
      await expect(page.locator('h1')).toHaveText(content.title);
      const year = Number(content.published_at.slice(0, 4));
      await expect(page.locator('header time')).toContainText(String(lang === 'th' ? year + 543 : year));
      await expect(page.locator('main')).toContainText(/\(PDF, [\d.,]+ \S+\)/);
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    });
  });
}

test.describe('Module pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the organisation chart and a collapse group read', async ({ page }) => {
    type Org = { data: { divisions: { staff: { name: string }[] }[] } };
    const org = (await api<Org>('/organization?module_id=1', 'th')).data;
    await checkReadsWithoutJs(page, '/organization/1/', org.divisions[0]!.staff[0]!.name);
    type Collapse = { data: { groups: { items: { title: string }[] }[] } };
    const first = (await api<Collapse>('/collapse?module_id=1', 'th')).data.groups[0]!.items[0]!;
    await checkReadsWithoutJs(page, '/collapse/1/', first.title);
  });
});
