/**
 * Print: Chromium's PDF of an article (page.pdf(), read back with support/pdf-text.ts)
 * holds the article — title, Thai date as shown, body, where its links go — and none of the
 * site's navigation, banners, consent notice, share panel or controls; at its foot the page's
 * address and the day it was printed. Both languages.
 */
import { expect, test, type Page } from './support/test';
import { pdfText } from './support/pdf-text';
import { firstDetailPath } from './support/detail-paths';

test.describe.configure({ timeout: 90_000 });

/**
 * Text as comparable with a PDF's: white space removed (a PDF breaks lines, and long addresses,
 * anywhere), compatibility forms decomposed (the font's glyph for ำ maps back to ํ + า), and
 * Thai marks above and below the line dropped (the glyph variants the shaper picks for them,
 * moved left or down, map back to private-use code points or to nothing).
 */
const squash = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E\uE000-\uF8FF]/g, '')
    .replace(/\s+/g, '');

const TEXT = {
  th: { printedOn: 'พิมพ์เมื่อ', year: /25\d\d/, share: 'คัดลอกลิงก์', skip: 'ข้ามไปยังเนื้อหาหลัก' },
  en: { printedOn: 'Printed on', year: /20\d\d/, share: 'Copy link', skip: 'Skip to main content' },
} as const;

async function printed(page: Page): Promise<string> {
  await page.evaluate(() => document.fonts.ready);
  return pdfText(await page.pdf({ format: 'A4' }));
}

for (const lang of ['th', 'en'] as const) {
  test(`an article printed to PDF has its content and no navigation (${lang})`, async ({ page }) => {
    await page.goto(await firstDetailPath(page, 'article', lang));
    const title = await page.locator('h1').innerText();
    const date = await page.locator('main header time').first().innerText();
    const canonical = (await page.locator('link[rel="canonical"]').getAttribute('href'))!;
    const categoryLink = page.locator('main header a[href*="/articles/category/"]').first();
    const categoryTarget = new URL((await categoryLink.getAttribute('href'))!, canonical).href;
    // What the page shows around the article (menus, footer, consent notice), leaving out
    // labels the article's own text also holds ("Articles" in "Related articles").
    const main = squash(await page.locator('main').innerText());
    const navigation = (
      await page.locator('.site-header a, .site-footer a, .site-footer h2, [data-consent] h2').allInnerTexts()
    ).filter((s) => s.trim().length > 3 && !main.includes(squash(s)));
    expect(navigation.length).toBeGreaterThan(5);
    const footerAddress = await page.locator('.site-footer dd').first().innerText();

    const text = await printed(page);
    const flat = squash(text);
    expect(flat).toContain(squash(title));
    expect(flat).toContain(squash(date));
    expect(date).toMatch(TEXT[lang].year);
    // Where a link goes, after its text; the page's address and the day at the foot.
    expect(flat).toContain(squash(`(${categoryTarget})`));
    expect(flat).toContain(squash(canonical));
    expect(flat).toContain(squash(TEXT[lang].printedOn));
    const today = await page.locator('[data-print-date]').textContent();
    expect(today).toMatch(TEXT[lang].year);
    expect(flat).toContain(squash(today!));

    for (const label of navigation) expect(flat, `printed: ${label}`).not.toContain(squash(label));
    expect(flat).not.toContain(squash(footerAddress));
    expect(flat).not.toContain(squash(TEXT[lang].share));
    expect(flat).not.toContain(squash(TEXT[lang].skip));
  });
}

test('in print media the screen-only parts are hidden and the headings stay with their text', async ({ page }) => {
  await page.goto(await firstDetailPath(page, 'article', 'en'));
  await page.emulateMedia({ media: 'print' });
  for (const selector of ['.site-header', '.site-footer', '[data-consent]', '[data-share]', 'main nav'])
    await expect(page.locator(selector).first(), selector).toBeHidden();
  await expect(page.locator('.print-foot')).toBeVisible();
  expect(await page.locator('main h1').evaluate((h) => getComputedStyle(h).breakAfter)).toBe('avoid');
  await page.emulateMedia({ media: 'screen' });
  await expect(page.locator('.print-foot')).toBeHidden();
});
