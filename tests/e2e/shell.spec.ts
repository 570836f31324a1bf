/**
 * The application shell every page stands on:
 * language switching, display settings that persist and apply before first paint,
 * page-view tracking, skip link, keyboard menus, consent, and WCAG 2.1 AA in both
 * languages and all three colour modes.
 */
import { expect, test, type Page } from './support/test';
import { checkPage, expectNoAxeViolations, watchConsole } from './support/page-checks';
import { recordTracking } from './support/tracking';

const HOME = { th: '/', en: '/en/' } as const;
const AGENCY = { th: 'กรมส่งเสริมการพัฒนาธุรกิจ', en: 'Department of Business Development Promotion' } as const;

/** Keeps every bundled script from running, so only the inline pre-paint script can act. */
async function blockBundledScripts(page: Page): Promise<void> {
  await page.route(/\/_astro\/.*\.js$/, (route) => route.abort());
}

/** Proof that no bundled script ran: the display controls stay hidden until one does. */
async function expectBundlesDidNotRun(page: Page): Promise<void> {
  await expect(page.locator('[data-display-controls]')).toBeHidden();
}

// The home page's popup is a modal dialog: while open it makes the rest of the page inert.
// These tests are about the shell, so the popup counts as already closed in this session
// (tests/e2e/popup.spec.ts covers the popup itself).
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('popup:dismissed', '1'));
});

// The home page's one light-mode axe scan per language (popup closed); home.spec.ts checks
// its sections without scanning again, popup.spec.ts scans it with the popup open.
for (const lang of ['th', 'en'] as const) {
  test(`shell in ${lang}: common page checks (lang, hreflang, no leaks, no console errors, no axe violations), title, header, footer`, async ({
    page,
  }) => {
    await checkPage(page, HOME[lang], lang);
    // The agency's name in Thai and English, the page's language first (spec point 2).
    const other = lang === 'th' ? 'en' : 'th';
    await expect(page).toHaveTitle(`${AGENCY[lang]} · ${AGENCY[other]}`);
    await expect(page.locator('header nav').first()).toBeVisible();
    await expect(page.locator('footer')).toContainText(AGENCY[lang]);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', /\/$/);
    await expect(page.locator('[data-display-controls]')).toBeVisible();
  });
}

for (const mode of ['dark', 'highcontrast'] as const) {
  test(`no axe violations in ${mode} mode, both languages`, async ({ page }) => {
    await page.goto(HOME.th);
    const button = mode === 'dark' ? '[data-toggle-dark]' : '[data-toggle-contrast]';
    await page.locator(button).click();
    await expect(page.locator('html')).toHaveAttribute(mode === 'dark' ? 'data-theme' : 'data-display', mode);
    await expectNoAxeViolations(page);
    await page.goto(HOME.en);
    await expect(page.locator('html')).toHaveAttribute(mode === 'dark' ? 'data-theme' : 'data-display', mode);
    await expectNoAxeViolations(page);
  });
}

test('language switch keeps the page and stores the choice, both ways', async ({ page }) => {
  await page.goto(HOME.th);
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBeNull();

  const toEnglish = page.locator('a[data-lang-switch="en"]');
  await expect(toEnglish).toHaveAttribute('hreflang', 'en');
  await toEnglish.click();
  await expect(page).toHaveURL(/\/en\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en');

  await page.locator('a[data-lang-switch="th"]').click();
  await expect(page).toHaveURL(/\/$/);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('th');
});

test('dark mode persists across pages and is applied before any bundled script runs', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(HOME.th);
  const toggle = page.locator('[data-toggle-dark]');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('dark-mode'))).toBe('true');

  // A fresh navigation with every bundle blocked: only the inline <head> script can set it.
  await blockBundledScripts(page);
  await page.goto(HOME.en);
  await expectBundlesDidNotRun(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const darkBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(darkBg).not.toBe(lightBg);

  await page.unrouteAll();
  await page.goto(HOME.th);
  await page.locator('[data-toggle-dark]').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('dark-mode'))).toBe('false');
});

test('dark mode follows the system preference until the visitor chooses', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(HOME.th);
  await expect(page.locator('[data-toggle-dark]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  expect(await page.evaluate(() => localStorage.getItem('dark-mode'))).toBeNull();
});

test('font size persists across pages, scales the text, and is applied before paint', async ({ page }) => {
  await page.goto(HOME.th);
  const rootSize = () => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  const normal = await rootSize();
  const larger = page.locator('[data-fontsize-option="fontLarger"]');
  await larger.click();
  await expect(larger).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-fontsize-option="fontNormal"]')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('html')).toHaveAttribute('data-fontsize', 'fontLarger');
  expect(await rootSize()).toBeCloseTo(normal * 1.25, 1);
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('persist:roots'))) ?? '{}');
  expect(stored.general).toEqual({ display: 'normalmode', fontsize: 'fontLarger' });
  expect(Object.keys(stored).sort()).toEqual(['auth', 'general']);

  await blockBundledScripts(page);
  await page.goto(HOME.en);
  await expectBundlesDidNotRun(page);
  await expect(page.locator('html')).toHaveAttribute('data-fontsize', 'fontLarger');
  expect(await rootSize()).toBeCloseTo(normal * 1.25, 1);
});

