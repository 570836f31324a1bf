/**
 * FAQ (/faq/): every group and question of the API, answers that open and close with
 * <details> (no script needed), and /faq/#faq-{id} links (from search) opening their question.
 */
import { expect, test } from './support/test';
import { checkPage, checkReadsWithoutJs } from './support/page-checks';
import { api } from './support/api';

// Each test visits several pages and runs axe on most of them: three times the default time.
test.beforeEach(() => test.slow());

const PATH = { th: '/faq/', en: '/en/faq/' } as const;

type Groups = { data: { id: number; title: string }[] };
type Faqs = { result: { id: number; question: string; answer_html: string; group_id: number }[]; total: number };

for (const lang of ['th', 'en'] as const) {
  test.describe(`FAQ (${lang})`, () => {
    test('passes the common page checks and shows every group of the API with all of its questions', async ({
      page,
    }) => {
      const groups = await api<Groups>('/faqs/groups', lang);
      const faqs = await api<Faqs>('/faqs?limit=100', lang);
      await checkPage(page, PATH[lang], lang);
      const main = page.locator('main');
      for (const group of groups.data) {
        const mine = faqs.result.filter((f) => f.group_id === group.id);
        if (mine.length === 0) continue;
        const section = main.locator('section', {
          has: page.getByRole('heading', { level: 2, name: group.title, exact: true }),
        });
        await expect(section).toHaveCount(1);
        await expect(section.locator('details')).toHaveCount(mine.length);
        await expect(section.locator('summary').first()).toHaveText(mine[0]!.question);
      }
      await expect(main.locator('details[id^="faq-"]')).toHaveCount(faqs.total);
    });

    test('an answer opens and closes with its question', async ({ page }) => {
      const faqs = await api<Faqs>('/faqs?limit=1', lang);
      const first = faqs.result[0]!;
      const answerText = first.answer_html.replace(/<[^>]+>/g, '').trim();
      await page.goto(PATH[lang]);
      const item = page.locator(`#faq-${first.id}`);
      const answer = item.getByText(answerText);
      await expect(answer).toBeHidden();
      await item.locator('summary').click();
      await expect(answer).toBeVisible();
      await item.locator('summary').click();
      await expect(answer).toBeHidden();
    });

    test('a link to /faq/#faq-{id} opens that question', async ({ page }) => {
      const faqs = await api<Faqs>('/faqs?limit=100', lang);
      const last = faqs.result[faqs.result.length - 1]!;
      await page.goto(`${PATH[lang]}#faq-${last.id}`);
      await expect(page.locator(`#faq-${last.id}`)).toHaveAttribute('open', '');
      await expect(page.locator(`#faq-${last.id} .cms-content`)).toBeInViewport();
    });
  });
}

test.describe('FAQ without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('questions read and answers still open', async ({ page }) => {
    const faqs = await api<Faqs>('/faqs?limit=1', 'th');
    const first = faqs.result[0]!;
    await checkReadsWithoutJs(page, PATH.th, first.question);
    await page.locator(`#faq-${first.id} summary`).click();
    await expect(page.locator(`#faq-${first.id} .cms-content`)).toBeVisible();
  });
});
