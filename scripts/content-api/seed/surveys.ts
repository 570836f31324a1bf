// Surveys with sections and questions of every type (single, multiple, text, rating).
import type { SeedContext } from './helpers.ts';
import { dateTime } from './prng.ts';

const SATISFACTION = [
  { value: '5', label_th: 'พอใจมากที่สุด', label_en: 'Very satisfied' },
  { value: '4', label_th: 'พอใจมาก', label_en: 'Satisfied' },
  { value: '3', label_th: 'ปานกลาง', label_en: 'Neutral' },
  { value: '2', label_th: 'พอใจน้อย', label_en: 'Dissatisfied' },
  { value: '1', label_th: 'ไม่พอใจ', label_en: 'Very dissatisfied' },
];
const BUSINESS_TYPES = [
  { value: 'retail', label_th: 'ค้าปลีก', label_en: 'Retail' },
  { value: 'manufacturing', label_th: 'การผลิต', label_en: 'Manufacturing' },
  { value: 'service', label_th: 'บริการ', label_en: 'Services' },
  { value: 'agriculture', label_th: 'เกษตรและแปรรูป', label_en: 'Agriculture and processing' },
];
const CHANNELS = [
  { value: 'website', label_th: 'เว็บไซต์ของกรมฯ', label_en: "The Department's website" },
  { value: 'social', label_th: 'สื่อสังคมออนไลน์', label_en: 'Social media' },
  { value: 'office', label_th: 'สำนักงานพาณิชย์จังหวัด', label_en: 'Provincial commercial office' },
  { value: 'event', label_th: 'งานสัมมนาหรืองานแสดงสินค้า', label_en: 'Seminars or trade fairs' },
];

