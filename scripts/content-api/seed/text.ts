// Bilingual text bank of the demo data: the agency, its topics, places and people.
// Titles and bodies are composed from these so that thousands of records (for benchmarks)
// still read like real notices of a Thai business-development agency.

export const AGENCY = {
  th: 'กรมส่งเสริมการพัฒนาธุรกิจ',
  en: 'Department of Business Development Promotion',
};

/** Topics the agency works on. `th`/`en` are noun phrases that fit into the title templates. */
export const TOPICS = [
  {
    key: 'export',
    th: 'การส่งเสริมการส่งออกสินค้าไทย',
    en: 'export promotion for Thai products',
    sumTh: 'กรมฯ ช่วยผู้ประกอบการเตรียมความพร้อมด้านมาตรฐานสินค้า เอกสารส่งออก และการหาคู่ค้าในตลาดต่างประเทศ',
    sumEn: 'The Department helps entrepreneurs prepare product standards and export documents and find buyers abroad.',
    bodyTh:
      'ผู้ประกอบการที่ต้องการส่งออกควรเริ่มจากการศึกษากฎระเบียบของประเทศปลายทาง ทั้งมาตรฐานฉลาก ภาษีนำเข้า และใบรับรองแหล่งกำเนิดสินค้า กรมฯ มีที่ปรึกษาด้านการค้าระหว่างประเทศให้คำแนะนำโดยไม่มีค่าใช้จ่าย',
    bodyEn:
      'Entrepreneurs who want to export should start with the rules of the destination market: labelling standards, import duties and certificates of origin. The Department offers free advice from international trade consultants.',
  },
  {
    key: 'ecommerce',
    th: 'การค้าออนไลน์และอีคอมเมิร์ซ',
    en: 'online selling and e-commerce',
    sumTh: 'แนะนำการเปิดร้านค้าออนไลน์ การถ่ายภาพสินค้า การตั้งราคา และการจดทะเบียนพาณิชย์อิเล็กทรอนิกส์',
    sumEn: 'How to open an online shop, photograph products, set prices and register an e-commerce business.',
    bodyTh:
      'ร้านค้าออนไลน์ที่ประสบความสำเร็จมักมีข้อมูลสินค้าครบถ้วน ภาพถ่ายชัดเจน และตอบลูกค้าอย่างรวดเร็ว ผู้ประกอบการควรจดทะเบียนพาณิชย์อิเล็กทรอนิกส์และขอเครื่องหมายรับรองความน่าเชื่อถือ เพื่อสร้างความมั่นใจให้ผู้ซื้อ',
    bodyEn:
      'Successful online shops give complete product information, clear photos and quick answers. Entrepreneurs should register their e-commerce business and apply for a trust mark so that buyers feel safe.',
  },
  {
    key: 'loans',
    th: 'สินเชื่อเพื่อวิสาหกิจขนาดกลางและขนาดย่อม',
    en: 'SME loans and financing',
    sumTh: 'รวมแหล่งเงินทุนดอกเบี้ยต่ำสำหรับ SME พร้อมเงื่อนไขการยื่นกู้และเอกสารที่ต้องเตรียม',
    sumEn: 'Low-interest funding sources for SMEs, with the lending conditions and the documents to prepare.',
    bodyTh:
      'ก่อนยื่นขอสินเชื่อ ผู้ประกอบการควรจัดทำแผนธุรกิจและงบการเงินย้อนหลังอย่างน้อยหนึ่งปี กรมฯ ร่วมกับสถาบันการเงินของรัฐจัดคลินิกการเงินเพื่อช่วยตรวจเอกสารและวางแผนกระแสเงินสด',
    bodyEn:
      'Before applying for a loan, prepare a business plan and at least one year of financial statements. Together with state banks, the Department runs finance clinics that check documents and plan cash flow.',
  },
  {
    key: 'franchise',
    th: 'การพัฒนาธุรกิจแฟรนไชส์',
    en: 'franchise business development',
    sumTh: 'ยกระดับธุรกิจแฟรนไชส์ไทยด้วยระบบมาตรฐาน คู่มือปฏิบัติงาน และการคัดเลือกผู้รับสิทธิ์',
    sumEn: 'Raising Thai franchises to standard with operating manuals and careful selection of franchisees.',
    bodyTh:
      'ธุรกิจแฟรนไชส์ที่เติบโตได้ต้องมีระบบงานที่ถ่ายทอดได้ง่าย มีคู่มือการปฏิบัติงานและการฝึกอบรมผู้รับสิทธิ์อย่างเป็นระบบ กรมฯ มีโครงการประเมินมาตรฐานแฟรนไชส์และพาไปพบนักลงทุนทั้งในและต่างประเทศ',
    bodyEn:
      'A franchise grows when its system is easy to pass on, with operating manuals and structured training for franchisees. The Department assesses franchise standards and introduces owners to investors at home and abroad.',
  },
  {
    key: 'packaging',
    th: 'การออกแบบบรรจุภัณฑ์และตราสินค้า',
    en: 'packaging and brand design',
    sumTh: 'นักออกแบบมืออาชีพช่วยปรับโฉมบรรจุภัณฑ์ให้โดดเด่นบนชั้นวางและเหมาะกับการขนส่ง',
    sumEn: 'Professional designers help products stand out on the shelf with packaging that survives shipping.',
    bodyTh:
      'บรรจุภัณฑ์ที่ดีต้องปกป้องสินค้า บอกเล่าเรื่องราวของแบรนด์ และให้ข้อมูลตามกฎหมายครบถ้วน ผู้ประกอบการที่เข้าร่วมโครงการจะได้รับคำปรึกษารายบุคคลและต้นแบบบรรจุภัณฑ์สำหรับทดสอบตลาด',
    bodyEn:
      'Good packaging protects the product, tells the brand story and carries all legally required information. Participants receive one-to-one advice and packaging prototypes for market testing.',
  },
  {
    key: 'tradefair',
    th: 'งานแสดงสินค้าและการจับคู่ธุรกิจ',
    en: 'trade fairs and business matching',
    sumTh: 'พาผู้ประกอบการพบผู้ซื้อรายใหญ่จากทั่วโลกผ่านงานแสดงสินค้าและการเจรจาธุรกิจออนไลน์',
    sumEn: 'Bringing entrepreneurs face to face with major buyers through trade fairs and online business matching.',
    bodyTh:
      'การเจรจาจับคู่ธุรกิจช่วยให้ผู้ประกอบการเข้าถึงผู้ซื้อที่ตรงกลุ่มเป้าหมาย กรมฯ คัดเลือกผู้ซื้อล่วงหน้าและเตรียมล่ามให้ตลอดการเจรจา ผู้เข้าร่วมควรเตรียมตัวอย่างสินค้า ใบเสนอราคา และแคตตาล็อกสองภาษา',
    bodyEn:
      'Business matching gives entrepreneurs access to buyers who fit their market. The Department screens buyers in advance and provides interpreters during talks. Bring samples, price quotations and a bilingual catalogue.',
  },
  {
    key: 'digital',
    th: 'การตลาดดิจิทัล',
    en: 'digital marketing',
    sumTh: 'เรียนรู้การทำโฆษณาออนไลน์ การวิเคราะห์ข้อมูลลูกค้า และการสร้างเนื้อหาบนโซเชียลมีเดีย',
    sumEn: 'Learn online advertising, customer data analysis and content creation on social media.',
    bodyTh:
      'การตลาดดิจิทัลช่วยให้ธุรกิจขนาดเล็กเข้าถึงลูกค้าได้ด้วยงบประมาณจำกัด สิ่งสำคัญคือการกำหนดกลุ่มเป้าหมายให้ชัดเจนและวัดผลทุกแคมเปญ หลักสูตรของกรมฯ เน้นการลงมือทำจริงกับบัญชีร้านค้าของผู้เรียนเอง',
    bodyEn:
      "Digital marketing lets small businesses reach customers on a limited budget. What matters is a clear target group and measuring every campaign. The Department's courses are hands-on, using the learners' own shop accounts.",
  },
  {
    key: 'trademark',
    th: 'การจดทะเบียนเครื่องหมายการค้า',
    en: 'trademark registration',
    sumTh: 'ปกป้องแบรนด์ของคุณด้วยการจดทะเบียนเครื่องหมายการค้าทั้งในประเทศและต่างประเทศ',
    sumEn: 'Protect your brand by registering your trademark in Thailand and abroad.',
    bodyTh:
      'เครื่องหมายการค้าที่จดทะเบียนแล้วเป็นทรัพย์สินทางปัญญาที่มีมูลค่า ช่วยป้องกันการลอกเลียนแบบและเพิ่มความน่าเชื่อถือเมื่อเจรจากับคู่ค้า ผู้ประกอบการควรตรวจสอบความเหมือนคล้ายก่อนยื่นคำขอ',
    bodyEn:
      'A registered trademark is valuable intellectual property: it prevents copying and adds credibility in negotiations. Entrepreneurs should search for similar marks before filing.',
  },
  {
    key: 'community',
    th: 'วิสาหกิจชุมชนและสินค้า OTOP',
    en: 'community enterprises and OTOP products',
    sumTh: 'ยกระดับสินค้าชุมชนด้วยการพัฒนาคุณภาพ มาตรฐาน และช่องทางจำหน่ายใหม่',
    sumEn: 'Lifting community products through better quality, standards and new sales channels.',
    bodyTh:
      'สินค้าชุมชนจำนวนมากมีเอกลักษณ์และเรื่องราวที่น่าสนใจ แต่ยังขาดมาตรฐานการผลิตและช่องทางการตลาด กรมฯ ส่งที่ปรึกษาลงพื้นที่เพื่อช่วยปรับกระบวนการผลิต ขอรับรองมาตรฐาน และเชื่อมโยงกับร้านค้าปลีกสมัยใหม่',
    bodyEn:
      'Many community products have a unique character and story but lack production standards and sales channels. The Department sends consultants to help improve production, obtain certification and link with modern retailers.',
  },
  {
    key: 'bcg',
    th: 'เศรษฐกิจชีวภาพ เศรษฐกิจหมุนเวียน และเศรษฐกิจสีเขียว',
    en: 'the bio-circular-green (BCG) economy',
    sumTh: 'แนวทางปรับธุรกิจสู่โมเดล BCG ลดของเสีย ใช้ทรัพยากรอย่างคุ้มค่า และเพิ่มมูลค่าวัตถุดิบท้องถิ่น',
    sumEn:
      'Moving businesses towards the BCG model: less waste, efficient resources and more value from local raw materials.',
    bodyTh:
      'ผู้ซื้อในตลาดโลกให้ความสำคัญกับสินค้าที่เป็นมิตรต่อสิ่งแวดล้อมมากขึ้น การนำวัสดุเหลือใช้กลับมาใช้ใหม่และการลดการปล่อยก๊าซเรือนกระจกจึงเป็นทั้งความรับผิดชอบและโอกาสทางธุรกิจ',
    bodyEn:
      'Buyers worldwide increasingly favour environmentally friendly products. Reusing waste materials and cutting greenhouse gas emissions are both a responsibility and a business opportunity.',
  },
  {
    key: 'logistics',
    th: 'การบริหารโลจิสติกส์และห่วงโซ่อุปทาน',
    en: 'logistics and supply chain management',
    sumTh: 'ลดต้นทุนการขนส่งและการจัดเก็บสินค้าด้วยการวางแผนโลจิสติกส์อย่างเป็นระบบ',
    sumEn: 'Cutting transport and storage costs with systematic logistics planning.',
    bodyTh:
      'ต้นทุนโลจิสติกส์อาจสูงถึงหนึ่งในห้าของยอดขายสำหรับธุรกิจขนาดเล็ก การรวมการขนส่ง การจัดการสินค้าคงคลัง และการเลือกผู้ให้บริการที่เหมาะสมช่วยลดต้นทุนได้อย่างมีนัยสำคัญ',
    bodyEn:
      'Logistics can cost a small business up to a fifth of its sales. Consolidating shipments, managing inventory and choosing the right providers reduce that cost significantly.',
  },
  {
    key: 'startup',
    th: 'การเริ่มต้นธุรกิจและการจดทะเบียนนิติบุคคล',
    en: 'starting a business and registering a company',
    sumTh: 'ขั้นตอนการจดทะเบียนบริษัทและห้างหุ้นส่วนออนไลน์ พร้อมข้อควรรู้ด้านภาษีและบัญชี',
    sumEn: 'How to register a company or partnership online, with what to know about tax and accounting.',
    bodyTh:
      'การจดทะเบียนนิติบุคคลทำได้ทางออนไลน์ภายในวันเดียว ผู้ประกอบการควรเตรียมชื่อนิติบุคคล ที่ตั้งสำนักงาน และรายชื่อผู้ถือหุ้นให้พร้อม หลังจดทะเบียนแล้วต้องจัดทำบัญชีและยื่นงบการเงินทุกปี',
    bodyEn:
      'A company can be registered online in a single day. Prepare the company name, office address and list of shareholders. After registration, keep accounts and file financial statements every year.',
  },
  {
    key: 'halal',
    th: 'การส่งเสริมสินค้าและบริการฮาลาล',
    en: 'halal products and services',
    sumTh: 'เปิดตลาดผู้บริโภคมุสลิมกว่าสองพันล้านคนด้วยมาตรฐานฮาลาลที่ได้รับการยอมรับ',
    sumEn: 'Opening a market of more than two billion Muslim consumers with recognised halal standards.',
    bodyTh:
      'การได้รับเครื่องหมายรับรองฮาลาลช่วยเปิดประตูสู่ตลาดตะวันออกกลางและอาเซียน ผู้ประกอบการต้องปรับกระบวนการผลิตและวัตถุดิบให้เป็นไปตามข้อกำหนด กรมฯ ประสานผู้เชี่ยวชาญเพื่อช่วยเตรียมความพร้อมก่อนการตรวจประเมิน',
    bodyEn:
      'Halal certification opens the doors to Middle Eastern and ASEAN markets. Production and ingredients must meet the requirements; the Department brings in experts to prepare businesses before the audit.',
  },
  {
    key: 'service',
    th: 'การยกระดับธุรกิจบริการและร้านอาหาร',
    en: 'upgrading service businesses and restaurants',
    sumTh: 'พัฒนาร้านอาหารและธุรกิจบริการให้ได้มาตรฐาน ตั้งแต่เมนู สุขอนามัย ไปจนถึงการบริการลูกค้า',
    sumEn: 'Bringing restaurants and service businesses up to standard, from menus and hygiene to customer service.',
    bodyTh:
      'ธุรกิจบริการเป็นหัวใจของเศรษฐกิจท้องถิ่นและการท่องเที่ยว การอบรมพนักงาน การควบคุมต้นทุนวัตถุดิบ และการรับชำระเงินแบบดิจิทัลเป็นเรื่องที่ผู้ประกอบการให้ความสนใจมากที่สุดในปีนี้',
    bodyEn:
      'Service businesses are the heart of local economies and tourism. Staff training, control of ingredient costs and digital payments are what owners ask about most this year.',
  },
];

