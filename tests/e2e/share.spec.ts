/**
 * Share: article, activity, law, manual, procurement, service and FAQ pages offer
 * "share this page": the Web Share API where the browser has it, else copy the link with a
 * confirmation screen readers hear (a polite live region), plus plain LINE and Facebook links.
 * Nothing is loaded from LINE or Facebook before the visitor follows a link. Both languages.
 */
import { expect, test, type Page } from './support/test';
import { checkPage, expectNoAxeViolations } from './support/page-checks';
import { inLang } from './support/api';
import { firstDetailPath, type DetailKind } from './support/detail-paths';

test.describe.configure({ timeout: 90_000 });

const LANGS = ['th', 'en'] as const;
const TEXT = {
  th: { copy: 'คัดลอกลิงก์', share: 'แชร์', copied: 'คัดลอกลิงก์ของหน้านี้แล้ว', region: 'แชร์หน้านี้' },
  en: {
    copy: 'Copy link',
    share: 'Share',
    copied: 'The link to this page has been copied.',
    region: 'Share this page',
  },
} as const;

/** The page's own address as the site names it (the canonical link). */
const canonical = (page: Page) => page.locator('link[rel="canonical"]').getAttribute('href');

for (const lang of LANGS) {
  test.describe(`share in ${lang}`, () => {
    test('copy link where the browser has no Web Share: the address is on the clipboard and the confirmation is announced', async ({
      page,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      // This Chromium may or may not offer navigator.share: take it away, as on a desktop browser without it.
      await context.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
      });
      const thirdParty: string[] = [];
      page.on('request', (r) => {
        if (/line\.me|facebook\.com|fbcdn|line-scdn/.test(r.url())) thirdParty.push(r.url());
      });
      const path = await firstDetailPath(page, 'article', lang);
      await checkPage(page, path, lang);

      const panel = page.getByRole('region', { name: TEXT[lang].region });
      const button = panel.getByRole('button', { name: TEXT[lang].copy });
      await expect(button).toBeVisible();
      const status = panel.getByRole('status');
      await expect(status).toHaveAttribute('aria-live', 'polite');
      await button.click();
      await expect(status).toHaveText(TEXT[lang].copied);
      const address = await canonical(page);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
      await expectNoAxeViolations(page);

      // LINE and Facebook: plain links carrying the page's address; nothing of theirs was loaded.
      const line = panel.getByRole('link', { name: /LINE/ });
      const facebook = panel.getByRole('link', { name: /Facebook/ });
      expect(new URL((await line.getAttribute('href'))!).searchParams.get('url')).toBe(address);
      expect(new URL((await facebook.getAttribute('href'))!).searchParams.get('u')).toBe(address);
      expect(thirdParty).toEqual([]);
      expect(await page.locator('script[src*="line"], script[src*="facebook"], iframe').count()).toBe(0);
    });

    test('the Web Share API is used where the browser has it, with the title and address', async ({
      page,
      context,
    }) => {
      await context.addInitScript(() => {
        (window as unknown as { shared: unknown[] }).shared = [];
        Object.defineProperty(Navigator.prototype, 'share', {
          configurable: true,
          value: async (data: unknown) => void (window as unknown as { shared: unknown[] }).shared.push(data),
        });
      });
      const path = await firstDetailPath(page, 'activity', lang);
      await page.goto(path);
      const panel = page.getByRole('region', { name: TEXT[lang].region });
      await panel.getByRole('button', { name: TEXT[lang].share, exact: true }).click();
      const shared = await page.evaluate(
        () => (window as unknown as { shared: { url: string; title: string }[] }).shared,
      );
      expect(shared).toEqual([{ url: await canonical(page), title: await page.locator('h1').innerText() }]);
    });

    test('every kind of content page offers sharing', async ({ page }) => {
      const kinds: DetailKind[] = ['article', 'activity', 'manual', 'procurement', 'service'];
      const paths = [inLang('/laws/', lang), inLang('/faq/', lang)];
      for (const kind of kinds) paths.push(await firstDetailPath(page, kind, lang));
      for (const path of paths) {
        await page.goto(path);
        const panel = page.getByRole('region', { name: TEXT[lang].region });
        await expect(panel, path).toBeVisible();
        await expect(panel.getByRole('button'), path).toBeVisible();
        await expect(panel.getByRole('link'), path).toHaveCount(2);
      }
    });
  });
}

test('without JavaScript the share links still work and no dead button shows', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/en/faq/');
  const panel = page.getByRole('region', { name: TEXT.en.region });
  await expect(panel.getByRole('link')).toHaveCount(2);
  await expect(panel.getByRole('button')).toBeHidden();
  await context.close();
});
