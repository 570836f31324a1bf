// Services and their groups, online services (with "hot" ones) and home services.
import { AGENCY } from './text.ts';
import { html } from './helpers.ts';
import type { SeedContext } from './helpers.ts';

const SERVICE_GROUPS: [string, string, string, string, string][] = [
  [
    'consulting',
    'บริการให้คำปรึกษา',
    'Advisory services',
    'ที่ปรึกษาผู้เชี่ยวชาญช่วยวิเคราะห์และแก้ปัญหาธุรกิจ',
    'Expert consultants who analyse and solve business problems',
  ],
  [
    'market-access',
    'บริการขยายตลาด',
    'Market access services',
    'ช่องทางพบผู้ซื้อทั้งในและต่างประเทศ',
    'Ways to meet buyers in Thailand and abroad',
  ],
  [
    'information',
    'บริการข้อมูลธุรกิจ',
    'Business information services',
    'ข้อมูลสถิติ รายงานตลาด และฐานข้อมูลผู้ประกอบการ',
    'Statistics, market reports and the entrepreneur database',
  ],
];
const SERVICES: [string, string, string, string, string, string, boolean][] = [
  [
    'consulting',
    'business-clinic',
    'คลินิกธุรกิจ SME',
    'SME business clinic',
    'ปรึกษาปัญหาธุรกิจแบบตัวต่อตัวกับผู้เชี่ยวชาญ ไม่มีค่าใช้จ่าย',
    'Free one-to-one advice from business experts',
    true,
  ],
  [
    'consulting',
    'finance-clinic',
    'คลินิกการเงินและสินเชื่อ',
    'Finance and loan clinic',
    'ช่วยเตรียมเอกสารและแผนธุรกิจสำหรับยื่นขอสินเชื่อ',
    'Help preparing documents and business plans for loan applications',
    true,
  ],
  [
    'consulting',
    'franchise-assessment',
    'ประเมินมาตรฐานแฟรนไชส์',
    'Franchise standard assessment',
    'ตรวจประเมินระบบแฟรนไชส์และให้คำแนะนำการปรับปรุง',
    'Assessment of franchise systems with advice on improvements',
    false,
  ],
  [
    'market-access',
    'trade-fair-booth',
    'จองพื้นที่งานแสดงสินค้า',
    'Trade fair booth booking',
    'สมัครเข้าร่วมออกบูธในงานแสดงสินค้าที่กรมฯ จัด',
    'Apply for a booth at trade fairs organised by the Department',
    true,
  ],
  [
    'market-access',
    'online-matching',
    'เจรจาธุรกิจออนไลน์',
    'Online business matching',
    'นัดหมายเจรจากับผู้ซื้อต่างประเทศผ่านระบบออนไลน์',
    'Book online meetings with overseas buyers',
    false,
  ],
  [
    'market-access',
    'thai-trust-mark',
    'เครื่องหมายรับรองร้านค้าออนไลน์',
    'Online shop trust mark',
    'ขอรับเครื่องหมายรับรองความน่าเชื่อถือสำหรับร้านค้าออนไลน์',
    'Apply for the trust mark for online shops',
    true,
  ],
  [
    'information',
    'business-data',
    'ฐานข้อมูลธุรกิจ',
    'Business database',
    'ค้นหาข้อมูลนิติบุคคลและสถิติการจดทะเบียน',
    'Search company records and registration statistics',
    false,
  ],
  [
    'information',
    'market-reports',
    'รายงานวิเคราะห์ตลาด',
    'Market analysis reports',
    'รายงานแนวโน้มตลาดรายอุตสาหกรรม เผยแพร่ทุกไตรมาส',
    'Quarterly market trend reports by industry',
    true,
  ],
];

const ONLINE_CATEGORIES = [
  ['จดทะเบียนและรับรอง', 'Registration and certification'],
  ['ฝึกอบรมและสมัครโครงการ', 'Training and programme applications'],
  ['ข้อมูลและรายงาน', 'Information and reports'],
];
const ONLINE: [number, string, string, boolean][] = [
  [1, 'จดทะเบียนพาณิชย์อิเล็กทรอนิกส์', 'E-commerce registration', true],
  [1, 'ขอหนังสือรับรองนิติบุคคล', 'Company certificate request', true],
  [1, 'ยื่นงบการเงินออนไลน์', 'Online filing of financial statements', false],
  [1, 'ขอเครื่องหมายรับรองร้านค้าออนไลน์', 'Online shop trust mark application', false],
  [2, 'สมัครอบรมหลักสูตรผู้ประกอบการ', 'Entrepreneur course application', true],
  [2, 'สมัครเข้าร่วมงานแสดงสินค้า', 'Trade fair application', false],
  [2, 'ลงทะเบียนคลินิกธุรกิจ', 'Business clinic registration', true],
  [3, 'ดาวน์โหลดสถิติการจดทะเบียนธุรกิจ', 'Business registration statistics', false],
  [3, 'ตรวจสอบสถานะคำขอ', 'Application status check', true],
];
const HOME = [
  [
    'ที่ปรึกษาลงพื้นที่ถึงสถานประกอบการ',
    'Consultants at your premises',
    'ผู้เชี่ยวชาญเดินทางไปให้คำปรึกษาถึงสถานประกอบการในทุกจังหวัด',
    'Experts travel to advise businesses at their own premises in every province',
  ],
  [
    'หน่วยบริการเคลื่อนที่',
    'Mobile service unit',
    'รถบริการจดทะเบียนและให้ข้อมูลธุรกิจที่หมุนเวียนไปตามอำเภอต่างๆ',
    'A registration and information van that tours the districts',
  ],
  [
    'อบรมในชุมชน',
    'Training in your community',
    'จัดหลักสูตรอบรมในชุมชนสำหรับกลุ่มผู้ประกอบการตั้งแต่ 20 คนขึ้นไป',
    'Courses held in the community for groups of 20 or more',
  ],
  [
    'ตรวจสุขภาพธุรกิจถึงบ้าน',
    'Business health check at home',
    'ประเมินจุดแข็งจุดอ่อนของธุรกิจพร้อมแผนพัฒนาเฉพาะราย',
    'An assessment of strengths and weaknesses with a personal development plan',
  ],
];

