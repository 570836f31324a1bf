// Categories, departments with their divisions, regions and the 77 provincial offices.
import type { SeedContext } from './helpers.ts';
import { REGIONS, PROVINCES } from './text.ts';

const ARTICLE_CATEGORIES: [string, string, string][] = [
  ['export', 'ส่งเสริมการส่งออก', 'Export promotion'],
  ['e-commerce', 'การค้าออนไลน์', 'E-commerce'],
  ['finance', 'แหล่งเงินทุนและสินเชื่อ', 'Finance and loans'],
  ['franchise', 'ธุรกิจแฟรนไชส์', 'Franchising'],
  ['branding', 'ตราสินค้าและบรรจุภัณฑ์', 'Branding and packaging'],
  ['community', 'วิสาหกิจชุมชน', 'Community enterprises'],
  ['knowledge', 'สาระน่ารู้สำหรับผู้ประกอบการ', 'Business know-how'],
  ['success', 'เรื่องเล่าความสำเร็จ', 'Success stories'],
];
const ACTIVITY_CATEGORIES: [string, string, string][] = [
  ['training', 'การฝึกอบรม', 'Training'],
  ['seminar', 'สัมมนา', 'Seminars'],
  ['clinic', 'คลินิกให้คำปรึกษา', 'Advisory clinics'],
  ['matching', 'จับคู่ธุรกิจ', 'Business matching'],
];
const BOOK_CATEGORIES: [string, string, string][] = [
  ['magazine', 'นิตยสารรายไตรมาส', 'Quarterly magazine'],
  ['report', 'รายงานประจำปี', 'Annual reports'],
  ['guide', 'คู่มือผู้ประกอบการ', 'Entrepreneur guides'],
];
const MEDIA_CATEGORIES: [string, string, string][] = [
  ['gallery', 'ภาพกิจกรรม', 'Event photos'],
  ['video', 'วิดีโอความรู้', 'Knowledge videos'],
  ['infographic', 'อินโฟกราฟิก', 'Infographics'],
];

/** Offices of the agency: they are the departments of `/content/category/{department}/…`. */
const OFFICES = [
  [
    'central-office',
    'สำนักงานกลาง กรมส่งเสริมการพัฒนาธุรกิจ',
    'Central Office, Department of Business Development Promotion',
    '563 ถนนนนทบุรี ตำบลบางกระสอ อำเภอเมืองนนทบุรี จังหวัดนนทบุรี 11000',
    '563 Nonthaburi Road, Bang Krasor, Mueang Nonthaburi, Nonthaburi 11000',
  ],
  [
    'business-development',
    'กองส่งเสริมการพัฒนาธุรกิจ',
    'Business Development Division',
    '563 ถนนนนทบุรี ชั้น 7 ตำบลบางกระสอ อำเภอเมืองนนทบุรี จังหวัดนนทบุรี 11000',
    '7th floor, 563 Nonthaburi Road, Bang Krasor, Nonthaburi 11000',
  ],
  [
    'e-commerce-promotion',
    'กองส่งเสริมพาณิชย์อิเล็กทรอนิกส์',
    'E-Commerce Promotion Division',
    '563 ถนนนนทบุรี ชั้น 9 ตำบลบางกระสอ อำเภอเมืองนนทบุรี จังหวัดนนทบุรี 11000',
    '9th floor, 563 Nonthaburi Road, Bang Krasor, Nonthaburi 11000',
  ],
  [
    'northern-centre',
    'ศูนย์พัฒนาธุรกิจภาคเหนือ',
    'Northern Business Development Centre',
    '199 ถนนโชตนา ตำบลช้างเผือก อำเภอเมืองเชียงใหม่ จังหวัดเชียงใหม่ 50300',
    '199 Chotana Road, Chang Phueak, Mueang Chiang Mai, Chiang Mai 50300',
  ],
  [
    'southern-centre',
    'ศูนย์พัฒนาธุรกิจภาคใต้',
    'Southern Business Development Centre',
    '88 ถนนกาญจนวนิช ตำบลหาดใหญ่ อำเภอหาดใหญ่ จังหวัดสงขลา 90110',
    '88 Kanjanavanit Road, Hat Yai, Songkhla 90110',
  ],
];

