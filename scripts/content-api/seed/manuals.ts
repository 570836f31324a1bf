// Service manuals in groups; some are highlighted on the home page.
import { dateTime, uuidFor } from './prng.ts';
import { TOPICS } from './text.ts';
import { html } from './helpers.ts';
import type { SeedContext } from './helpers.ts';

export const DEFAULT_MANUALS = 30;

const GROUPS = [
  [
    'registration',
    'คู่มือการจดทะเบียน',
    'Registration manuals',
    'ขั้นตอนการจดทะเบียนธุรกิจและนิติบุคคล',
    'Steps for registering businesses and companies',
  ],
  ['services', 'คู่มือการใช้บริการ', 'Service manuals', 'วิธีใช้บริการต่างๆ ของกรมฯ', "How to use the Department's services"],
  [
    'citizens',
    'คู่มือสำหรับประชาชน',
    'Citizen manuals',
    'คู่มือตามพระราชบัญญัติการอำนวยความสะดวกในการพิจารณาอนุญาตของทางราชการ',
    'Manuals under the Licensing Facilitation Act',
  ],
  [
    'e-commerce',
    'คู่มือพาณิชย์อิเล็กทรอนิกส์',
    'E-commerce manuals',
    'การเปิดร้านค้าออนไลน์อย่างถูกกฎหมาย',
    'Running an online shop within the law',
  ],
];
const ACTIONS = [
  ['ขั้นตอนการยื่นคำขอ', 'How to apply for'],
  ['เอกสารประกอบการยื่น', 'Documents needed for'],
  ['แนวปฏิบัติ', 'Practice guidelines on'],
];

export function seedManuals(s: SeedContext, count = DEFAULT_MANUALS) {
  const { insert, attach } = s;
  GROUPS.forEach(([slug, th, en, dth, den], i) =>
    insert('manual_groups', { id: i + 1, slug, title_th: th, title_en: en, description_th: dth, description_en: den }),
  );
  for (let i = 0; i < count; i++) {
    const uuid = uuidFor('manual', i + 1);
    const topic = TOPICS[i % TOPICS.length];
    const [ath, aen] = ACTIONS[Math.floor(i / TOPICS.length) % ACTIONS.length];
    const edition = Math.floor(i / (TOPICS.length * ACTIONS.length)) + 1;
    const titleTh = `${ath}${topic.th}${edition > 1 ? ` ฉบับปรับปรุงครั้งที่ ${edition}` : ''}`;
    const titleEn = `${aen} ${topic.en}${edition > 1 ? ` (revision ${edition})` : ''}`;
    insert('manuals', {
      uuid,
      seq: i + 1,
      group_id: (i % GROUPS.length) + 1,
      title_th: titleTh,
      title_en: titleEn,
      summary_th: topic.sumTh,
      summary_en: topic.sumEn,
      body_th: html(topic.sumTh, topic.bodyTh, 'ระยะเวลาการให้บริการ 1 วันทำการ ค่าธรรมเนียมตามที่กฎหมายกำหนด'),
      body_en: html(topic.sumEn, topic.bodyEn, 'Service time: one working day. Fees as set by law.'),
      updated_at: dateTime(-Math.floor((i * 600) / Math.max(count, 1)) - 5, 9, 0),
      highlight: i % 5 === 0,
    });
    attach('manual', uuid, `/files/manuals/manual-${i + 1}.pdf`, `${titleTh} (PDF)`, `${titleEn} (PDF)`);
  }
}