test('high contrast persists across pages and is applied before paint', async ({ page }) => {
  await page.goto(HOME.en);
  await page.locator('[data-toggle-contrast]').click();
  await expect(page.locator('[data-toggle-contrast]')).toHaveAttribute('aria-pressed', 'true');
  await blockBundledScripts(page);
  await page.goto(HOME.th);
  await expectBundlesDidNotRun(page);
  await expect(page.locator('html')).toHaveAttribute('data-display', 'highcontrast');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(0, 0, 0)');
});

test('tracking: one POST {url} per page view, including client-side route changes', async ({ page }) => {
  const calls = await recordTracking(page);
  await page.goto(HOME.th);
  await expect.poll(() => calls.length).toBe(1);
  expect(calls[0]!.body).toEqual({ url: page.url() });

  await page.goto(HOME.en);
  await expect.poll(() => calls.length).toBe(2);
  expect(calls[1]!.body).toEqual({ url: page.url() });

  // An island moving the URL is a route change; a hash change or the same URL is not.
  await page.evaluate(() => history.pushState({}, '', '/en/?tab=news'));
  await expect.poll(() => calls.length).toBe(3);
  expect((calls[2]!.body as { url: string }).url).toMatch(/\/en\/\?tab=news$/);
  await page.evaluate(() => {
    location.hash = 'top';
    history.replaceState({}, '', location.href);
  });
  await page.goBack(); // back over the hash entry: same page, not a view
  await page.waitForTimeout(200);
  expect(calls).toHaveLength(3);
  await page.goBack(); // popstate back to /en/ — a new view of /en/
  await expect.poll(() => calls.length).toBe(4);
  expect(calls[3]!.body).toEqual({ url: page.url() });
  await page.waitForTimeout(300);
  expect(calls).toHaveLength(4);
});

test('tracking failure changes nothing a visitor can see', async ({ page }) => {
  const console = watchConsole(page);
  const calls = await recordTracking(page, 500);
  await page.goto(HOME.th);
  await expect.poll(() => calls.length).toBe(1);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForTimeout(200);
  // The production logger is silent: nothing reaches the console, nothing is thrown.
  expect(console.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});

test('skip link is the first stop and moves focus to main', async ({ page }) => {
  await page.goto(HOME.th);
  await page.keyboard.press('Tab');
  const skip = page.locator('a.skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});

test('submenus open and close with the keyboard', async ({ page }) => {
  await page.goto(HOME.en);
  const disclosure = page.locator('nav[aria-label="Main menu"] details[data-disclosure]').first();
  expect(await disclosure.count(), 'the demo menu has submenus').toBeGreaterThan(0);
  const summary = disclosure.locator('summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(disclosure).toHaveAttribute('open', '');
  const firstLink = disclosure.locator('.panel a').first();
  await expect(firstLink).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(firstLink).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(disclosure).not.toHaveAttribute('open', '');
  await expect(summary).toBeFocused();
});

test('submenus work without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(HOME.th);
  const disclosure = page.locator('header details[data-disclosure]').first();
  if ((await disclosure.count()) > 0) {
    await disclosure.locator('summary').click();
    await expect(disclosure.locator('.panel a').first()).toBeVisible();
  }
  await expect(page.locator('main#main')).toBeVisible();
  await context.close();
});

test('header search sends q to the search page of the page language', async ({ page }) => {
  await page.goto(HOME.en);
  const form = page.locator('header form[role="search"]');
  await expect(form).toHaveAttribute('action', '/en/search/');
  await expect(form).toHaveAttribute('method', 'get');
  await expect(form.locator('input[name="q"]')).toHaveAccessibleName('Search this website');
  await page.goto(HOME.th);
  await expect(page.locator('header form[role="search"]')).toHaveAttribute('action', '/search/');
});

test('consent notice shows until answered, and remembers the answer with its version', async ({ page }) => {
  await page.goto(HOME.th);
  const region = page.locator('[data-consent]');
  expect(await region.count(), 'the API returns consent text').toBeGreaterThan(0);
  await expect(region).toBeVisible();
  // A <section> with a heading for its name: a region landmark.
  await expect(page.getByRole('region', { name: await page.locator('#consent-title').innerText() })).toBeVisible();
  const version = await region.getAttribute('data-consent-version');
  await region.locator('[data-consent-choice="accepted"]').click();
  await expect(region).toBeHidden();
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('consent'))) ?? 'null');
  expect(stored).toMatchObject({ version, choice: 'accepted' });
  await page.goto(HOME.en);
  await expect(page.locator('[data-consent]')).toBeHidden();

  // A new consent version asks again.
  await page.evaluate(() =>
    localStorage.setItem('consent', JSON.stringify({ version: 'old', choice: 'declined', at: '' })),
  );
  await page.reload();
  await expect(page.locator('[data-consent]')).toBeVisible();
});

test('unknown paths get the bilingual 404 page with a way home in each language', async ({ page }) => {
  const response = await page.goto('/no-such-page-at-all/');
  expect(response?.status()).toBe(404);
  await expect(page.locator('main')).toContainText('ไม่พบหน้าที่คุณต้องการ');
  await expect(page.locator('main')).toContainText('Page not found');
  await expect(page.locator('main a[href="/"]')).toBeVisible();
  await expect(page.locator('main a[href="/en/"]')).toBeVisible();
  await expectNoAxeViolations(page);
});
