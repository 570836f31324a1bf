// FAQs in groups, laws with categories and sub-categories, and download forms.
import type { Pair } from './helpers.ts';
import { dateTime, be } from './prng.ts';
import { html } from './helpers.ts';
import type { SeedContext } from './helpers.ts';

export const DEFAULT_LAWS = 30;

const FAQ = [
  [
    'การจดทะเบียนธุรกิจ',
    'Business registration',
    [
      [
        'จดทะเบียนบริษัทออนไลน์ใช้เวลากี่วัน',
        'How long does online company registration take?',
        'หากเอกสารครบถ้วน นายทะเบียนจะพิจารณาภายในหนึ่งวันทำการ',
        'With complete documents the registrar decides within one working day.',
      ],
      [
        'ต้องมีทุนจดทะเบียนขั้นต่ำเท่าใด',
        'Is there a minimum registered capital?',
        'กฎหมายไม่ได้กำหนดทุนขั้นต่ำ แต่ควรกำหนดให้สอดคล้องกับขนาดของกิจการ',
        'The law sets no minimum, but capital should match the size of the business.',
      ],
      [
        'ร้านค้าออนไลน์ต้องจดทะเบียนพาณิชย์หรือไม่',
        'Must an online shop register?',
        'ผู้ขายสินค้าหรือบริการผ่านอินเทอร์เน็ตต้องจดทะเบียนพาณิชย์อิเล็กทรอนิกส์ภายใน 30 วันนับแต่วันเริ่มประกอบกิจการ',
        'Anyone selling goods or services on the internet must register within 30 days of starting.',
      ],
    ],
  ],
  [
    'การอบรมและกิจกรรม',
    'Training and activities',
    [
      [
        'สมัครอบรมมีค่าใช้จ่ายหรือไม่',
        'Do courses cost anything?',
        'หลักสูตรส่วนใหญ่ไม่มีค่าใช้จ่าย บางหลักสูตรเก็บค่าลงทะเบียนเพื่อยืนยันการเข้าร่วม',
        'Most courses are free; some charge a small fee to confirm attendance.',
      ],
      [
        'จะได้รับวุฒิบัตรหรือไม่',
        'Will I receive a certificate?',
        'ผู้ที่เข้าอบรมครบร้อยละ 80 ของเวลาจะได้รับวุฒิบัตรทางอีเมล',
        'Participants who attend 80 per cent of the sessions receive a certificate by email.',
      ],
    ],
  ],
  [
    'แหล่งเงินทุน',
    'Finance',
    [
      [
        'กรมฯ ให้กู้เงินโดยตรงหรือไม่',
        'Does the Department lend money?',
        'กรมฯ ไม่ได้ให้กู้โดยตรง แต่ช่วยเตรียมความพร้อมและประสานกับสถาบันการเงินของรัฐ',
        'No; the Department prepares businesses and links them with state banks.',
      ],
      [
        'ต้องใช้หลักประกันหรือไม่',
        'Is collateral required?',
        'ขึ้นอยู่กับโครงการ บางโครงการใช้บรรษัทประกันสินเชื่ออุตสาหกรรมขนาดย่อมค้ำประกันแทน',
        'It depends on the programme; some use the Small Business Credit Guarantee Corporation instead.',
      ],
    ],
  ],
  [
    'เว็บไซต์และบัญชีผู้ใช้',
    'Website and accounts',
    [
      [
        'ลืมรหัสผ่านต้องทำอย่างไร',
        'I forgot my password',
        'กดปุ่มลืมรหัสผ่านในหน้าเข้าสู่ระบบ แล้วระบบจะส่งลิงก์ตั้งรหัสผ่านใหม่ไปยังอีเมลที่ลงทะเบียนไว้',
        'Use "Forgot password" on the login page; a reset link is sent to your registered email.',
      ],
      [
        'เว็บบอร์ดใช้งานอย่างไร',
        'How do I use the web board?',
        'เข้าสู่ระบบด้วยบัญชีสมาชิก เลือกห้องสนทนา แล้วอ่านหรือตั้งกระทู้ได้ทันที',
        'Log in with your member account, choose a room, then read or start a thread.',
      ],
    ],
  ],
];

const LAW_CATS: [string, string, Pair[]][] = [
  [
    'พระราชบัญญัติ',
    'Acts',
    [
      ['การจดทะเบียนธุรกิจ', 'Business registration'],
      ['การค้าและการแข่งขัน', 'Trade and competition'],
    ],
  ],
  [
    'กฎกระทรวง',
    'Ministerial regulations',
    [
      ['ค่าธรรมเนียม', 'Fees'],
      ['การประกอบพาณิชยกิจ', 'Commercial activities'],
    ],
  ],
  [
    'ประกาศและระเบียบ',
    'Notifications and rules',
    [
      ['พาณิชย์อิเล็กทรอนิกส์', 'E-commerce'],
      ['การส่งเสริม SME', 'SME promotion'],
    ],
  ],
];
const LAW_TITLES = [
  ['พระราชบัญญัติทะเบียนพาณิชย์', 'Commercial Registration Act'],
  ['พระราชบัญญัติการแข่งขันทางการค้า', 'Trade Competition Act'],
  ['พระราชบัญญัติส่งเสริมวิสาหกิจขนาดกลางและขนาดย่อม', 'Small and Medium Enterprises Promotion Act'],
  ['กฎกระทรวงกำหนดค่าธรรมเนียมการจดทะเบียน', 'Ministerial Regulation on registration fees'],
  [
    'ประกาศกระทรวงพาณิชย์ เรื่อง ให้ผู้ประกอบพาณิชยกิจต้องจดทะเบียนพาณิชย์',
    'Ministry of Commerce notification on mandatory commercial registration',
  ],
  ['ระเบียบกรมส่งเสริมการพัฒนาธุรกิจว่าด้วยการให้บริการคลินิกธุรกิจ', 'Department rules on business clinic services'],
];

