// Collapse, organisation and common-article modules. Their ids are reachable from the menus
// (site.ts): /collapse/1/, /collapse/2/, /organization/1/, /common-article/1/, /common-article/2/.
import type { Pair } from './helpers.ts';
import { dateTime } from './prng.ts';
import { FIRST_NAMES, LAST_NAMES } from './text.ts';
import { html } from './helpers.ts';
import type { SeedContext } from './helpers.ts';

const MODULES = {
  collapse: [
    [1, 'การเปิดเผยข้อมูลสาธารณะ (ITA)', 'Public disclosure (ITA)'],
    [2, 'การบริหารทรัพยากรบุคคล', 'Human resources'],
  ],
  organization: [[1, 'โครงสร้างองค์กร', 'Organisation chart']],
  'common-article': [
    [1, 'ความรู้กฎหมายธุรกิจ', 'Business law know-how'],
    [2, 'ต่อต้านการทุจริตและประพฤติมิชอบ', 'Anti-corruption'],
  ],
};

const COLLAPSE: Record<number, [string, string, Pair[]][]> = {
  1: [
    [
      'ข้อมูลพื้นฐาน',
      'Basic information',
      [
        ['โครงสร้างและอำนาจหน้าที่', 'Structure and duties'],
        ['ข้อมูลผู้บริหาร', 'Executives'],
        ['กฎหมายที่เกี่ยวข้อง', 'Relevant laws'],
      ],
    ],
    [
      'การบริหารงาน',
      'Administration',
      [
        ['แผนดำเนินงานประจำปี', 'Annual operating plan'],
        ['รายงานผลการดำเนินงาน', 'Performance report'],
        ['คู่มือการปฏิบัติงาน', 'Operating manuals'],
      ],
    ],
    [
      'การบริหารงบประมาณ',
      'Budget',
      [
        ['แผนการใช้จ่ายงบประมาณ', 'Spending plan'],
        ['รายงานการใช้จ่ายงบประมาณ', 'Spending report'],
      ],
    ],
  ],
  2: [
    [
      'นโยบายบุคลากร',
      'Personnel policy',
      [
        ['นโยบายการบริหารทรัพยากรบุคคล', 'HR management policy'],
        ['หลักเกณฑ์การสรรหาและคัดเลือก', 'Recruitment criteria'],
      ],
    ],
    [
      'การพัฒนาบุคลากร',
      'Staff development',
      [
        ['แผนพัฒนาบุคลากรประจำปี', 'Annual staff development plan'],
        ['รายงานผลการพัฒนาบุคลากร', 'Staff development report'],
      ],
    ],
  ],
};

const ORG: [number | null, string, string, Pair[]][] = [
  [
    null,
    'อธิบดีและรองอธิบดี',
    'Director-General and deputies',
    [
      ['อธิบดีกรมส่งเสริมการพัฒนาธุรกิจ', 'Director-General'],
      ['รองอธิบดี', 'Deputy Director-General'],
      ['รองอธิบดี', 'Deputy Director-General'],
    ],
  ],
  [
    1,
    'สำนักงานเลขานุการกรม',
    'Office of the Secretary',
    [
      ['เลขานุการกรม', 'Secretary of the Department'],
      ['นักจัดการงานทั่วไปชำนาญการ', 'Senior general administrator'],
    ],
  ],
  [
    1,
    'กองส่งเสริมการพัฒนาธุรกิจ',
    'Business Development Division',
    [
      ['ผู้อำนวยการกอง', 'Division Director'],
      ['นักวิชาการพาณิชย์ชำนาญการพิเศษ', 'Senior commercial specialist'],
      ['นักวิชาการพาณิชย์ปฏิบัติการ', 'Commercial officer'],
    ],
  ],
  [
    1,
    'กองส่งเสริมพาณิชย์อิเล็กทรอนิกส์',
    'E-Commerce Promotion Division',
    [
      ['ผู้อำนวยการกอง', 'Division Director'],
      ['นักวิชาการคอมพิวเตอร์ชำนาญการ', 'Senior IT specialist'],
    ],
  ],
];

