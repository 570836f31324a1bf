/**
 * Home popup island: a native modal <dialog> shown once per browser session —
 * focus inside while open (trapped), closes with Escape, its button or a click outside,
 * focus returns, not shown again on reload, shown again in a new browser context; no axe
 * violations while it is open. Both languages.
 *
 * The dialog is rendered on the server and opened by a small inline script before React
 * (PopupSlot.astro), so its image paints with the page; the island hydrates on the first
 * interaction with it (client:interaction). The tests hold or refuse the island's code to show
 * the popup works without it, and check React takes over after an interaction.
 */
import { expect, test, type Page } from './support/test';
import thCommon from '../../locales/th/common.json' with { type: 'json' };
import enCommon from '../../locales/en/common.json' with { type: 'json' };
import { expectNoAxeViolations, watchConsole } from './support/page-checks';
import { API_URL } from './support/api';

test.describe.configure({ timeout: 90_000 });

const COMMON = { th: thCommon, en: enCommon } as const;
const HOME = { th: '/', en: '/en/' } as const;

async function apiPopup(lang: 'th' | 'en'): Promise<{ title: string; text: string; isModal: boolean }> {
  const res = await fetch(`${API_URL}/api/frontend/home/popup`, { headers: { 'Accept-Language': lang } });
  return ((await res.json()) as { data: { title: string; text: string; isModal: boolean } }).data;
}

const dialog = (page: Page) => page.locator('dialog[data-home-popup]');
/** The popup island has hydrated (Astro drops `ssr` from an island once it has). */
const hydrated = (page: Page) =>
  expect(page.locator('astro-island[component-url*="PopupIsland"]:not([ssr])')).toHaveCount(1);
const notHydrated = (page: Page) =>
  expect(page.locator('astro-island[component-url*="PopupIsland"][ssr]')).toHaveCount(1);
/** The island's code and React's renderer (Astro's React client entry). */
const ISLAND_CODE = /\/_astro\/(PopupIsland|client)\.[^/]*\.js$/;

