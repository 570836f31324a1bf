/**
 * The accessibility statement: /accessibility/ and /en/accessibility/, linked from
 * every page's footer next to the privacy notice, saying which standards it meets, how it is
 * tested, its known limits, how to report a barrier (the contact page) and when it was last
 * reviewed; zero axe violations, reachable by keyboard. Both languages.
 */
import { expect, test } from './support/test';
import { checkPage, prefix } from './support/page-checks';

test.describe.configure({ timeout: 90_000 });

const TEXT = {
  th: {
    link: 'การเข้าถึงเว็บไซต์',
    policy: 'นโยบายความเป็นส่วนตัว',
    title: 'ประกาศการเข้าถึงเว็บไซต์',
    headings: ['มาตรฐานที่ใช้', 'วิธีตรวจสอบ', 'ข้อจำกัดที่ทราบ', 'แจ้งปัญหาการเข้าถึง', 'การทบทวน'],
    contact: 'หน้าติดต่อเรา',
    year: /25\d\d/,
  },
  en: {
    link: 'Accessibility',
    policy: 'Privacy policy',
    title: 'Accessibility statement',
    headings: ['Standards', 'How it is tested', 'Known limits', 'Report a barrier', 'Review'],
    contact: 'the contact page',
    year: /20\d\d/,
  },
} as const;

for (const lang of ['th', 'en'] as const) {
  test(`the accessibility statement, from the footer (${lang})`, async ({ page }) => {
    const t = TEXT[lang];
    await page.goto(`${prefix(lang)}/faq/`);
    const footer = page.locator('.site-footer');
    const link = footer.getByRole('link', { name: t.link, exact: true });
    // Next to the privacy notice, in the same short list.
    await expect(link.locator('xpath=ancestor::ul[1]').getByRole('link', { name: t.policy })).toBeVisible();
    // By keyboard (until a choice is made, the consent notice covers the bottom of the page).
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/accessibility/$`));

    await checkPage(page, `${prefix(lang)}/accessibility/`, lang);
    await expect(page.locator('h1')).toHaveText(t.title);
    await expect(page.locator('main h2')).toHaveText([...t.headings]);
    await expect(page.locator('main')).toContainText('WCAG 2.1');
    await expect(page.locator('main')).toContainText('axe');
    await expect(page.locator('[data-reviewed] time')).toHaveText(t.year);

    // Reporting a barrier: the contact page, reached with the keyboard.
    const contact = page.getByRole('link', { name: t.contact });
    await contact.focus();
    await expect(contact).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/contact/$`));
    await expect(page.locator('h1')).toBeVisible();
  });
}