const COMMON: Record<number, ['child' | null, string, string, Pair[]][]> = {
  1: [
    [
      null,
      'กฎหมายนิติบุคคล',
      'Company law',
      [
        ['หน้าที่ของกรรมการบริษัท', 'Duties of company directors'],
        ['การประชุมผู้ถือหุ้นประจำปี', 'Annual general meetings'],
        ['การเลิกและชำระบัญชีบริษัท', 'Closing and liquidating a company'],
      ],
    ],
    [
      null,
      'กฎหมายการค้าออนไลน์',
      'Online trade law',
      [
        ['สัญญาซื้อขายทางอิเล็กทรอนิกส์', 'Electronic sales contracts'],
        ['การคุ้มครองข้อมูลส่วนบุคคลของลูกค้า', "Protecting customers' personal data"],
      ],
    ],
    [
      'child',
      'ข้อมูลส่วนบุคคล (PDPA)',
      'Personal data (PDPA)',
      [['การขอความยินยอมจากลูกค้า', 'Asking customers for consent']],
    ],
  ],
  2: [
    [
      null,
      'นโยบายและมาตรการ',
      'Policies and measures',
      [
        ['ประกาศเจตจำนงสุจริตของผู้บริหาร', 'Integrity pledge of the executives'],
        ['มาตรการป้องกันผลประโยชน์ทับซ้อน', 'Conflict of interest measures'],
      ],
    ],
    [null, 'ช่องทางร้องเรียน', 'Complaint channels', [['วิธีแจ้งเบาะแสการทุจริต', 'How to report corruption']]],
  ],
};

