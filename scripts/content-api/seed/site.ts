// Site furniture: menus, footer, quick menu, consent, popup, intro pages, the e-magazine page
// template, banners and the summary statistics. Menu paths follow docs/routes.md and are
// language-neutral; the portal adds /en for English.
import { uuidFor } from './prng.ts';
import { AGENCY } from './text.ts';
import { html } from './helpers.ts';
import type { SeedContext } from './helpers.ts';
import type { Lang } from '../types.ts';
import { thaiImagePath } from '../files.ts';

const img = (url: string, width: number, height: number, alt: string) => ({ url, width, height, alt });
/** The image's Thai twin (seed/helpers.ts) for Thai documents. */
const imgTh = (url: string, width: number, height: number, alt: string) => img(thaiImagePath(url), width, height, alt);

/** [th, en, path, children?] */
type MenuEntry = readonly [string, string, string, MenuEntry[]?];
interface MenuItem {
  id: string;
  title: string;
  path: string;
  children: MenuItem[];
}

const MENU: MenuEntry[] = [
  ['หน้าแรก', 'Home', '/'],
  [
    'เกี่ยวกับกรม',
    'About us',
    '/article/a/',
    [
      ['ประวัติและพันธกิจ', 'History and mission', '/article/a/'],
      ['โครงสร้างองค์กร', 'Organisation chart', '/organization/1/'],
      ['การเปิดเผยข้อมูลสาธารณะ (ITA)', 'Public disclosure (ITA)', '/collapse/1/'],
      ['การบริหารทรัพยากรบุคคล', 'Human resources', '/collapse/2/'],
      ['ต่อต้านการทุจริต', 'Anti-corruption', '/common-article/2/'],
    ],
  ],
  [
    'ข่าวสารและกิจกรรม',
    'News and activities',
    '/news/',
    [
      ['ข่าวประชาสัมพันธ์', 'News', '/news/'],
      ['บทความ', 'Articles', '/articles/'],
      ['กิจกรรมและการอบรม', 'Activities and training', '/activities/'],
      ['ปฏิทินกิจกรรม', 'Event calendar', '/calendar/'],
      ['วารสารอิเล็กทรอนิกส์', 'E-magazines', '/e-magazine/'],
      ['มัลติมีเดีย', 'Multimedia', '/multimedia/'],
    ],
  ],
  [
    'บริการ',
    'Services',
    '/services/',
    [
      ['บริการของกรม', 'Our services', '/services/'],
      ['บริการออนไลน์', 'Online services', '/online-services/'],
      ['บริการถึงบ้าน', 'Home services', '/home-services/'],
      ['คู่มือการให้บริการ', 'Service manuals', '/manuals/'],
      ['ดาวน์โหลดแบบฟอร์ม', 'Download forms', '/downloads/'],
    ],
  ],
  [
    'กฎหมายและความรู้',
    'Laws and know-how',
    '/laws/',
    [
      ['กฎหมายที่เกี่ยวข้อง', 'Laws and regulations', '/laws/'],
      ['ความรู้กฎหมายธุรกิจ', 'Business law know-how', '/common-article/1/'],
      ['คำถามที่พบบ่อย', 'FAQ', '/faq/'],
    ],
  ],
  [
    'จัดซื้อจัดจ้าง',
    'Procurement',
    '/procurement/',
    [
      ['ประกาศจัดซื้อจัดจ้าง', 'Procurement notices', '/procurement/'],
      ['เอกสารจัดซื้อจัดจ้าง', 'Procurement documents', '/procure/'],
    ],
  ],
  [
    'ติดต่อเรา',
    'Contact us',
    '/contact/',
    [
      ['หน่วยงานในสังกัด', 'Offices', '/contact/'],
      ['ติดต่อกองและฝ่าย', 'Divisions', '/contact/division/'],
      ['พาณิชย์จังหวัด', 'Provincial offices', '/contact/province/'],
      ['แบบสำรวจ', 'Surveys', '/surveys/'],
      ['เว็บบอร์ด', 'Web board', '/webboard/'],
    ],
  ],
];

const NEW_MENU: MenuEntry[] = [
  ['หน้าแนะนำ', 'Welcome page', '/intro/'],
  ['ค้นหา', 'Search', '/search/'],
  ['เว็บบอร์ด', 'Web board', '/webboard/'],
  ['คำถามที่พบบ่อย', 'FAQ', '/faq/'],
  ['ผังเว็บไซต์', 'Site map', '/sitemap/'],
  ['กระทรวงพาณิชย์', 'Ministry of Commerce', 'https://www.moc.go.th/'],
];

function menu(list: MenuEntry[], lang: Lang, prefix = 'm'): MenuItem[] {
  return list.map(([th, en, path, children], i) => ({
    id: `${prefix}${i + 1}`,
    title: lang === 'th' ? th : en,
    path,
    children: children ? menu(children, lang, `${prefix}${i + 1}-`) : [],
  }));
}

