// Demo accounts (README.md "Demo accounts"), web board rooms with threads and posts, and the
// word list of /master/check-text.
import type { Pair } from './helpers.ts';
import type { SeedContext } from './helpers.ts';
import { dateTime, uuidFor } from './prng.ts';
import { hashPassword } from '../auth.ts';

const DEMO_ACCOUNTS = [
  {
    username: 'member',
    password: 'member1234',
    is_admin: 0,
    prefix_id: 1,
    first_th: 'สมชาย',
    first_en: 'Somchai',
    last_th: 'ใจดี',
    last_en: 'Jaidee',
    email: 'member@example.com',
  },
  {
    username: 'admin',
    password: 'admin1234',
    is_admin: 1,
    prefix_id: 3,
    first_th: 'วิภาวดี',
    first_en: 'Wipawadee',
    last_th: 'ศรีสุข',
    last_en: 'Srisuk',
    email: 'admin@example.com',
  },
];

/** Words the web board refuses (Thai and English), matched as whole words (../word-check.ts). */
const BLOCKED_WORDS = ['ควาย', 'ไอ้บ้า', 'เหี้ย', 'สัส', 'ระยำ', 'idiot', 'stupid', 'scam', 'damn', 'bastard'];

const ROOMS: [string, string, string, string, Pair[]][] = [
  [
    'ถาม-ตอบเรื่องการจดทะเบียน',
    'Registration Q&A',
    'สอบถามขั้นตอนการจดทะเบียนพาณิชย์และนิติบุคคล',
    'Questions about registering businesses and companies',
    [
      ['จดทะเบียนพาณิชย์อิเล็กทรอนิกส์ต้องใช้เอกสารอะไรบ้างครับ', 'Which documents do I need for e-commerce registration?'],
      ['เปลี่ยนกรรมการบริษัทออนไลน์ได้ไหม', 'Can I change company directors online?'],
      ['ค่าธรรมเนียมการจดทะเบียนห้างหุ้นส่วนเท่าไร', 'How much does it cost to register a partnership?'],
    ],
  ],
  [
    'แลกเปลี่ยนประสบการณ์ขายออนไลน์',
    'Online selling experiences',
    'พูดคุยเทคนิคการขายและการตลาดออนไลน์',
    'Tips on online selling and marketing',
    [
      ['แชร์วิธีถ่ายรูปสินค้าด้วยมือถือให้สวย', 'Sharing tips for product photos with a phone'],
      ['ค่าส่งสินค้าไปต่างประเทศ เลือกเจ้าไหนดี', 'Which carrier for shipping abroad?'],
    ],
  ],
  [
    'แหล่งเงินทุนและสินเชื่อ',
    'Funding and loans',
    'แลกเปลี่ยนข้อมูลสินเชื่อ SME และโครงการช่วยเหลือ',
    'Sharing information about SME loans and support programmes',
    [['ใครเคยกู้สินเชื่อดอกเบี้ยต่ำผ่านคลินิกการเงินบ้าง', 'Has anyone got a low-interest loan through the finance clinic?']],
  ],
];
const REPLIES = [
  ['ขอบคุณสำหรับข้อมูลครับ เป็นประโยชน์มาก', 'Thanks for the information, very helpful.'],
  ['แนะนำให้โทรสอบถามที่ 1570 ก่อนครับ เจ้าหน้าที่ตอบละเอียดดี', 'I suggest calling 1570 first; the staff explain well.'],
  ['เคยทำแล้วค่ะ ใช้เวลาไม่ถึงวันก็เรียบร้อย', 'I did it myself; it was done in less than a day.'],
];

export function seedAccounts(s: SeedContext) {
  const { insert } = s;
  DEMO_ACCOUNTS.forEach((a, i) =>
    insert('users', {
      id: i + 1,
      uuid: uuidFor('user', i + 1),
      username: a.username,
      password_hash: hashPassword(a.password),
      first_name_th: a.first_th,
      first_name_en: a.first_en,
      last_name_th: a.last_th,
      last_name_en: a.last_en,
      email: a.email,
      prefix_id: a.prefix_id,
      is_admin: a.is_admin,
    }),
  );
  for (const w of BLOCKED_WORDS) insert('blocked_words', { word: w });

  let threadNo = 0;
  let postNo = 0;
  const authors = ['สมชาย ใจดี', 'กนกวรรณ ทองมา', 'ณัฐพล วงศ์สวัสดิ์', 'จิราพร แสงทอง'];
  ROOMS.forEach(([th, en, dth, den, threads], ri) => {
    insert('webboard_rooms', { id: ri + 1, title_th: th, title_en: en, description_th: dth, description_en: den });
    threads.forEach(([tth, ten], ti) => {
      threadNo++;
      const created = -60 + threadNo * 6;
      insert('webboard_threads', {
        id: threadNo,
        room_id: ri + 1,
        title_th: tth,
        title_en: ten,
        author: authors[threadNo % authors.length],
        views: 20 + threadNo * 17,
        created_at: dateTime(created, 10, 0),
      });
      insert('webboard_posts', {
        id: ++postNo,
        thread_id: threadNo,
        author: authors[threadNo % authors.length],
        body_th: `${tth} รบกวนผู้รู้ช่วยแนะนำด้วยครับ`,
        body_en: `${ten} Any advice is welcome.`,
        created_at: dateTime(created, 10, 0),
      });
      for (let k = 0; k <= ti % REPLIES.length; k++) {
        const [rth, ren] = REPLIES[(threadNo + k) % REPLIES.length];
        insert('webboard_posts', {
          id: ++postNo,
          thread_id: threadNo,
          author: authors[(threadNo + k + 1) % authors.length],
          body_th: rth,
          body_en: ren,
          created_at: dateTime(created + k + 1, 14, 0),
        });
      }
    });
  });
}
