// E-magazines (books with a cover and a PDF) and multimedia (galleries and videos).
import { prng, dateTime, be, slugify } from './prng.ts';
import { TOPICS, AGENCY } from './text.ts';
import { html } from './helpers.ts';
import type { SeedContext } from './helpers.ts';

export const DEFAULT_BOOKS = 16;
export const DEFAULT_MEDIA = 18;

const QUARTERS = [
  ['มกราคม–มีนาคม', 'January–March'],
  ['เมษายน–มิถุนายน', 'April–June'],
  ['กรกฎาคม–กันยายน', 'July–September'],
  ['ตุลาคม–ธันวาคม', 'October–December'],
];

export function seedBooks(s: SeedContext, count = DEFAULT_BOOKS) {
  const { db, insert, image } = s;
  const rnd = prng(4004);
  const cats = Object.fromEntries(
    db
      .prepare("SELECT slug, id FROM categories WHERE area = 'book'")
      .all()
      .map((r) => [r.slug, r.id]),
  );
  const seen = new Set();
  for (let i = 0; i < count; i++) {
    const id = i + 1;
    const topic = TOPICS[i % TOPICS.length];
    const days = -Math.floor((i * 730) / Math.max(count, 1)) - 3;
    const published = dateTime(days, 10, 0);
    const year = Number(published.slice(0, 4));
    const kind = i % 4 === 3 ? 'guide' : i % 8 === 7 ? 'report' : 'magazine';
    const q = QUARTERS[Math.floor((Number(published.slice(5, 7)) - 1) / 3)];
    let titleTh, titleEn;
    if (kind === 'magazine') {
      titleTh = `วารสารพัฒนาธุรกิจ ฉบับ${q[0]} ${be(year)}: ${topic.th}`;
      titleEn = `Business Development Journal, ${q[1]} ${year}: ${topic.en}`;
    } else {
      titleTh = `คู่มือผู้ประกอบการ: ${topic.th}`;
      titleEn = `Entrepreneur guide: ${topic.en}`;
    }
    if (i >= TOPICS.length) {
      titleTh += ` เล่มที่ ${Math.floor(i / TOPICS.length) + 1}`;
      titleEn += `, volume ${Math.floor(i / TOPICS.length) + 1}`;
    }
    let slug = slugify(titleEn);
    if (seen.has(slug)) slug = `${slug}-${id}`;
    seen.add(slug);
    const pdf = `/files/books/book-${id}.pdf`;
    insert('files', { path: pdf, kind: 'pdf', title: titleEn, subtitle: 'E-magazine' });
    insert('books', {
      id,
      slug,
      category_id: cats[kind],
      title_th: titleTh,
      title_en: titleEn,
      summary_th: `เนื้อหาเด่นฉบับนี้: ${topic.sumTh}`,
      summary_en: `In this issue: ${topic.sumEn}`,
      body_th: html(topic.sumTh, topic.bodyTh),
      body_en: html(topic.sumEn, topic.bodyEn),
      cover: image(`/files/covers/book-${id}.svg`, [titleTh, titleEn], [AGENCY.th, AGENCY.en], id + 2, 600, 848),
      pdf,
      pages: rnd.int(24, 96),
      published_at: published,
      views: rnd.int(100, 9000),
    });
  }
}

export function seedMedia(s: SeedContext, count = DEFAULT_MEDIA) {
  const { db, insert, image } = s;
  const rnd = prng(5005);
  const cats = db.prepare("SELECT slug, id FROM categories WHERE area = 'media' ORDER BY sort").all();
  const seen = new Set();
  for (let i = 0; i < count; i++) {
    const id = i + 1;
    const topic = TOPICS[(i * 3) % TOPICS.length];
    const cat = cats[i % cats.length];
    const kind = cat.slug === 'video' ? 'video' : 'gallery';
    const n = Math.floor(i / TOPICS.length) + 1;
    const titleTh =
      kind === 'video'
        ? `วิดีโอความรู้: ${topic.th} ตอนที่ ${n}`
        : cat.slug === 'infographic'
          ? `อินโฟกราฟิก: ${topic.th}${n > 1 ? ` ชุดที่ ${n}` : ''}`
          : `ภาพกิจกรรม: ${topic.th}${n > 1 ? ` ครั้งที่ ${n}` : ''}`;
    const titleEn =
      kind === 'video'
        ? `Video: ${topic.en}, episode ${n}`
        : cat.slug === 'infographic'
          ? `Infographic: ${topic.en}${n > 1 ? ` (set ${n})` : ''}`
          : `Photos: ${topic.en}${n > 1 ? ` (${n})` : ''}`;
    let slug = slugify(titleEn);
    if (seen.has(slug)) slug = `${slug}-${id}`;
    seen.add(slug);
    const images = [];
    const imageCount = kind === 'gallery' ? 4 : 1;
    for (let k = 1; k <= imageCount; k++)
      images.push(
        image(
          `/files/media/media-${id}-${k}.svg`,
          [`${titleTh} — ${k}`, `${titleEn} — ${k}`],
          [AGENCY.th, AGENCY.en],
          id + k,
        ),
      );
    let video = null;
    if (kind === 'video') {
      // No video bytes are bundled: the "video" attachment is a PDF transcript of the episode.
      video = `/files/media/media-${id}-transcript.pdf`;
      insert('files', { path: video, kind: 'pdf', title: `Transcript: ${titleEn}`, subtitle: 'Video transcript' });
    }
    insert('media', {
      id,
      slug,
      category_id: cat.id,
      kind,
      title_th: titleTh,
      title_en: titleEn,
      summary_th: topic.sumTh,
      summary_en: topic.sumEn,
      body_th: html(topic.bodyTh),
      body_en: html(topic.bodyEn),
      cover: image(`/files/covers/media-${id}.svg`, [titleTh, titleEn], [AGENCY.th, AGENCY.en], id + 6),
      images,
      video,
      published_at: dateTime(-Math.floor((i * 700) / Math.max(count, 1)) - rnd.int(1, 5), 14, 0),
    });
  }
}