for (const lang of ['th', 'en'] as const) {
  const c = COMMON[lang];

  test(`popup ${lang}: shown once, Escape closes it, focus returns, not shown again this session`, async ({
    page,
    browser,
  }) => {
    const console = watchConsole(page);
    const popup = await apiPopup(lang);
    expect(popup.isModal).toBe(true);
    const islandRequests: string[] = [];
    page.on('request', (r) => {
      if (ISLAND_CODE.test(r.url())) islandRequests.push(r.url());
    });

    await page.goto(HOME[lang]);
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page)).toHaveAttribute('open', '');
    await expect(dialog(page).getByRole('heading')).toHaveText(popup.title);
    await expect(dialog(page)).toContainText(popup.text);
    await expect(dialog(page).getByRole('button', { name: c.popup.close })).toBeFocused();
    await expect(page.getByRole('dialog', { name: popup.title })).toBeVisible();
    // Open from the page's own HTML: nothing of React has been asked for yet.
    await notHydrated(page);
    expect(islandRequests).toEqual([]);
    await expectNoAxeViolations(page);

    // Focus never reaches the page behind while open (it is inert). After the dialog's last
    // control a modal <dialog> lets focus go to the browser's own UI (no keyboard trap, as
    // the HTML spec has it), which the page sees as <body>; the next Tab comes back inside.
    // The first key press inside hydrates the island.
    let inside = 0;
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      const where = await dialog(page).evaluate((d) =>
        d.contains(document.activeElement)
          ? 'dialog'
          : document.activeElement === document.body || !document.activeElement
            ? 'browser'
            : 'page',
      );
      expect(where).not.toBe('page');
      if (where === 'dialog') inside++;
    }
    expect(inside).toBeGreaterThanOrEqual(4);
    await hydrated(page);
    expect(islandRequests.length).toBeGreaterThan(0);
    // React took over the open dialog: still open, still one dialog.
    await expect(dialog(page)).toHaveAttribute('open', '');
    await expect(dialog(page)).toHaveCount(1);
    await dialog(page).getByRole('button', { name: c.popup.close }).focus();

    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    // The dialog's close event (which remembers it) is a task after the dialog hides.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('popup:dismissed'))).toBe('1');
    // Focus is back where it was before the popup took it (the start of the page): the next Tab
    // reaches the skip link.
    await page.keyboard.press('Tab');
    await expect(page.locator('a.skip-link')).toBeFocused();

    // Not shown again on reload, and nothing loads React for a closed popup.
    islandRequests.length = 0;
    await page.reload({ waitUntil: 'load' });
    await expect(dialog(page)).toBeHidden();
    await page.waitForTimeout(500);
    await expect(dialog(page)).toBeHidden();
    await notHydrated(page);
    expect(islandRequests).toEqual([]);

    // A new browser session sees it again.
    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await other.goto(HOME[lang]);
    await expect(dialog(other)).toBeVisible();
    await fresh.close();
    expect(console.errors).toEqual([]);
  });

  test(`popup ${lang}: opens and closes before React arrives (its code held back)`, async ({ page }) => {
    const popup = await apiPopup(lang);
    await page.route(ISLAND_CODE, (route) => route.abort());
    await page.goto(HOME[lang]);
    await expect(dialog(page)).toHaveAttribute('open', '');
    await expect(dialog(page).getByRole('heading')).toHaveText(popup.title);
    // The image has its intrinsic size from the build, so the dialog does not grow when it loads.
    const img = dialog(page).locator('img');
    await expect(img).toHaveAttribute('width', /^\d+$/);
    await expect(img).toHaveAttribute('height', /^\d+$/);
    await expect(img).toHaveJSProperty('complete', true);
    expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);

    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    // The dialog's close event (which remembers it) is a task after the dialog hides.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('popup:dismissed'))).toBe('1');
    await notHydrated(page);

    // Its button closes it before React (a method="dialog" form), and so does a click outside
    // (a new tab is a new session).
    const third = await page.context().newPage();
    await third.route(ISLAND_CODE, (route) => route.abort());
    await third.goto(HOME[lang]);
    await dialog(third).getByRole('button', { name: COMMON[lang].popup.close }).click();
    await expect(dialog(third)).toBeHidden();
    await expect.poll(() => third.evaluate(() => sessionStorage.getItem('popup:dismissed'))).toBe('1');
    await third.close();

    const second = await page.context().newPage();
    await second.route(ISLAND_CODE, (route) => route.abort());
    await second.goto(HOME[lang]);
    await expect(dialog(second)).toBeVisible();
    await second.mouse.click(5, 5);
    await expect(dialog(second)).toBeHidden();
    await expect.poll(() => second.evaluate(() => sessionStorage.getItem('popup:dismissed'))).toBe('1');
    await second.close();
  });

  test(`popup ${lang}: the close button and a click outside close it`, async ({ page, context }) => {
    const console = watchConsole(page);
    await page.goto(HOME[lang]);
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole('button', { name: c.popup.close }).click();
    await expect(dialog(page)).toBeHidden();
    // The click hydrated the island, which found the dialog closed and keeps it so.
    await hydrated(page);
    await expect(dialog(page)).toBeHidden();
    expect(console.errors).toEqual([]);

    const second = await context.newPage(); // sessionStorage is per tab: a new tab is a new session
    await second.goto(HOME[lang]);
    await expect(dialog(second)).toBeVisible();
    await second.mouse.click(5, 5); // the backdrop, outside the dialog's box
    await expect(dialog(second)).toBeHidden();
  });

  test(`popup ${lang}: keyboard only — Enter on the close button, then the page is usable`, async ({ page }) => {
    await page.goto(HOME[lang]);
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: c.popup.close })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeHidden();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
  });
}