export function seedSite(s: SeedContext) {
  const { insert, image, document } = s;
  document('menu', menu(MENU, 'th'), menu(MENU, 'en'));
  document('new-menu', menu(NEW_MENU, 'th', 'n'), menu(NEW_MENU, 'en', 'n'));

  const quick = [
    ['จดทะเบียนออนไลน์', 'Register online', '/online-services/1/'],
    ['สมัครอบรม', 'Join a course', '/activities/'],
    ['คลินิกธุรกิจ', 'Business clinic', '/services/business-clinic/'],
    ['ดาวน์โหลดแบบฟอร์ม', 'Download forms', '/downloads/'],
    ['ปฏิทินกิจกรรม', 'Event calendar', '/calendar/'],
    ['ติดต่อพาณิชย์จังหวัด', 'Provincial offices', '/contact/province/'],
  ];
  const quickItems = (lang: Lang) =>
    quick.map(([th, en, path], i) => ({
      id: i + 1,
      title: lang === 'th' ? th : en,
      path,
      icon: (lang === 'th' ? imgTh : img)(`/files/icons/quick-${i + 1}.svg`, 256, 256, ''),
    }));
  quick.forEach(([th, en], i) => image(`/files/icons/quick-${i + 1}.svg`, [th, en], '', i + 2, 256, 256));
  document('quick-menu', quickItems('th'), quickItems('en'));

  const footerColumn = (lang: Lang, keys: number[]) =>
    keys.map((k) => {
      const [th, en, path, children] = MENU[k]!;
      return {
        title: lang === 'th' ? th : en,
        links: (children ?? [[th, en, path] as const]).map(([cth, cen, cpath]) => ({
          title: lang === 'th' ? cth : cen,
          path: cpath,
        })),
      };
    });
  const footer = (lang: Lang) => ({
    agency_name: AGENCY[lang],
    address:
      lang === 'th'
        ? '563 ถนนนนทบุรี ตำบลบางกระสอ อำเภอเมืองนนทบุรี จังหวัดนนทบุรี 11000'
        : '563 Nonthaburi Road, Bang Krasor, Mueang Nonthaburi, Nonthaburi 11000, Thailand',
    phone: '1570',
    fax: '02-547-4409',
    email: 'info@dbdp.go.th',
    hours: lang === 'th' ? 'จันทร์–ศุกร์ 08.30–16.30 น.' : 'Monday–Friday 8:30–16:30',
    columns: [
      ...footerColumn(lang, [2, 3, 4]),
      {
        title: lang === 'th' ? 'ลิงก์ที่เป็นประโยชน์' : 'Useful links',
        links: [
          { title: lang === 'th' ? 'นโยบายคุ้มครองข้อมูลส่วนบุคคล' : 'Privacy policy', path: '/common-article/1/' },
          { title: lang === 'th' ? 'ผังเว็บไซต์' : 'Site map', path: '/sitemap/' },
          { title: lang === 'th' ? 'ค้นหา' : 'Search', path: '/search/' },
          { title: lang === 'th' ? 'กระทรวงพาณิชย์' : 'Ministry of Commerce', path: 'https://www.moc.go.th/' },
        ],
      },
    ],
    copyright:
      lang === 'th'
        ? 'สงวนลิขสิทธิ์ พ.ศ. 2569 กรมส่งเสริมการพัฒนาธุรกิจ กระทรวงพาณิชย์'
        : '© 2026 Department of Business Development Promotion, Ministry of Commerce',
  });
  document('footer', footer('th'), footer('en'));

  document(
    'consent',
    {
      version: '2026-10-01',
      title: 'การใช้คุกกี้',
      body_html: html(
        'เว็บไซต์นี้ใช้คุกกี้ที่จำเป็นเพื่อให้เว็บไซต์ทำงานได้ และคุกกี้เพื่อการวิเคราะห์เพื่อนับจำนวนผู้เข้าชม ท่านเลือกยอมรับหรือปฏิเสธคุกกี้เพื่อการวิเคราะห์ได้',
        'อ่านรายละเอียดได้ที่นโยบายคุ้มครองข้อมูลส่วนบุคคลของกรมฯ',
      ),
      accept_label: 'ยอมรับ',
      decline_label: 'ปฏิเสธ',
      policy_path: '/common-article/1/',
    },
    {
      version: '2026-10-01',
      title: 'Cookies',
      body_html: html(
        'This website uses necessary cookies to work and analytics cookies to count visitors. You may accept or decline the analytics cookies.',
        "See the Department's privacy policy for details.",
      ),
      accept_label: 'Accept',
      decline_label: 'Decline',
      policy_path: '/common-article/1/',
    },
  );

  image(
    '/files/popup/popup-survey.svg',
    ['ร่วมตอบแบบสำรวจความพึงพอใจต่อเว็บไซต์', 'Tell us what you think — website survey'],
    [AGENCY.th, AGENCY.en],
    5,
    800,
    800,
  );
  document(
    'popup',
    {
      isModal: true,
      title: 'ร่วมตอบแบบสำรวจความพึงพอใจ',
      text: 'ขอเชิญผู้ใช้งานร่วมตอบแบบสำรวจความพึงพอใจต่อเว็บไซต์ ใช้เวลาเพียง 3 นาที',
      link: '/surveys/1/',
      path: thaiImagePath('/files/popup/popup-survey.svg'),
    },
    {
      isModal: true,
      title: 'Take our satisfaction survey',
      text: 'Please tell us what you think of the website. It takes only three minutes.',
      link: '/surveys/1/',
      path: '/files/popup/popup-survey.svg',
    },
  );

  image(
    '/files/intro/intro-v1.svg',
    ['ยินดีต้อนรับสู่กรมส่งเสริมการพัฒนาธุรกิจ', 'Welcome to the Department of Business Development Promotion'],
    [AGENCY.th, AGENCY.en],
    0,
    1920,
    1080,
  );
  image(
    '/files/intro/intro-v2.svg',
    ['ผู้ประกอบการไทย เติบโตอย่างยั่งยืน', 'Thai entrepreneurs growing sustainably'],
    [AGENCY.th, AGENCY.en],
    2,
    1920,
    1080,
  );
  document(
    'intropage',
    {
      title: 'ยินดีต้อนรับสู่เว็บไซต์กรมส่งเสริมการพัฒนาธุรกิจ',
      body_html: html('ร่วมเป็นส่วนหนึ่งในการพัฒนาผู้ประกอบการไทยให้เติบโตอย่างยั่งยืน'),
      image: imgTh('/files/intro/intro-v1.svg', 1920, 1080, 'ภาพต้อนรับเข้าสู่เว็บไซต์'),
      enter_label: 'เข้าสู่เว็บไซต์',
      enter_path: '/',
    },
    {
      title: 'Welcome to the Department of Business Development Promotion',
      body_html: html('Join us in helping Thai entrepreneurs grow sustainably.'),
      image: img('/files/intro/intro-v1.svg', 1920, 1080, 'Welcome image'),
      enter_label: 'Enter the website',
      enter_path: '/',
    },
  );
  document(
    'intropage-v2',
    {
      title: 'ผู้ประกอบการไทย เติบโตอย่างยั่งยืน',
      body_html: html('เฉลิมฉลองครบรอบ 25 ปี กรมส่งเสริมการพัฒนาธุรกิจ'),
      image: imgTh('/files/intro/intro-v2.svg', 1920, 1080, 'ภาพฉลองครบรอบ 25 ปี'),
      enter_label: 'เข้าสู่เว็บไซต์',
      enter_path: '/',
    },
    {
      title: 'Thai entrepreneurs growing sustainably',
      body_html: html('Celebrating 25 years of the Department of Business Development Promotion.'),
      image: img('/files/intro/intro-v2.svg', 1920, 1080, '25th anniversary image'),
      enter_label: 'Enter the website',
      enter_path: '/',
    },
  );

  image(
    '/files/books/template-banner.svg',
    ['วารสารและสิ่งพิมพ์อิเล็กทรอนิกส์', 'E-magazines and publications'],
    [AGENCY.th, AGENCY.en],
    7,
    1920,
    480,
  );
  document(
    'book-template',
    {
      title: 'วารสารและสิ่งพิมพ์อิเล็กทรอนิกส์',
      description: 'อ่านวารสารพัฒนาธุรกิจ รายงานประจำปี และคู่มือผู้ประกอบการได้ฟรี',
      banner: imgTh('/files/books/template-banner.svg', 1920, 480, 'แบนเนอร์วารสารอิเล็กทรอนิกส์'),
    },
    {
      title: 'E-magazines and publications',
      description: 'Read the Business Development Journal, annual reports and entrepreneur guides for free.',
      banner: img('/files/books/template-banner.svg', 1920, 480, 'E-magazine banner'),
    },
  );

  image(
    '/files/contact/division-cover.svg',
    ['กองและฝ่ายของกรม', 'Divisions of the Department'],
    [AGENCY.th, AGENCY.en],
    8,
    1920,
    480,
  );
  document(
    'division-cover',
    imgTh('/files/contact/division-cover.svg', 1920, 480, 'ภาพปกหน้าติดต่อกองและฝ่าย'),
    img('/files/contact/division-cover.svg', 1920, 480, 'Cover of the divisions page'),
  );

  seedBanners(s);

  const STATS = [
    ['ผู้ประกอบการที่ได้รับการพัฒนา', 'Entrepreneurs trained', 12480, 'ราย', 'businesses'],
    ['มูลค่าการจับคู่ธุรกิจ', 'Business matching value', 1865, 'ล้านบาท', 'million baht'],
    ['ธุรกิจแฟรนไชส์ที่ได้มาตรฐาน', 'Certified franchises', 326, 'แบรนด์', 'brands'],
    ['ร้านค้าออนไลน์ที่ได้รับเครื่องหมายรับรอง', 'Trusted online shops', 8912, 'ร้าน', 'shops'],
  ];
  STATS.forEach(([th, en, value, uth, uen], i) =>
    insert('statistics', { id: i + 1, label_th: th, label_en: en, value, unit_th: uth, unit_en: uen }),
  );
}

