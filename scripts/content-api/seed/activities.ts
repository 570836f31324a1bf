// Activities and training over two years up to the base date (a few upcoming), and the
// event calendar over the coming months.
import { prng, date, dateTime, slugify } from './prng.ts';
import { TOPICS, ACTIVITY_TITLES, PROVINCES, VENUES, CONTACT_PARAGRAPH, fill, cap, AGENCY } from './text.ts';
import { html } from './helpers.ts';
import type { SeedContext } from './helpers.ts';

export const DEFAULT_ACTIVITIES = 48;

const EVENT_CATEGORIES = [
  ['อบรมและสัมมนา', 'Training and seminars', '#1f4e79'],
  ['งานแสดงสินค้า', 'Trade fairs', '#a33b20'],
  ['จับคู่ธุรกิจ', 'Business matching', '#0f6b4f'],
  ['วันสำคัญและประชุม', 'Official days and meetings', '#7a2e8c'],
];

export function seedActivities(s: SeedContext, count = DEFAULT_ACTIVITIES) {
  const { db, insert, image, attach } = s;
  const rnd = prng(2002);
  const cats = db.prepare("SELECT slug, id FROM categories WHERE area = 'activity' ORDER BY sort").all();
  const offices = db
    .prepare("SELECT id FROM departments WHERE kind = 'office' ORDER BY id")
    .all()
    .map((r) => r.id);
  const sources = Object.fromEntries(
    db
      .prepare("SELECT slug, id FROM departments WHERE kind = 'source'")
      .all()
      .map((r) => [r.slug, r.id]),
  );
  const seen = new Set();
  const span = 730 + 60; // two years back, two months ahead

  for (let i = 0; i < count; i++) {
    const id = i + 1;
    const topic = TOPICS[(i * 5) % TOPICS.length];
    const tplIndex = i % ACTIVITY_TITLES.length;
    const tpl = ACTIVITY_TITLES[tplIndex];
    const n = Math.floor(i / ACTIVITY_TITLES.length) + 1;
    const [provTh, provEn] = PROVINCES[rnd.int(0, PROVINCES.length - 1)];
    const venue = rnd.pick(VENUES);
    const startDays = 60 - Math.floor((i * span) / Math.max(count, 1));
    const length = rnd.int(0, 2);
    const cat = cats[tplIndex % cats.length];
    const titleTh = fill(tpl.th, { t: topic.th, p: provTh, n });
    const titleEn = cap(fill(tpl.en, { t: topic.en, p: provEn, n }));
    let slug = slugify(titleEn);
    if (seen.has(slug)) slug = `${slug}-${id}`;
    seen.add(slug);
    const source = i % 5 === 4 ? 'moc' : 'own';
    const bodyTh = html(
      topic.sumTh,
      topic.bodyTh,
      `กำหนดการ: ${date(startDays)} ถึง ${date(startDays + length)} ณ ${venue.th} รับจำนวนจำกัด ${rnd.int(3, 12) * 10} ราย`,
      CONTACT_PARAGRAPH.th,
    );
    const bodyEn = html(
      topic.sumEn,
      topic.bodyEn,
      `Schedule: ${date(startDays)} to ${date(startDays + length)} at ${venue.en}. Places are limited to ${rnd.int(3, 12) * 10} participants.`,
      CONTACT_PARAGRAPH.en,
    );
    insert('activities', {
      id,
      slug,
      category_id: cat.id,
      department_id: i % 4 === 0 ? sources[source] : offices[i % offices.length],
      source,
      kind: cat.slug === 'training' || cat.slug === 'clinic' ? 'training' : 'activity',
      title_th: titleTh,
      title_en: titleEn,
      summary_th: topic.sumTh,
      summary_en: topic.sumEn,
      body_th: bodyTh,
      body_en: bodyEn,
      cover: image(`/files/covers/activity-${id}.svg`, [titleTh, titleEn], [AGENCY.th, AGENCY.en], id + 4),
      location_th: venue.th,
      location_en: venue.en,
      start_date: date(startDays),
      end_date: date(startDays + length),
      published_at: dateTime(Math.min(startDays, 0) - 14, 10, 0),
    });
    if (i % 4 === 1)
      attach('activity', id, `/files/attachments/activity-${id}.pdf`, `กำหนดการ: ${titleTh}`, `Programme: ${titleEn}`);
  }
}

/** Events over the coming four months (and the last month, so the calendar is not empty behind). */
export function seedEvents(s: SeedContext) {
  const { db, insert } = s;
  const rnd = prng(3003);
  EVENT_CATEGORIES.forEach(([th, en, color]) => insert('event_categories', { title_th: th, title_en: en, color }));
  const upcoming = db
    .prepare(
      'SELECT id, title_th, title_en, summary_th, summary_en, location_th, location_en, start_date, end_date FROM activities WHERE start_date >= ? ORDER BY start_date',
    )
    .all(date(0));
  let id = 0;
  // Upcoming activities are events too (type 'activity').
  for (const a of upcoming) {
    insert('events', {
      id: ++id,
      category_id: 1,
      activity_id: a.id,
      title_th: a.title_th,
      title_en: a.title_en,
      summary_th: a.summary_th,
      summary_en: a.summary_en,
      location_th: a.location_th,
      location_en: a.location_en,
      start_at: `${a.start_date}T09:00:00+07:00`,
      end_at: `${a.end_date}T16:30:00+07:00`,
      all_day: 0,
    });
  }
  const standalone = [
    ['งานแสดงสินค้าแฟรนไชส์ไทย', 'Thailand Franchise Expo', 2],
    ['มหกรรมสินค้าชุมชนและ OTOP', 'Community and OTOP Products Fair', 2],
    ['เจรจาธุรกิจออนไลน์กับผู้ซื้อญี่ปุ่น', 'Online business matching with Japanese buyers', 3],
    ['ประชุมคณะกรรมการส่งเสริม SME', 'SME Promotion Committee meeting', 4],
    ['วันรับสมัครโครงการพัฒนาผู้ประกอบการใหม่', 'Registration day for the new entrepreneur programme', 4],
    ['งานแสดงสินค้าฮาลาลอาเซียน', 'ASEAN Halal Products Fair', 2],
    ['เจรจาจับคู่ธุรกิจกับห้างค้าปลีกสมัยใหม่', 'Business matching with modern retailers', 3],
    ['สัมมนาแนวโน้มการค้าโลกปี 2570', 'Seminar: world trade outlook for 2027', 1],
  ];
  for (let k = 0; k < 20; k++) {
    const [th, en, cat] = standalone[k % standalone.length];
    const day = -25 + k * 7 + rnd.int(0, 3);
    const venue = VENUES[k % VENUES.length];
    const allDay = cat === 4 && k % 2 === 0;
    insert('events', {
      id: ++id,
      category_id: cat,
      activity_id: null,
      title_th: k >= standalone.length ? `${th} ครั้งที่ ${Math.floor(k / standalone.length) + 1}` : th,
      title_en: k >= standalone.length ? `${en} (${Math.floor(k / standalone.length) + 1})` : en,
      summary_th: `ขอเชิญผู้ประกอบการเข้าร่วม${th} ณ ${venue.th}`,
      summary_en: `Entrepreneurs are invited to the ${en} at ${venue.en}.`,
      location_th: venue.th,
      location_en: venue.en,
      start_at: allDay ? dateTime(day, 0, 0) : dateTime(day, 9, 0),
      end_at: allDay ? dateTime(day, 23, 59) : dateTime(day + (cat === 2 ? 3 : 0), 17, 0),
      all_day: allDay ? 1 : 0,
    });
  }
}
