/**
 * The survey list (/surveys/): each survey with title, description, question count and
 * closing date (Buddhist era in Thai), linking to its form page /surveys/{id}/.
 */
import { expect, test } from './support/test';
import { checkPage, checkReadsWithoutJs } from './support/page-checks';
import { api } from './support/api';

// Each test visits several pages and runs axe on most of them: three times the default time.
test.beforeEach(() => test.slow());

const PATH = { th: '/surveys/', en: '/en/surveys/' } as const;

type Surveys = {
  results: { id: number; title: string; description: string; question_count: number; closes_at: string | null }[];
  total: number;
};

for (const lang of ['th', 'en'] as const) {
  test.describe(`Survey list (${lang})`, () => {
    test('passes the common page checks and shows every survey with its facts and a link to its form', async ({
      page,
    }) => {
      const surveys = await api<Surveys>('/survey?page=1', lang);
      await checkPage(page, PATH[lang], lang);
      const items = page.locator('main li', { has: page.getByRole('heading', { level: 2 }) });
      await expect(items).toHaveCount(Math.min(12, surveys.total));
      for (const survey of surveys.results) {
        const item = items.filter({ has: page.getByRole('link', { name: survey.title, exact: true }) });
        await expect(item.getByRole('link', { name: survey.title, exact: true })).toHaveAttribute(
          'href',
          `${lang === 'th' ? '' : '/en'}/surveys/${survey.id}/`,
        );
        await expect(item).toContainText(survey.description);
        await expect(item).toContainText(String(survey.question_count));
        if (survey.closes_at) {
          const year = Number(survey.closes_at.slice(0, 4));
          await expect(item.locator('time')).toContainText(String(lang === 'th' ? year + 543 : year));
        }
      }
    });
  });
}

test.describe('Survey list without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('reads', async ({ page }) => {
    const surveys = await api<Surveys>('/survey?page=1', 'en');
    await checkReadsWithoutJs(page, PATH.en, surveys.results[0]!.title);
  });
});