const SURVEYS = [
  {
    th: 'แบบสำรวจความพึงพอใจต่อเว็บไซต์กรมฯ',
    en: 'Website satisfaction survey',
    dth: 'ความคิดเห็นของท่านช่วยให้เราปรับปรุงเว็บไซต์ให้ใช้งานง่ายขึ้น ใช้เวลาประมาณ 3 นาที',
    den: 'Your opinion helps us make the website easier to use. It takes about three minutes.',
    closes: 60,
    sections: [
      {
        th: 'ข้อมูลทั่วไป',
        en: 'About you',
        q: [
          {
            type: 'single',
            th: 'ประเภทธุรกิจของท่าน',
            en: 'Your type of business',
            required: true,
            options: BUSINESS_TYPES,
          },
          {
            type: 'multiple',
            th: 'ท่านรู้จักบริการของกรมฯ จากช่องทางใด (เลือกได้มากกว่าหนึ่งข้อ)',
            en: 'How did you hear about our services? (choose any)',
            required: false,
            options: CHANNELS,
          },
        ],
      },
      {
        th: 'ความพึงพอใจ',
        en: 'Satisfaction',
        q: [
          {
            type: 'rating',
            th: 'ความง่ายในการค้นหาข้อมูล',
            en: 'How easy was it to find information?',
            required: true,
            max: 5,
          },
          {
            type: 'single',
            th: 'ความพึงพอใจโดยรวมต่อเว็บไซต์',
            en: 'Overall satisfaction with the website',
            required: true,
            options: SATISFACTION,
          },
          { type: 'text', th: 'ข้อเสนอแนะเพิ่มเติม', en: 'Further suggestions', required: false },
        ],
      },
    ],
  },
  {
    th: 'แบบประเมินผลการอบรมหลักสูตรการตลาดดิจิทัล',
    en: 'Evaluation of the digital marketing course',
    dth: 'สำหรับผู้ที่เข้าร่วมอบรมหลักสูตรการตลาดดิจิทัลในปีงบประมาณ 2570',
    den: 'For participants of the digital marketing course in fiscal year 2027',
    closes: 30,
    sections: [
      {
        th: 'เนื้อหาหลักสูตร',
        en: 'Course content',
        q: [
          { type: 'rating', th: 'ความเหมาะสมของเนื้อหา', en: 'Relevance of the content', required: true, max: 5 },
          { type: 'rating', th: 'ความสามารถของวิทยากร', en: 'Quality of the trainers', required: true, max: 5 },
          {
            type: 'multiple',
            th: 'หัวข้อที่ท่านต้องการเรียนเพิ่ม',
            en: 'Topics you would like to learn more about',
            required: true,
            options: [
              { value: 'ads', label_th: 'การยิงโฆษณาออนไลน์', label_en: 'Online advertising' },
              { value: 'content', label_th: 'การสร้างคอนเทนต์', label_en: 'Content creation' },
              { value: 'data', label_th: 'การวิเคราะห์ข้อมูลลูกค้า', label_en: 'Customer data analysis' },
              { value: 'live', label_th: 'การขายผ่านไลฟ์สด', label_en: 'Live-stream selling' },
            ],
          },
        ],
      },
      {
        th: 'การนำไปใช้',
        en: 'Putting it to use',
        q: [
          {
            type: 'text',
            th: 'ท่านจะนำความรู้ไปใช้กับธุรกิจอย่างไร',
            en: 'How will you use what you learnt in your business?',
            required: true,
          },
        ],
      },
    ],
  },
  {
    th: 'สำรวจความต้องการสินเชื่อของผู้ประกอบการ SME',
    en: 'SME financing needs survey',
    dth: 'ผลสำรวจจะใช้ออกแบบโครงการสินเชื่อร่วมกับสถาบันการเงินของรัฐ',
    den: 'The results will shape loan programmes with state banks.',
    closes: null,
    sections: [
      {
        th: 'ความต้องการเงินทุน',
        en: 'Financing needs',
        q: [
          {
            type: 'single',
            th: 'วงเงินที่ต้องการ',
            en: 'Amount needed',
            required: true,
            options: [
              { value: 'lt500k', label_th: 'ไม่เกิน 500,000 บาท', label_en: 'Up to THB 500,000' },
              { value: '500k-2m', label_th: '500,001–2,000,000 บาท', label_en: 'THB 500,001–2,000,000' },
              { value: 'gt2m', label_th: 'มากกว่า 2,000,000 บาท', label_en: 'More than THB 2,000,000' },
            ],
          },
          {
            type: 'multiple',
            th: 'วัตถุประสงค์ของการกู้',
            en: 'Purpose of the loan',
            required: true,
            options: [
              { value: 'working-capital', label_th: 'เงินทุนหมุนเวียน', label_en: 'Working capital' },
              { value: 'machinery', label_th: 'ซื้อเครื่องจักร', label_en: 'Machinery' },
              { value: 'expansion', label_th: 'ขยายกิจการ', label_en: 'Expansion' },
            ],
          },
          {
            type: 'rating',
            th: 'ความยากในการเข้าถึงสินเชื่อในปัจจุบัน (1 = ง่าย, 10 = ยากมาก)',
            en: 'How hard is it to get a loan today? (1 = easy, 10 = very hard)',
            required: false,
            max: 10,
          },
        ],
      },
    ],
  },
];

export function seedSurveys(s: SeedContext) {
  const { insert } = s;
  let sectionId = 0;
  let questionId = 0;
  SURVEYS.forEach((sv, i) => {
    const surveyId = i + 1;
    insert('surveys', {
      id: surveyId,
      title_th: sv.th,
      title_en: sv.en,
      description_th: sv.dth,
      description_en: sv.den,
      closes_at: sv.closes === null ? null : dateTime(sv.closes, 23, 59),
    });
    sv.sections.forEach((sec, si) => {
      sectionId++;
      insert('survey_sections', { id: sectionId, survey_id: surveyId, sort: si, title_th: sec.th, title_en: sec.en });
      sec.q.forEach((q, qi) => {
        questionId++;
        insert('survey_questions', {
          id: questionId,
          section_id: sectionId,
          sort: qi,
          type: q.type,
          label_th: q.th,
          label_en: q.en,
          required: q.required,
          options: q.options ?? [],
          max: q.max ?? null,
        });
      });
    });
  });
}