function seedBanners(s: SeedContext) {
  const { db, insert, image } = s;
  const trainingId = db.prepare("SELECT id FROM categories WHERE area = 'activity' AND slug = 'training'").get()?.id;
  const add = (place: string, list: (readonly [string, string, string | null])[], w: number, h: number) =>
    list.forEach(([th, en, link], i) => {
      const uuid = uuidFor(`banner-${place}`, i + 1);
      const path = image(
        `/files/banners/${place}-${i + 1}.svg`,
        [th, en],
        [AGENCY.th, AGENCY.en],
        i + place.length,
        w,
        h,
      );
      insert('banners', { uuid, place, sort: i, title_th: th, title_en: en, image: path, width: w, height: h, link });
    });
  add(
    'main',
    [
      ['งานแสดงสินค้าแฟรนไชส์ไทย 2569', 'Thailand Franchise Expo 2026', '/calendar/'],
      ['สมัครอบรมการตลาดดิจิทัล รุ่นใหม่', 'New digital marketing courses open', '/activities/'],
      ['คลินิกการเงิน SME ทุกวันพุธ', 'SME finance clinic every Wednesday', '/services/finance-clinic/'],
      [
        'ระวังเว็บไซต์ปลอมแอบอ้างกรมฯ',
        'Beware of fake websites',
        '/article/warning-fake-websites-impersonating-the-department/',
      ],
      ['ร่วมตอบแบบสำรวจความพึงพอใจ', 'Take our satisfaction survey', '/surveys/1/'],
    ],
    1920,
    640,
  );
  add(
    'link',
    [
      ['ศูนย์บริการข้อมูลธุรกิจ 1570', 'Business information centre 1570', '/contact/'],
      ['ระบบจดทะเบียนออนไลน์', 'Online registration', '/online-services/1/'],
      ['ดาวน์โหลดแบบฟอร์ม', 'Download forms', '/downloads/'],
      ['เว็บบอร์ดผู้ประกอบการ', 'Entrepreneur web board', '/webboard/'],
    ],
    600,
    200,
  );
  add(
    'learning',
    [
      ['หลักสูตรการค้าออนไลน์สำหรับผู้เริ่มต้น', 'Online selling for beginners', `/activities/category/${trainingId}/`],
      ['คลังความรู้กฎหมายธุรกิจ', 'Business law library', '/common-article/1/'],
      ['วารสารพัฒนาธุรกิจ', 'Business Development Journal', '/e-magazine/'],
      ['วิดีโอความรู้สำหรับ SME', 'Videos for SMEs', '/multimedia/'],
    ],
    800,
    450,
  );
  add(
    'exchange',
    [
      ['สำนักงานส่งเสริมวิสาหกิจขนาดกลางและขนาดย่อม', 'Office of SMEs Promotion', 'https://www.sme.go.th/'],
      ['กรมส่งเสริมการค้าระหว่างประเทศ', 'Department of International Trade Promotion', 'https://www.ditp.go.th/'],
      ['กรมพัฒนาธุรกิจการค้า', 'Department of Business Development', 'https://www.dbd.go.th/'],
      ['กรมทรัพย์สินทางปัญญา', 'Department of Intellectual Property', 'https://www.ipthailand.go.th/'],
      [
        'ธนาคารพัฒนาวิสาหกิจขนาดกลางและขนาดย่อมแห่งประเทศไทย',
        'SME Development Bank of Thailand',
        'https://www.smebank.co.th/',
      ],
      ['กระทรวงพาณิชย์', 'Ministry of Commerce', 'https://www.moc.go.th/'],
    ],
    400,
    160,
  );
  add(
    'contact-cover',
    [
      ['อาคารสำนักงานกรมส่งเสริมการพัฒนาธุรกิจ', "The Department's office building", null],
      ['ศูนย์บริการข้อมูลธุรกิจ', 'Business information centre', '/contact/division/'],
      ['พาณิชย์จังหวัดทั่วประเทศ', 'Provincial commercial offices', '/contact/province/'],
    ],
    1920,
    480,
  );
}