export function seedServices(s: SeedContext) {
  const { insert, image, attach } = s;
  const groupIds: Record<string, number> = {};
  SERVICE_GROUPS.forEach(([slug, th, en, dth, den], i) => {
    groupIds[slug] = insert('service_groups', {
      id: i + 1,
      slug,
      title_th: th,
      title_en: en,
      description_th: dth,
      description_en: den,
    });
  });
  SERVICES.forEach(([group, slug, th, en, sth, sen, highlight], i) => {
    const id = i + 1;
    insert('services', {
      id,
      slug,
      group_id: groupIds[group],
      title_th: th,
      title_en: en,
      summary_th: sth,
      summary_en: sen,
      body_th: html(
        sth,
        'ผู้ประกอบการที่จดทะเบียนกับกรมฯ ใช้บริการได้โดยไม่มีค่าใช้จ่าย โดยยื่นคำขอผ่านระบบออนไลน์หรือที่สำนักงานพาณิชย์จังหวัด',
        'ระยะเวลาดำเนินการประมาณ 7 วันทำการ',
      ),
      body_en: html(
        sen + '.',
        'Businesses registered with the Department use this service free of charge; apply online or at a provincial commercial office.',
        'Processing takes about seven working days.',
      ),
      icon: image(`/files/icons/service-${id}.svg`, [th, en], '', id, 256, 256),
      url: i % 2 === 0 ? null : `/online-services/${(i % ONLINE.length) + 1}/`,
      highlight,
    });
    if (i % 3 === 0)
      attach('service', id, `/files/services/service-${id}.pdf`, `แบบคำขอ${th}`, `Application form: ${en}`);
  });

  ONLINE_CATEGORIES.forEach(([th, en], i) => insert('online_categories', { id: i + 1, title_th: th, title_en: en }));
  ONLINE.forEach(([cat, th, en, hot], i) => {
    const id = i + 1;
    insert('online_services', {
      id,
      category_id: cat,
      title_th: th,
      title_en: en,
      summary_th: `${th} ผ่านระบบออนไลน์ ตลอด 24 ชั่วโมง`,
      summary_en: `${en} online, 24 hours a day.`,
      body_th: html(
        `บริการ${th}ผ่านระบบออนไลน์ ผู้ใช้ต้องลงทะเบียนและยืนยันตัวตนก่อนใช้งานครั้งแรก`,
        'เอกสารที่ต้องเตรียม: สำเนาบัตรประชาชน และหนังสือรับรองนิติบุคคล (ถ้ามี)',
      ),
      body_en: html(
        `${en} online. Register and verify your identity before the first use.`,
        'Documents: a copy of your ID card and, for companies, the company certificate.',
      ),
      icon: image(`/files/icons/online-${id}.svg`, [th, en], '', id + 3, 256, 256),
      url: `/online-services/${id}/`,
      hot,
    });
    if (i % 2 === 0) attach('online', id, `/files/online/online-${id}.pdf`, `คู่มือการใช้งาน ${th}`, `User guide: ${en}`);
  });

  HOME.forEach(([th, en, sth, sen], i) => {
    const id = i + 1;
    insert('home_services', {
      id,
      title_th: th,
      title_en: en,
      summary_th: sth,
      summary_en: sen,
      body_th: html(sth, 'ติดต่อขอรับบริการล่วงหน้าอย่างน้อย 14 วันผ่านสำนักงานพาณิชย์จังหวัดหรือศูนย์บริการข้อมูลธุรกิจ โทร. 1570'),
      body_en: html(
        sen + '.',
        'Book at least 14 days ahead through your provincial commercial office or the business information centre on 1570.',
      ),
      cover: image(`/files/covers/home-service-${id}.svg`, [th, en], [AGENCY.th, AGENCY.en], id + 1),
    });
    attach(
      'home-service',
      id,
      `/files/home-services/home-service-${id}.pdf`,
      `แบบคำขอรับบริการ ${th}`,
      `Request form: ${en}`,
    );
  });
}
