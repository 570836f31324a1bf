/**
 * Calendar island (`/calendar/`, issue 5): the build-time list reads without JavaScript; the
 * island shows the month (Thai month names and Buddhist-era years in Thai), marks today,
 * moves between months, filters by category, switches to a list, works by keyboard, and has
 * no axe violations. Both languages.
 *
 * The browser clock is pinned to the demo data's base date (2026-11-22, Bangkok) so the
 * months on screen are the ones the demo data fills, whenever the suite runs.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import thCommon from '../../locales/th/common.json' with { type: 'json' };
import enCommon from '../../locales/en/common.json' with { type: 'json' };
import { checkPage, checkReadsWithoutJs, expectNoAxeViolations, watchConsole } from './support/page-checks';

test.describe.configure({ timeout: 90_000 });

const COMMON = { th: thCommon, en: enCommon } as const;
const PAGE = { th: '/calendar/', en: '/en/calendar/' } as const;
const API = process.env.E2E_API_URL ?? 'http://127.0.0.1:18787';
const BASE_DATE = new Date('2026-11-22T10:00:00+07:00');
const MONTH = { th: ['พฤศจิกายน 2569', 'ธันวาคม 2569'], en: ['November 2026', 'December 2026'] } as const;

interface ApiEvent { id: number; title: string; start_at: string; category: { id: number; title: string } }
async function apiEvents(lang: 'th' | 'en', from?: string, to?: string): Promise<{ events: ApiEvent[]; categories: Array<{ id: number; title: string }> }> {
  const range = from ? `?from=${from}&to=${to}` : '';
  const res = await fetch(`${API}/api/frontend/common/events${range}`, { headers: { 'Accept-Language': lang } });
  return ((await res.json()) as { data: { events: ApiEvent[]; categories: Array<{ id: number; title: string }> } }).data;
}

async function openCalendar(page: Page, lang: 'th' | 'en') {
  await page.clock.setFixedTime(BASE_DATE);
  await page.goto(PAGE[lang]);
  const heading = page.locator('#calendar-month');
  await expect(heading).toHaveText(MONTH[lang][0]);
  await expect(page.locator('[data-calendar-status]')).not.toBeEmpty();
  return heading;
}

/** Keyboard only: the skip link (first Tab), Enter into the main content, then Tab until `target` has focus. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  await page.keyboard.press('Tab');
  await expect(page.locator('a.skip-link')).toBeFocused();
  await page.keyboard.press('Enter');
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

for (const lang of ['th', 'en'] as const) {
  const c = COMMON[lang];

  test(`calendar ${lang}: common checks, and the event list reads without JavaScript`, async ({ page, browser }) => {
    await page.clock.setFixedTime(BASE_DATE);
    await checkPage(page, PAGE[lang], lang);
    const { events } = await apiEvents(lang);
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await checkReadsWithoutJs(plain, PAGE[lang], events[0]!.title);
    await expect(plain.locator('#calendar-static')).toContainText(events[events.length - 1]!.title);
    await expect(plain.locator('#calendar-static h3').first()).toHaveText(lang === 'th' ? /25\d\d$/ : /20\d\d$/);
    await noJs.close();
  });

  test(`calendar ${lang}: month view, today marked, next month, category filter, list view`, async ({ page }) => {
    const console = watchConsole(page);
    const heading = await openCalendar(page, lang);
    await expect(page.locator('#calendar-static')).toBeHidden();

    // A real table: 7 weekday column headers, today's cell marked.
    const table = page.locator('[data-calendar-island] table');
    await expect(table.locator('thead th[scope="col"]')).toHaveCount(7);
    const today = table.locator('td[aria-current="date"]');
    await expect(today).toHaveCount(1);
    await expect(today).toContainText('22');
    await expect(today).toContainText(c.dates.today);
    await expectNoAxeViolations(page);

    // Next month: December's events, from the API.
    await page.getByRole('button', { name: c.calendar.nextMonth }).click();
    await expect(heading).toHaveText(MONTH[lang][1]);
    const december = await apiEvents(lang, '2026-12-01', '2026-12-31');
    expect(december.events.length).toBeGreaterThan(1);
    await expect(page.locator('[data-calendar-status]')).toHaveText(
      (december.events.length === 1 ? c.calendarPage.eventCount : c.calendarPage.eventCount_other).replace('{{count}}', String(december.events.length)),
    );
    await expect(table.locator('td[aria-current="date"]')).toHaveCount(0);

    // Filter one category; the list view shows exactly its December events.
    const category = december.events[0]!.category;
    const expected = december.events.filter((e) => e.category.id === category.id).map((e) => e.title).sort();
    await page.getByLabel(c.calendar.category).selectOption({ label: category.title });
    await page.getByRole('button', { name: c.calendar.listView }).click();
    await expect(page.getByRole('button', { name: c.calendar.listView })).toHaveAttribute('aria-pressed', 'true');
    const items = page.locator('[data-calendar-island] > ul > li');
    await expect(items).toHaveCount(expected.length);
    expect((await items.locator('p:nth-child(2)').allInnerTexts()).sort()).toEqual(expected);
    for (const label of await items.locator('p:first-child').allInnerTexts()) expect(label).toBe(category.title);
    await expectNoAxeViolations(page);

    // Back to this month.
    await page.getByRole('button', { name: c.calendar.thisMonth }).click();
    await expect(heading).toHaveText(MONTH[lang][0]);
    expect(console.errors).toEqual([]);
  });

  test(`calendar ${lang}: keyboard only — Tab to a day with events, Enter lists them`, async ({ page }) => {
    await openCalendar(page, lang);
    const next = page.getByRole('button', { name: c.calendar.nextMonth });
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await expect(page.locator('#calendar-month')).toHaveText(MONTH[lang][1]);
    const dayButtons = page.locator('[data-calendar-island] table button');
    const last = dayButtons.last();
    for (let i = 0; i < 40 && !(await last.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(last).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(last).toHaveAttribute('aria-pressed', 'true');
    const dayName = (await last.locator('.sr-only').first().innerText()).trim();
    expect(dayName).toMatch(lang === 'th' ? /ธันวาคม/ : /December/);
    await expect(page.locator('#calendar-day + ul > li').first()).toBeVisible();
  });
}
