// Procurement notices (purchase/*) and the procure module's groups (procure/*).
import { prng, dateTime, be, uuidFor } from './prng.ts';
import { html } from './helpers.ts';
import type { SeedContext } from './helpers.ts';

export const DEFAULT_PURCHASES = 36;

const GROUPS = [
  ['แผนการจัดซื้อจัดจ้าง', 'Procurement plans'],
  ['ประกาศเชิญชวน', 'Invitations to bid'],
  ['ประกาศผู้ชนะการเสนอราคา', 'Award announcements'],
  ['สรุปผลการจัดซื้อจัดจ้างรายเดือน', 'Monthly procurement summaries'],
];
const ITEMS = [
  ['จ้างจัดงานแสดงสินค้าแฟรนไชส์ไทย', 'hiring an organiser for the Thailand Franchise Expo'],
  ['ซื้อเครื่องคอมพิวเตอร์สำหรับศูนย์ให้คำปรึกษาธุรกิจ', 'purchase of computers for the business advisory centre'],
  ['จ้างพัฒนาระบบจดทะเบียนพาณิชย์อิเล็กทรอนิกส์', 'development of the e-commerce registration system'],
  ['จ้างผลิตสื่อประชาสัมพันธ์โครงการพัฒนาผู้ประกอบการ', 'production of publicity material for the entrepreneur programme'],
  ['จ้างที่ปรึกษาออกแบบบรรจุภัณฑ์สินค้าชุมชน', 'packaging design consultants for community products'],
  ['เช่าพื้นที่จัดสัมมนาส่งเสริมการส่งออก', 'venue rental for export promotion seminars'],
  ['จ้างทำความสะอาดอาคารสำนักงาน', 'office cleaning services'],
  ['ซื้อวัสดุสำนักงานประจำไตรมาส', 'quarterly office supplies'],
];
const METHODS = [
  ['วิธีเฉพาะเจาะจง', 'Specific method'],
  ['วิธีประกวดราคาอิเล็กทรอนิกส์ (e-bidding)', 'Electronic bidding (e-bidding)'],
  ['วิธีคัดเลือก', 'Selection method'],
];

export function seedPurchases(s: SeedContext, count = DEFAULT_PURCHASES) {
  const { insert, attach } = s;
  const rnd = prng(6006);
  GROUPS.forEach(([th, en], i) => insert('purchase_groups', { id: i + 1, title_th: th, title_en: en }));
  for (let i = 0; i < count; i++) {
    const uuid = uuidFor('purchase', i + 1);
    const g = (i % GROUPS.length) + 1;
    const [itTh, itEn] = ITEMS[i % ITEMS.length];
    const announcedDays = -Math.floor((i * 700) / Math.max(count, 1)) - rnd.int(0, 2);
    const announced = dateTime(announcedDays, 10, 0);
    const year = Number(announced.slice(0, 4));
    const no = `${(i % 97) + 1}/${be(year)}`;
    const prefixTh = ['แผนการ', 'ประกาศเชิญชวน', 'ประกาศผู้ชนะการเสนอราคา', 'สรุปผลการ'][g - 1];
    const prefixEn = ['Plan for', 'Invitation to bid for', 'Award of', 'Summary of'][g - 1];
    const titleTh = `${prefixTh}${itTh} เลขที่ ${no}`;
    const titleEn = `${prefixEn} ${itEn}, No. ${no}`;
    const method = METHODS[i % METHODS.length];
    const budget = i % 6 === 5 ? null : rnd.int(5, 400) * 10_000;
    const closing = g === 2 ? dateTime(announcedDays + 15, 16, 30) : null;
    const status = g === 3 ? 'awarded' : closing && announcedDays + 15 >= 0 ? 'open' : 'closed';
    insert('purchases', {
      uuid,
      seq: i + 1,
      group_id: g,
      title_th: titleTh,
      title_en: titleEn,
      summary_th: `${method[0]} ${budget ? `วงเงินงบประมาณ ${budget.toLocaleString('en-US')} บาท` : 'ไม่ระบุวงเงิน'}`,
      summary_en: `${method[1]}, ${budget ? `budget THB ${budget.toLocaleString('en-US')}` : 'budget not stated'}`,
      body_th: html(
        `กรมส่งเสริมการพัฒนาธุรกิจมีความประสงค์${itTh} ด้วย${method[0]}`,
        'ผู้สนใจสามารถดาวน์โหลดเอกสารประกวดราคาและขอบเขตของงานได้จากไฟล์แนบ',
        'สอบถามรายละเอียดได้ที่กลุ่มงานพัสดุ โทร. 02-547-4455',
      ),
      body_en: html(
        `The Department of Business Development Promotion invites offers for ${itEn} by the ${method[1].toLowerCase()}.`,
        'Bidding documents and the terms of reference can be downloaded from the attachments.',
        'Questions: procurement unit, tel. 02-547-4455.',
      ),
      method_th: method[0],
      method_en: method[1],
      budget,
      status,
      announced_at: announced,
      closing_at: closing,
    });
    attach('purchase', uuid, `/files/procurement/${uuid}-notice.pdf`, `ประกาศ ${titleTh}`, `Notice: ${titleEn}`);
    if (g === 2)
      attach('purchase', uuid, `/files/procurement/${uuid}-tor.pdf`, 'ขอบเขตของงาน (TOR)', 'Terms of reference (TOR)');
  }
}

/** The procure module: groups of downloadable procurement documents. */
export function seedProcure(s: SeedContext) {
  const { insert, attach } = s;
  const groups = [
    ['ประกาศราคากลาง', 'Reference prices'],
    ['รายงานผลการจัดซื้อจัดจ้างประจำปี', 'Annual procurement reports'],
    ['การวิเคราะห์ผลการจัดซื้อจัดจ้าง', 'Procurement analysis'],
  ];
  let id = 0;
  groups.forEach(([th, en], gi) => {
    insert('procure_groups', { id: gi + 1, title_th: th, title_en: en });
    for (let k = 0; k < 16; k++) {
      id++;
      const year = 2569 - Math.floor(k / 4);
      const quarter = (k % 4) + 1;
      insert('procure_items', {
        id,
        group_id: gi + 1,
        title_th: `${th} ไตรมาสที่ ${quarter} ปีงบประมาณ ${year}`,
        title_en: `${en}, quarter ${quarter}, fiscal year ${year - 543}`,
        published_at: dateTime(-k * 91 - gi * 3, 10, 0),
      });
      attach(
        'procure',
        id,
        `/files/procure/procure-${id}.pdf`,
        `${th} ไตรมาสที่ ${quarter}/${year}`,
        `${en} Q${quarter}/${year - 543}`,
      );
    }
  });
}
