/**
 * Calendar island (`/calendar/`): the build-time list reads without JavaScript; the
 * island shows the month (Thai month names and Buddhist-era years in Thai), marks today,
 * moves between months, filters by category, switches to a list, works by keyboard, and has
 * no axe violations. Both languages.
 *
 * The browser clock is pinned to the demo data's base date (2026-11-22, Bangkok) so the
 * months on screen are the ones the demo data fills, whenever the suite runs.
 *
 * The island renders only build-time data (it makes no request): what it shows for a month is
 * compared with what the reference API (E2E_API_URL) answers for that month, and the page must
 * not call GET /common/events at all.
 */
import { expect, test, type Locator, type Page } from './support/test';
import thCommon from '../../locales/th/common.json' with { type: 'json' };
import enCommon from '../../locales/en/common.json' with { type: 'json' };
import { checkPage, checkReadsWithoutJs, expectNoAxeViolations, watchConsole } from './support/page-checks';
import { API_URL } from './support/api';

test.describe.configure({ timeout: 90_000 });

const COMMON = { th: thCommon, en: enCommon } as const;
const PAGE = { th: '/calendar/', en: '/en/calendar/' } as const;
const BASE_DATE = new Date('2026-11-22T10:00:00+07:00');
const MONTH = { th: ['พฤศจิกายน 2569', 'ธันวาคม 2569'], en: ['November 2026', 'December 2026'] } as const;

interface ApiEvent {
  id: number;
  title: string;
  start_at: string;
  category: { id: number; title: string };
}
async function apiEvents(
  lang: 'th' | 'en',
  from?: string,
  to?: string,
): Promise<{ events: ApiEvent[]; categories: Array<{ id: number; title: string }> }> {
  const range = from ? `?from=${from}&to=${to}` : '';
  const res = await fetch(`${API_URL}/api/frontend/common/events${range}`, { headers: { 'Accept-Language': lang } });
  return ((await res.json()) as { data: { events: ApiEvent[]; categories: Array<{ id: number; title: string }> } })
    .data;
}

const monthOfDate = (key: string) => ({
  from: `${key}-01`,
  to: `${key}-${new Date(Date.UTC(+key.slice(0, 4), +key.slice(5, 7), 0)).getUTCDate()}`,
});

/** The status line's text for `count` events (i18next's plural keys). */
function countText(c: (typeof COMMON)['th'], count: number): string {
  return (count === 1 ? c.calendarPage.eventCount : c.calendarPage.eventCount_other).replace(
    '{{count}}',
    String(count),
  );
}

/** Every request the page makes to the events endpoint (there should be none). */
function watchEventRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/common/events')) urls.push(request.url());
  });
  return urls;
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
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
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
    const eventRequests = watchEventRequests(page);
    const heading = await openCalendar(page, lang);
    await expect(page.locator('#calendar-static')).toBeHidden();

    // This month's count is the API's count for November (from build-time data, no request).
    const november = await apiEvents(lang, '2026-11-01', '2026-11-30');
    expect(november.events.length).toBeGreaterThan(0);
    await expect(page.locator('[data-calendar-status]')).toHaveText(countText(c, november.events.length));

    // A real table: 7 weekday column headers, today's cell marked.
    const table = page.locator('[data-calendar-island] table');
    await expect(table.locator('thead th[scope="col"]')).toHaveCount(7);
    const today = table.locator('td[aria-current="date"]');
    await expect(today).toHaveCount(1);
    await expect(today).toContainText('22');
    await expect(today).toContainText(c.dates.today);
    await expectNoAxeViolations(page);

    // Next month: exactly the events the API has for December, each on its day.
    await page.getByRole('button', { name: c.calendar.nextMonth }).click();
    await expect(heading).toHaveText(MONTH[lang][1]);
    const december = await apiEvents(lang, '2026-12-01', '2026-12-31');
    expect(december.events.length).toBeGreaterThan(1);
    await expect(page.locator('[data-calendar-status]')).toHaveText(countText(c, december.events.length));
    await expect(table.locator('td[aria-current="date"]')).toHaveCount(0);
    await page.getByRole('button', { name: c.calendar.listView }).click();
    const items = page.locator('[data-calendar-island] > ul > li');
    expect((await items.locator('p:nth-child(2)').allInnerTexts()).sort()).toEqual(
      december.events.map((e) => e.title).sort(),
    );
    await page.getByRole('button', { name: c.calendar.monthView }).click();

    // Filter one category; the list view shows exactly its December events.
    const category = december.events[0]!.category;
    const expected = december.events
      .filter((e) => e.category.id === category.id)
      .map((e) => e.title)
      .sort();
    await page.getByLabel(c.calendar.category).selectOption({ label: category.title });
    await page.getByRole('button', { name: c.calendar.listView }).click();
    await expect(page.getByRole('button', { name: c.calendar.listView })).toHaveAttribute('aria-pressed', 'true');
    await expect(items).toHaveCount(expected.length);
    expect((await items.locator('p:nth-child(2)').allInnerTexts()).sort()).toEqual(expected);
    for (const label of await items.locator('p:first-child').allInnerTexts()) expect(label).toBe(category.title);
    await expectNoAxeViolations(page);

    // Back to this month.
    await page.getByRole('button', { name: c.calendar.thisMonth }).click();
    await expect(heading).toHaveText(MONTH[lang][0]);
    expect(console.errors).toEqual([]);
    expect(eventRequests).toEqual([]);
  });

  test(`calendar ${lang}: a month without events says so`, async ({ page }) => {
    const heading = await openCalendar(page, lang);
    await page.getByLabel(c.calendar.category).selectOption('');
    // The first month after this one that the API has no events for (the demo data fills about four).
    let steps = 0;
    let key = '';
    for (let m = 12; m <= 23 && !key; m++) {
      steps++;
      const candidate = `${2026 + Math.floor((m - 1) / 12)}-${String(((m - 1) % 12) + 1).padStart(2, '0')}`;
      const { from, to } = monthOfDate(candidate);
      if ((await apiEvents(lang, from, to)).events.length === 0) key = candidate;
    }
    expect(key, 'the demo data should leave a month without events within a year').not.toBe('');
    for (let i = 0; i < steps; i++) await page.getByRole('button', { name: c.calendar.nextMonth }).click();
    const expectedHeading = new Intl.DateTimeFormat(lang === 'th' ? 'th-TH-u-ca-buddhist' : 'en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${key}-15T00:00:00Z`));
    await expect(heading).toHaveText(expectedHeading); // e.g. "มิถุนายน 2570": Thai month, Buddhist-era year
    await expect(page.locator('[data-calendar-status]')).toHaveText(c.calendarPage.noEventsInMonth);
    await expect(page.locator('[data-calendar-island] table button')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test(`calendar ${lang}: keyboard only — Tab to a day with events, Enter lists them`, async ({ page }) => {
    await openCalendar(page, lang);
    const next = page.getByRole('button', { name: c.calendar.nextMonth });
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await expect(page.locator('#calendar-month')).toHaveText(MONTH[lang][1]);
    const dayButtons = page.locator('[data-calendar-island] table button');
    const last = dayButtons.last();
    for (let i = 0; i < 40 && !(await last.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(last).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(last).toHaveAttribute('aria-pressed', 'true');
    const dayName = (await last.locator('.sr-only').first().innerText()).trim();
    expect(dayName).toMatch(lang === 'th' ? /ธันวาคม/ : /December/);
    await expect(page.locator('#calendar-day + ul > li').first()).toBeVisible();
  });
}