export const REGIONS = [
  { id: 'bangkok', th: 'กรุงเทพมหานครและปริมณฑล', en: 'Bangkok and vicinity' },
  { id: 'central', th: 'ภาคกลาง', en: 'Central' },
  { id: 'north', th: 'ภาคเหนือ', en: 'North' },
  { id: 'northeast', th: 'ภาคตะวันออกเฉียงเหนือ', en: 'Northeast' },
  { id: 'east', th: 'ภาคตะวันออก', en: 'East' },
  { id: 'west', th: 'ภาคตะวันตก', en: 'West' },
  { id: 'south', th: 'ภาคใต้', en: 'South' },
];

/** The 77 provinces of Thailand with their region (six-region scheme; Bangkok on its own). */
export const PROVINCES = [
  ['กรุงเทพมหานคร', 'Bangkok', 'bangkok'],
  ['นนทบุรี', 'Nonthaburi', 'central'],
  ['ปทุมธานี', 'Pathum Thani', 'central'],
  ['สมุทรปราการ', 'Samut Prakan', 'central'],
  ['พระนครศรีอยุธยา', 'Phra Nakhon Si Ayutthaya', 'central'],
  ['อ่างทอง', 'Ang Thong', 'central'],
  ['ลพบุรี', 'Lop Buri', 'central'],
  ['สิงห์บุรี', 'Sing Buri', 'central'],
  ['ชัยนาท', 'Chai Nat', 'central'],
  ['สระบุรี', 'Saraburi', 'central'],
  ['นครนายก', 'Nakhon Nayok', 'central'],
  ['สุพรรณบุรี', 'Suphan Buri', 'central'],
  ['นครปฐม', 'Nakhon Pathom', 'central'],
  ['สมุทรสาคร', 'Samut Sakhon', 'central'],
  ['สมุทรสงคราม', 'Samut Songkhram', 'central'],
  ['นครสวรรค์', 'Nakhon Sawan', 'central'],
  ['อุทัยธานี', 'Uthai Thani', 'central'],
  ['กำแพงเพชร', 'Kamphaeng Phet', 'central'],
  ['พิจิตร', 'Phichit', 'central'],
  ['พิษณุโลก', 'Phitsanulok', 'central'],
  ['เพชรบูรณ์', 'Phetchabun', 'central'],
  ['สุโขทัย', 'Sukhothai', 'central'],
  ['เชียงใหม่', 'Chiang Mai', 'north'],
  ['เชียงราย', 'Chiang Rai', 'north'],
  ['ลำพูน', 'Lamphun', 'north'],
  ['ลำปาง', 'Lampang', 'north'],
  ['แพร่', 'Phrae', 'north'],
  ['น่าน', 'Nan', 'north'],
  ['พะเยา', 'Phayao', 'north'],
  ['แม่ฮ่องสอน', 'Mae Hong Son', 'north'],
  ['อุตรดิตถ์', 'Uttaradit', 'north'],
  ['นครราชสีมา', 'Nakhon Ratchasima', 'northeast'],
  ['ขอนแก่น', 'Khon Kaen', 'northeast'],
  ['อุดรธานี', 'Udon Thani', 'northeast'],
  ['อุบลราชธานี', 'Ubon Ratchathani', 'northeast'],
  ['บุรีรัมย์', 'Buri Ram', 'northeast'],
  ['สุรินทร์', 'Surin', 'northeast'],
  ['ศรีสะเกษ', 'Si Sa Ket', 'northeast'],
  ['ชัยภูมิ', 'Chaiyaphum', 'northeast'],
  ['ร้อยเอ็ด', 'Roi Et', 'northeast'],
  ['มหาสารคาม', 'Maha Sarakham', 'northeast'],
  ['กาฬสินธุ์', 'Kalasin', 'northeast'],
  ['สกลนคร', 'Sakon Nakhon', 'northeast'],
  ['นครพนม', 'Nakhon Phanom', 'northeast'],
  ['มุกดาหาร', 'Mukdahan', 'northeast'],
  ['ยโสธร', 'Yasothon', 'northeast'],
  ['อำนาจเจริญ', 'Amnat Charoen', 'northeast'],
  ['เลย', 'Loei', 'northeast'],
  ['หนองคาย', 'Nong Khai', 'northeast'],
  ['หนองบัวลำภู', 'Nong Bua Lam Phu', 'northeast'],
  ['บึงกาฬ', 'Bueng Kan', 'northeast'],
  ['ชลบุรี', 'Chon Buri', 'east'],
  ['ระยอง', 'Rayong', 'east'],
  ['จันทบุรี', 'Chanthaburi', 'east'],
  ['ตราด', 'Trat', 'east'],
  ['ฉะเชิงเทรา', 'Chachoengsao', 'east'],
  ['ปราจีนบุรี', 'Prachin Buri', 'east'],
  ['สระแก้ว', 'Sa Kaeo', 'east'],
  ['กาญจนบุรี', 'Kanchanaburi', 'west'],
  ['ราชบุรี', 'Ratchaburi', 'west'],
  ['เพชรบุรี', 'Phetchaburi', 'west'],
  ['ประจวบคีรีขันธ์', 'Prachuap Khiri Khan', 'west'],
  ['ตาก', 'Tak', 'west'],
  ['นครศรีธรรมราช', 'Nakhon Si Thammarat', 'south'],
  ['สุราษฎร์ธานี', 'Surat Thani', 'south'],
  ['ชุมพร', 'Chumphon', 'south'],
  ['ระนอง', 'Ranong', 'south'],
  ['พังงา', 'Phangnga', 'south'],
  ['ภูเก็ต', 'Phuket', 'south'],
  ['กระบี่', 'Krabi', 'south'],
  ['ตรัง', 'Trang', 'south'],
  ['พัทลุง', 'Phatthalung', 'south'],
  ['สตูล', 'Satun', 'south'],
  ['สงขลา', 'Songkhla', 'south'],
  ['ปัตตานี', 'Pattani', 'south'],
  ['ยะลา', 'Yala', 'south'],
  ['นราธิวาส', 'Narathiwat', 'south'],
];