const DIVISIONS = [
  ['ฝ่ายบริหารทั่วไป', 'General Administration Section'],
  ['ฝ่ายให้คำปรึกษาธุรกิจ', 'Business Advisory Section'],
  ['ฝ่ายฝึกอบรมและพัฒนาผู้ประกอบการ', 'Entrepreneur Training Section'],
];

export function seedTaxonomy(s: SeedContext) {
  const { insert, image, attach } = s;
  const cat = (area: string, list: (readonly [string, string, string])[]) =>
    list.forEach(([slug, th, en], i) => insert('categories', { area, slug, title_th: th, title_en: en, sort: i }));
  cat('article', ARTICLE_CATEGORIES);
  cat('activity', ACTIVITY_CATEGORIES);
  cat('book', BOOK_CATEGORIES);
  cat('media', MEDIA_CATEGORIES);

  insert('departments', {
    slug: 'own',
    kind: 'source',
    name_th: 'กรมส่งเสริมการพัฒนาธุรกิจ',
    name_en: 'Department of Business Development Promotion',
  });
  insert('departments', { slug: 'moc', kind: 'source', name_th: 'กระทรวงพาณิชย์', name_en: 'Ministry of Commerce' });
  OFFICES.forEach(([slug, th, en, addrTh, addrEn], i) => {
    const id = insert('departments', {
      slug,
      kind: 'office',
      name_th: th,
      name_en: en,
      address_th: addrTh,
      address_en: addrEn,
      phone: `02-547-${4400 + i * 10}`,
      fax: `02-547-${4409 + i * 10}`,
      email: `${slug}@dbdp.go.th`,
      hours_th: 'จันทร์–ศุกร์ 08.30–16.30 น. (เว้นวันหยุดราชการ)',
      hours_en: 'Monday–Friday 8:30–16:30 (except public holidays)',
      map_image: image(`/files/maps/${slug}.svg`, [th, en], ['แผนที่', 'Map'], i + 3, 800, 500),
    });
    DIVISIONS.forEach(([dth, den], j) =>
      insert('divisions', {
        department_id: id,
        name_th: dth,
        name_en: den,
        head_th: j === 0 ? 'นางสาวกนกวรรณ ทองมา' : j === 1 ? 'นายอนุชา บุญเรือง' : 'นางรัตนา เจริญผล',
        head_en: j === 0 ? 'Ms Kanokwan Thongma' : j === 1 ? 'Mr Anucha Boonruang' : 'Mrs Rattana Charoenphon',
        phone: `02-547-${4401 + i * 10 + j}`,
        email: `${slug}-${j + 1}@dbdp.go.th`,
      }),
    );
  });

  // Attachments of the divisions contact page.
  attach(
    'contact-division',
    0,
    '/files/contact/phone-directory.pdf',
    'สมุดรายชื่อและหมายเลขโทรศัพท์ภายใน',
    'Internal phone directory',
  );
  attach(
    'contact-division',
    0,
    '/files/contact/service-charter.pdf',
    'กฎบัตรการให้บริการประชาชน',
    'Public service charter',
  );

  REGIONS.forEach((r, i) => insert('regions', { id: r.id, title_th: r.th, title_en: r.en, sort: i }));
  PROVINCES.forEach(([th, en, region], i) =>
    insert('province_contacts', {
      region_id: region,
      province_th: th,
      province_en: en,
      office_th: `สำนักงานพาณิชย์จังหวัด${th}`,
      office_en: `${en} Provincial Commercial Office`,
      address_th:
        region === 'bangkok'
          ? 'ศาลาว่าการกรุงเทพมหานคร ถนนดินสอ เขตพระนคร กรุงเทพมหานคร 10200'
          : `ศาลากลางจังหวัด${th} อำเภอเมือง${th} จังหวัด${th}`,
      address_en:
        region === 'bangkok'
          ? 'Bangkok City Hall, Din So Road, Phra Nakhon, Bangkok 10200'
          : `Provincial Hall, Mueang ${en} District, ${en}`,
      phone: `0-${String(2000 + i * 37).slice(0, 4)}-${String(1000 + i * 13).slice(0, 4)}`,
      email: `${en.toLowerCase().replace(/[^a-z]+/g, '')}@moc.go.th`,
    }),
  );
}
