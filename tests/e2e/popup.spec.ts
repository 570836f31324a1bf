/**
 * Home popup island (issue 5): a native modal <dialog> shown once per browser session —
 * focus inside while open (trapped), closes with Escape, its button or a click outside,
 * focus returns, not shown again on reload, shown again in a new browser context; no axe
 * violations while it is open. Both languages.
 */
import { expect, test, type Page } from '@playwright/test';
import thCommon from '../../locales/th/common.json' with { type: 'json' };
import enCommon from '../../locales/en/common.json' with { type: 'json' };
import { expectNoAxeViolations, watchConsole } from './support/page-checks';

test.describe.configure({ timeout: 90_000 });

const COMMON = { th: thCommon, en: enCommon } as const;
const HOME = { th: '/', en: '/en/' } as const;
const API = process.env.E2E_API_URL ?? 'http://127.0.0.1:18787';

async function apiPopup(lang: 'th' | 'en'): Promise<{ title: string; text: string; isModal: boolean }> {
  const res = await fetch(`${API}/api/frontend/home/popup`, { headers: { 'Accept-Language': lang } });
  return ((await res.json()) as { data: { title: string; text: string; isModal: boolean } }).data;
}

const dialog = (page: Page) => page.locator('dialog[data-home-popup]');
/** The popup island has hydrated (Astro drops `ssr` from an island once it has). */
const hydrated = (page: Page) => expect(page.locator('astro-island[component-url*="PopupIsland"]:not([ssr])')).toHaveCount(1);

for (const lang of ['th', 'en'] as const) {
  const c = COMMON[lang];

  test(`popup ${lang}: shown once, Escape closes it, focus returns, not shown again this session`, async ({ page, browser }) => {
    const console = watchConsole(page);
    const popup = await apiPopup(lang);
    expect(popup.isModal).toBe(true);

    // Hold the island's code until a visitor has focused something, to see focus go back there.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/PopupIsland[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(HOME[lang], { waitUntil: 'domcontentloaded' });
    await page.keyboard.press('Tab');
    const skipLink = page.locator('a.skip-link');
    await expect(skipLink).toBeFocused();
    release();

    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page)).toHaveAttribute('open', '');
    await expect(dialog(page).getByRole('heading')).toHaveText(popup.title);
    await expect(dialog(page)).toContainText(popup.text);
    await expect(dialog(page).getByRole('button', { name: c.popup.close })).toBeFocused();
    await expect(page.getByRole('dialog', { name: popup.title })).toBeVisible();
    await expectNoAxeViolations(page);

    // Focus never reaches the page behind while open (it is inert). After the dialog's last
    // control a modal <dialog> lets focus go to the browser's own UI (no keyboard trap, as
    // the HTML spec has it), which the page sees as <body>; the next Tab comes back inside.
    let inside = 0;
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      const where = await dialog(page).evaluate((d) =>
        d.contains(document.activeElement) ? 'dialog' : document.activeElement === document.body || !document.activeElement ? 'browser' : 'page',
      );
      expect(where).not.toBe('page');
      if (where === 'dialog') inside++;
    }
    expect(inside).toBeGreaterThanOrEqual(4);
    await dialog(page).getByRole('button', { name: c.popup.close }).focus();

    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(skipLink).toBeFocused();
    expect(await page.evaluate(() => sessionStorage.getItem('popup:dismissed'))).toBe('1');

    await page.reload();
    await hydrated(page);
    await expect(dialog(page)).toBeHidden();

    // A new browser session sees it again.
    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await other.goto(HOME[lang]);
    await expect(dialog(other)).toBeVisible();
    await fresh.close();
    expect(console.errors).toEqual([]);
  });

  test(`popup ${lang}: the close button and a click outside close it`, async ({ page, context }) => {
    await page.goto(HOME[lang]);
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole('button', { name: c.popup.close }).click();
    await expect(dialog(page)).toBeHidden();

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