/** Title templates: {t} topic, {p} province, {y} year (BE for Thai, CE for English), {n} edition. */
export const ARTICLE_TITLES = [
  { th: '{t}: แนวทางสำหรับผู้ประกอบการ SME ปี {y}', en: 'A {y} guide for SME owners: {t}' },
  { th: 'ห้าขั้นตอนสู่ความสำเร็จด้าน{t}', en: 'Five steps to success in {t}' },
  { th: 'กรมฯ เปิดตัวมาตรการใหม่ด้าน{t}', en: 'The Department announces new measures on {t}' },
  { th: 'เรื่องเล่าความสำเร็จ: {t}ของผู้ประกอบการจังหวัด{p}', en: 'Success story: {t} at a business in {p}' },
  { th: 'ถาม-ตอบ ประเด็นที่ผู้ประกอบการสงสัยเรื่อง{t}', en: 'Questions entrepreneurs ask about {t}' },
  { th: 'สรุปผลการสัมมนา{t} ณ จังหวัด{p}', en: 'Highlights of the {t} seminar in {p}' },
];

export const ACTIVITY_TITLES = [
  { th: 'อบรมเชิงปฏิบัติการ{t} รุ่นที่ {n}', en: 'Hands-on workshop on {t}, cohort {n}' },
  { th: 'สัมมนา{t} จังหวัด{p}', en: '{t} seminar in {p}' },
  { th: 'คลินิกให้คำปรึกษา{t} ครั้งที่ {n}', en: 'Advisory clinic on {t}, session {n}' },
  { th: 'กิจกรรมจับคู่ธุรกิจด้าน{t} จังหวัด{p}', en: 'Business matching day on {t} in {p}' },
];

