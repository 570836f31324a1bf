/**
 * Optional page weight for the bare template (`BARE_PAGE_KB`): the bench's second yardstick,
 * pages of the portal's size.
 *
 * Unset (the default, the first yardstick): nothing is added and every page is a 3 KB English
 * article. Set to the portal's mean page size in KB, the layout
 * adds that much site chrome around the same article, as the portal's pages carry menus,
 * quick links and a footer around theirs: links in one string made once per language and
 * inserted as HTML, as the portal inserts its shell (rendered once per language and reused).
 * Half the pages are then Thai, as half the portal's are, since Thai text costs more to encode.
 */
const target = Number(process.env.BARE_PAGE_KB ?? 0) * 1024;

/** The article alone, as built without chrome (bytes, measured on a built page). */
const ARTICLE_BYTES = 2_900;

export const portalWeight = target > 0;

const LABELS = {
  th: ['ข่าวประชาสัมพันธ์', 'กิจกรรมและการอบรม', 'จัดซื้อจัดจ้าง', 'คู่มือบริการประชาชน', 'กฎหมายที่เกี่ยวข้อง', 'ติดต่อหน่วยงาน'],
  en: ['Press releases', 'Activities and training', 'Procurement', 'Service manuals', 'Related laws', 'Contact us'],
};

const made = new Map<string, { header: string; footer: string }>();

/** The header and footer chrome of a page in `lang`, together about BARE_PAGE_KB minus the article. */
export function chrome(lang: 'th' | 'en'): { header: string; footer: string } {
  if (!portalWeight) return { header: '', footer: '' };
  let parts = made.get(lang);
  if (!parts) {
    const labels = LABELS[lang];
    const half = Math.max(0, (target - ARTICLE_BYTES) / 2);
    const links = (side: string) => {
      let html = '<ul class="chrome">';
      for (let i = 0; Buffer.byteLength(html) < half; i++)
        html += `<li><a href="/${side}/section-${i}/">${labels[i % labels.length]} ${i + 1}</a></li>`;
      return `${html}</ul>`;
    };
    parts = { header: links('menu'), footer: links('footer') };
    made.set(lang, parts);
  }
  return parts;
}