export function seedModules(s: SeedContext) {
  const { insert, image, attach } = s;
  for (const [kind, list] of Object.entries(MODULES))
    for (const [id, th, en] of list) insert('modules', { kind, id, title_th: th, title_en: en });

  // Collapse: groups of expandable items, each with a full page.
  for (const [moduleId, groups] of Object.entries(COLLAPSE)) {
    groups.forEach(([gth, gen, items], gi) => {
      const groupId = insert('collapse_groups', {
        module_id: Number(moduleId),
        sort: gi,
        title_th: gth,
        title_en: gen,
      });
      items.forEach(([th, en], ii) =>
        insert('collapse_items', {
          group_id: groupId,
          sort: ii,
          title_th: th,
          title_en: en,
          summary_th: `${th} ของกรมส่งเสริมการพัฒนาธุรกิจ ปีงบประมาณ 2570`,
          summary_en: `${en} of the Department, fiscal year 2027`,
          body_th: html(
            `เอกสาร${th}ประจำปีงบประมาณ 2570 เผยแพร่ตามหลักเกณฑ์การประเมินคุณธรรมและความโปร่งใสในการดำเนินงานของหน่วยงานภาครัฐ`,
            'ประชาชนสามารถดาวน์โหลดเอกสารฉบับเต็มหรือขอสำเนาได้ที่สำนักงานเลขานุการกรม',
          ),
          body_en: html(
            `The ${en.toLowerCase()} for fiscal year 2027, published under the integrity and transparency assessment of public agencies.`,
            'The full document can be downloaded or requested from the Office of the Secretary.',
          ),
          updated_at: dateTime(-10 - gi * 20 - ii * 3, 9, 0),
        }),
      );
    });
  }

  // Organisation chart: divisions in a tree with their staff.
  let staffNo = 0;
  const divisionIds: number[] = [];
  ORG.forEach(([parent, th, en, staff], di) => {
    const id = insert('org_divisions', {
      module_id: 1,
      parent_id: parent === null ? null : divisionIds[parent - 1],
      sort: di,
      title_th: th,
      title_en: en,
    });
    divisionIds.push(id);
    staff.forEach(([pth, pen], si) => {
      staffNo++;
      const [fth, fen] = FIRST_NAMES[(staffNo * 7) % FIRST_NAMES.length];
      const [lth, len] = LAST_NAMES[(staffNo * 3) % LAST_NAMES.length];
      const female = staffNo % 2 === 0;
      insert('staff', {
        division_id: id,
        sort: si,
        name_th: `${female ? 'นางสาว' : 'นาย'}${fth} ${lth}`,
        name_en: `${female ? 'Ms' : 'Mr'} ${fen} ${len}`,
        position_th: pth,
        position_en: pen,
        photo: image(
          `/files/staff/staff-${staffNo}.svg`,
          [`${fth} ${lth}`, `${fen} ${len}`],
          [pth, pen],
          staffNo,
          400,
          500,
        ),
        email: `${fen.toLowerCase()}.${len.toLowerCase().slice(0, 1)}@dbdp.go.th`,
        phone: `02-547-${4500 + staffNo}`,
        biography_th: html(
          `${pth} ${th} รับราชการในกระทรวงพาณิชย์มากว่า ${10 + staffNo} ปี มีความเชี่ยวชาญด้านการพัฒนาผู้ประกอบการและการค้าระหว่างประเทศ`,
          'สำเร็จการศึกษาปริญญาโทสาขาบริหารธุรกิจ',
        ),
        biography_en: html(
          `${pen}, ${en}. Has served the Ministry of Commerce for over ${10 + staffNo} years, specialising in entrepreneur development and international trade.`,
          "Holds a master's degree in business administration.",
        ),
      });
    });
  });

  // Common articles: categories (one nested) and contents, plus uncategorised contents.
  let contentNo = 0;
  for (const [moduleIdText, cats] of Object.entries(COMMON)) {
    const moduleId = Number(moduleIdText);
    let lastTop: number | null = null;
    for (const [parent, th, en, contents] of cats) {
      const catId = insert('common_categories', {
        module_id: moduleId,
        parent_id: parent === 'child' ? lastTop : null,
        title_th: th,
        title_en: en,
      });
      if (parent !== 'child') lastTop = catId;
      contents.forEach(([cth, cen], k) => {
        contentNo++;
        const id = insert('common_contents', {
          module_id: moduleId,
          category_id: catId,
          title_th: cth,
          title_en: cen,
          summary_th: `สรุปสาระสำคัญเรื่อง${cth} สำหรับผู้ประกอบการ`,
          summary_en: `What businesses need to know about ${cen.toLowerCase()}.`,
          body_th: html(
            `บทความนี้อธิบายเรื่อง${cth}อย่างเข้าใจง่าย พร้อมตัวอย่างที่ผู้ประกอบการพบบ่อย`,
            'ข้อมูลนี้เป็นความรู้ทั่วไป ไม่ใช่คำปรึกษาทางกฎหมายเฉพาะกรณี',
          ),
          body_en: html(
            `This article explains ${cen.toLowerCase()} in plain words, with common examples from businesses.`,
            'This is general information, not legal advice for a specific case.',
          ),
          published_at: dateTime(-contentNo * 11 - k, 10, 0),
        });
        if (k === 0)
          attach('common-content', id, `/files/common/common-${id}.pdf`, `${cth} (เอกสารประกอบ)`, `${cen} (handout)`);
      });
    }
    // Contents without a category (shown by /common-article/no-parent/content/{module_id}).
    for (const [th, en] of moduleId === 1
      ? [['แนะนำหมวดความรู้กฎหมายธุรกิจ', 'Introduction to business law know-how']]
      : [['คำประกาศเจตนารมณ์ต่อต้านการทุจริต', 'Anti-corruption declaration']]) {
      contentNo++;
      insert('common_contents', {
        module_id: moduleId,
        category_id: null,
        title_th: th,
        title_en: en,
        summary_th: `${th} โดยกรมส่งเสริมการพัฒนาธุรกิจ`,
        summary_en: `${en} by the Department.`,
        body_th: html(th, 'กรมฯ มุ่งมั่นให้บริการด้วยความโปร่งใส เป็นธรรม และตรวจสอบได้'),
        body_en: html(en, 'The Department is committed to transparent, fair and accountable service.'),
        published_at: dateTime(-contentNo * 5, 9, 0),
      });
    }
  }
}