export const VENUES = [
  { th: 'ศูนย์นิทรรศการและการประชุมไบเทค บางนา กรุงเทพมหานคร', en: 'BITEC Bangna, Bangkok' },
  { th: 'ห้องประชุมชั้น 5 อาคารกระทรวงพาณิชย์ จังหวัดนนทบุรี', en: 'Meeting room, 5th floor, Ministry of Commerce, Nonthaburi' },
  { th: 'ศูนย์ประชุมและแสดงสินค้านานาชาติ เชียงใหม่', en: 'Chiang Mai International Exhibition and Convention Centre' },
  {
    th: 'ศูนย์ประชุมนานาชาติฉลองสิริราชสมบัติครบ 60 ปี มหาวิทยาลัยขอนแก่น',
    en: 'Khon Kaen University International Convention Centre',
  },
  {
    th: 'ศูนย์ประชุมนานาชาติฉลองสิริราชสมบัติครบ 60 ปี มหาวิทยาลัยสงขลานครินทร์ หาดใหญ่',
    en: 'Prince of Songkla University Convention Centre, Hat Yai',
  },
  { th: 'อบรมออนไลน์ผ่านระบบประชุมทางไกล', en: 'Online, by video conference' },
];

export const FIRST_NAMES = [
  ['สมชาย', 'Somchai'],
  ['วิภาวดี', 'Wipawadee'],
  ['ณัฐพล', 'Nattapon'],
  ['กนกวรรณ', 'Kanokwan'],
  ['ธนากร', 'Thanakorn'],
  ['สุภาพร', 'Supaporn'],
  ['อนุชา', 'Anucha'],
  ['พรทิพย์', 'Pornthip'],
  ['ปิยะพงษ์', 'Piyapong'],
  ['จิราพร', 'Jiraporn'],
  ['ประเสริฐ', 'Prasert'],
  ['รัตนา', 'Rattana'],
  ['วรวุฒิ', 'Worawut'],
  ['ศิริพร', 'Siriporn'],
  ['เกียรติศักดิ์', 'Kiattisak'],
];
export const LAST_NAMES = [
  ['ใจดี', 'Jaidee'],
  ['ศรีสุข', 'Srisuk'],
  ['วงศ์สวัสดิ์', 'Wongsawat'],
  ['ทองมา', 'Thongma'],
  ['บุญเรือง', 'Boonruang'],
  ['แสงทอง', 'Saengthong'],
  ['พึ่งบุญ', 'Phuengboon'],
  ['รุ่งเรือง', 'Rungruang'],
  ['มั่นคง', 'Mankong'],
  ['เจริญผล', 'Charoenphon'],
];

/** Shared closing paragraph of bodies. */
export const CONTACT_PARAGRAPH = {
  th: 'สอบถามรายละเอียดเพิ่มเติมได้ที่ศูนย์บริการข้อมูลธุรกิจ โทร. 1570 ในวันและเวลาราชการ หรือทางอีเมล info@dbdp.go.th',
  en: 'For more information call the business information centre on 1570 during office hours, or email info@dbdp.go.th.',
};

/** Fills a template. */
export function fill(template: string, vars: Record<string, unknown>): string {
  return template.replace(/\{(\w)\}/g, (_, k: string) => String(vars[k] ?? ''));
}

/** Capitalises the first letter (English titles that start with a topic phrase). */
export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