export function seedFaqs(s: SeedContext) {
  const { insert } = s;
  FAQ.forEach(([th, en, items], gi) => {
    insert('faq_groups', { id: gi + 1, title_th: th, title_en: en });
    for (const [qth, qen, ath, aen] of items)
      insert('faqs', {
        group_id: gi + 1,
        question_th: qth,
        question_en: qen,
        answer_th: html(ath),
        answer_en: html(aen),
      });
  });
}

export function seedLaws(s: SeedContext, count = DEFAULT_LAWS) {
  const { insert, attach } = s;
  let subId = 0;
  const subs: { id: number; cat: number }[] = [];
  LAW_CATS.forEach(([th, en, subList], ci) => {
    insert('law_categories', { id: ci + 1, title_th: th, title_en: en });
    for (const [sth, sen] of subList) {
      subId++;
      insert('law_subcategories', { id: subId, law_categories_id: ci + 1, title_th: sth, title_en: sen });
      subs.push({ id: subId, cat: ci + 1 });
    }
  });
  for (let i = 0; i < count; i++) {
    const id = i + 1;
    const [th, en] = LAW_TITLES[i % LAW_TITLES.length];
    const sub = subs[i % subs.length];
    const enacted = dateTime(-200 - ((i * 97) % 7300), 0, 0).slice(0, 10); // within the last 20 years
    const year = Number(enacted.slice(0, 4));
    const rev = Math.floor(i / LAW_TITLES.length);
    const titleTh = rev === 0 ? `${th} พ.ศ. ${be(year)}` : `${th} (ฉบับที่ ${rev + 1}) พ.ศ. ${be(year)}`;
    const titleEn =
      rev === 0 ? `${en} B.E. ${be(year)} (${year})` : `${en} (No. ${rev + 1}) B.E. ${be(year)} (${year})`;
    insert('laws', {
      id,
      law_categories_id: sub.cat,
      law_sub_categories_id: sub.id,
      title_th: titleTh,
      title_en: titleEn,
      summary_th: `สาระสำคัญของ${th} และหน้าที่ของผู้ประกอบการที่เกี่ยวข้อง`,
      summary_en: `Key points of the ${en} and the duties of the businesses concerned.`,
      body_th: html(
        `${titleTh} มีผลใช้บังคับตั้งแต่วันถัดจากวันประกาศในราชกิจจานุเบกษา`,
        'ผู้ประกอบการที่ไม่ปฏิบัติตามอาจมีความผิดและต้องระวางโทษปรับตามที่กฎหมายกำหนด',
      ),
      body_en: html(
        `The ${titleEn} takes effect on the day after its publication in the Royal Gazette.`,
        'Businesses that do not comply may be fined as the law provides.',
      ),
      enacted_at: enacted,
      views: (i * 37) % 900,
    });
    attach('law', id, `/files/laws/law-${id}.pdf`, `${titleTh} (ฉบับเต็ม)`, `${titleEn} (full text)`);
  }
}

const DOWNLOADS = [
  [
    'แบบฟอร์มการจดทะเบียน',
    'Registration forms',
    [
      [
        'ทะเบียนพาณิชย์',
        'Commercial registration',
        ['แบบ ทพ. คำขอจดทะเบียนพาณิชย์', 'Form TP: commercial registration application'],
        ['หนังสือมอบอำนาจ', 'Power of attorney'],
      ],
      [
        'นิติบุคคล',
        'Companies',
        ['แบบ บอจ.1 คำขอจดทะเบียนบริษัท', 'Form BOJ.1: company registration'],
        ['แบบ ว. รายการจดทะเบียนจัดตั้ง', 'Form W: registration details'],
      ],
    ],
  ],
  [
    'แบบฟอร์มสมัครโครงการ',
    'Programme applications',
    [
      [
        'โครงการอบรม',
        'Training',
        ['ใบสมัครหลักสูตรผู้ประกอบการ', 'Entrepreneur course application'],
        ['แบบยืนยันการเข้าร่วม', 'Attendance confirmation'],
      ],
      ['งานแสดงสินค้า', 'Trade fairs', ['ใบสมัครออกบูธ', 'Booth application'], ['แบบแสดงรายการสินค้า', 'Product list form']],
    ],
  ],
  [
    'แบบฟอร์มทั่วไป',
    'General forms',
    [
      [
        'ร้องเรียนและข้อเสนอแนะ',
        'Complaints and suggestions',
        ['แบบฟอร์มร้องเรียน', 'Complaint form'],
        ['แบบขอข้อมูลข่าวสารของราชการ', 'Official information request'],
      ],
    ],
  ],
];

export function seedDownloads(s: SeedContext) {
  const { insert, attach } = s;
  let subId = 0;
  let fileNo = 0;
  DOWNLOADS.forEach(([th, en, subList], ci) => {
    insert('download_categories', { id: ci + 1, title_th: th, title_en: en });
    for (const [sth, sen, ...files] of subList) {
      subId++;
      insert('download_subcategories', { id: subId, category_id: ci + 1, title_th: sth, title_en: sen });
      for (const [fth, fen] of files) attach('download', subId, `/files/forms/form-${++fileNo}.pdf`, fth, fen);
    }
  });
}
