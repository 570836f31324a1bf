/**
 * Add to calendar: an activity's page links its .ics file, each event of the calendar
 * page links one, and the calendar page offers the feed of coming events to subscribe to. Every
 * file is read back with ical.js: the event in the page's language, at the right instant (the
 * API's Bangkok times), with its page's address; the feed holds exactly the events that have
 * not ended. Both languages.
 */
import ICAL from 'ical.js';
import { expect, test, type APIRequestContext } from './support/test';
import { checkPage, prefix } from './support/page-checks';
import { api } from './support/api';
import { firstDetailPath } from './support/detail-paths';

test.describe.configure({ timeout: 90_000 });

async function calendarAt(request: APIRequestContext, href: string) {
  const res = await request.get(href);
  expect(res.status(), href).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/calendar/);
  const component = new ICAL.Component(ICAL.parse(await res.text()));
  return { component, events: component.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

/** A Bangkok calendar day, YYYY-MM-DD. */
const bangkokDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(d);

const TEXT = {
  th: {
    activity: 'เพิ่มกิจกรรมนี้ลงปฏิทิน (.ics)',
    subscribe: 'ติดตามในแอปปฏิทิน',
    feed: 'ดาวน์โหลดไฟล์ปฏิทิน (.ics)',
    add: 'เพิ่มลงปฏิทิน (.ics)',
  },
  en: {
    activity: 'Add this activity to your calendar (.ics)',
    subscribe: 'Subscribe in your calendar app',
    feed: 'Download the calendar file (.ics)',
    add: 'Add to calendar (.ics)',
  },
} as const;

for (const lang of ['th', 'en'] as const) {
  test.describe(`add to calendar in ${lang}`, () => {
    test("an activity's .ics file is the activity: its title, days, place and page", async ({ page, request }) => {
      const path = await firstDetailPath(page, 'activity', lang);
      await page.goto(path);
      const id = decodeURIComponent(path.split('/').at(-2)!);
      const detail = (await api(`/activity/page/${id}`, lang)).data;
      const link = page.getByRole('link', { name: TEXT[lang].activity });
      const { component, events } = await calendarAt(request, (await link.getAttribute('href'))!);
      expect(component.getFirstPropertyValue('x-wr-timezone')).toBe('Asia/Bangkok');
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event!.summary).toBe(await page.locator('h1').innerText());
      expect(event!.summary).toBe(detail.title);
      expect(event!.location).toBe(detail.location);
      expect(event!.startDate.isDate).toBe(true);
      expect(event!.startDate.toString()).toBe(detail.start_date.slice(0, 10));
      expect(event!.component.getFirstPropertyValue('url')).toBe(
        await page.locator('link[rel="canonical"]').getAttribute('href'),
      );
    });

    test('the calendar page links each event and the feed of coming events', async ({ page, request }) => {
      await checkPage(page, `${prefix(lang)}/calendar/`, lang);
      // The months the build asked for: the current month, 12 before and 12 after (calendar/collection.ts).
      const today = bangkokDay(new Date());
      const [y, m] = today.split('-').map(Number) as [number, number];
      const from = bangkokDay(new Date(Date.UTC(y, m - 13, 1, 12)));
      const to = bangkokDay(new Date(Date.UTC(y, m + 12, 0, 12)));
      const { data } = await api(`/common/events?from=${from}&to=${to}`, lang);
      const coming = (data.events as { id: number; title: string; start_at: string; end_at: string }[]).filter(
        (e) => bangkokDay(new Date(e.end_at)) >= today,
      );

      // One event's own file: the same instant as the API's Bangkok time.
      const first = coming[0]!;
      const eventLink = page.locator(`a[href$="/calendar/event/${first.id}.ics"]`).first();
      await expect(eventLink).toContainText(TEXT[lang].add);
      const one = await calendarAt(request, (await eventLink.getAttribute('href'))!);
      expect(one.events[0]!.summary).toBe(first.title);
      if (!one.events[0]!.startDate.isDate)
        expect(one.events[0]!.startDate.toJSDate().getTime()).toBe(new Date(first.start_at).getTime());

      // The feed: a webcal: link for calendar apps and the file itself.
      const section = page.locator('[data-calendar-feed]');
      const feedHref = (await section.getByRole('link', { name: TEXT[lang].feed }).getAttribute('href'))!;
      expect(feedHref).toBe(`${prefix(lang)}/calendar/events.ics`);
      const webcal = await section.getByRole('link', { name: TEXT[lang].subscribe }).getAttribute('href');
      expect(webcal).toMatch(new RegExp(`^webcal://[^/]+${feedHref.replace(/\./g, '\\.')}$`));
      const feed = await calendarAt(request, feedHref);
      expect(feed.component.getFirstPropertyValue('x-wr-calname')).toContain(
        lang === 'th' ? 'กิจกรรม' : 'Coming events',
      );
      expect(feed.events.map((e) => e.summary).sort()).toEqual(coming.map((e) => e.title).sort());
      for (const e of feed.events) expect(String(e.component.getFirstPropertyValue('url'))).toMatch(/^https?:\/\//);
    });
  });
}
