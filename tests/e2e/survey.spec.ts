/**
 * Survey form journeys, both languages, against the reference API: the page reads
 * without JavaScript; required answers are checked with messages, an error summary and focus;
 * a filled survey is sent (PUT body and 200 answer checked) and thanked; a failed send — network
 * or 422 — keeps every answer; a reload keeps a draft; a closed survey says so.
 */
import { expect as baseExpect, test, type Page } from './support/test';
import { checkPage, expectNoAxeViolations, type Lang } from './support/page-checks';
import { API_URL, langPrefix as prefix } from './support/api';

// These journeys log in, send forms and run axe several times each: give them room on a busy machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const TEXT = {
  th: { required: 'กรุณาตอบคำถามนี้', thanks: 'ขอบคุณ', closed: 'ปิดรับคำตอบแล้ว' },
  en: { required: 'Please answer this question.', thanks: 'Thank you', closed: 'closed' },
};

interface ApiQuestion {
  id: number;
  type: string;
  label: string;
  required: boolean;
  options: { value: string; label: string }[];
  max: number | null;
}
interface ApiSurvey {
  id: number;
  title: string;
  closes_at: string | null;
  sections: { id: number; questions: ApiQuestion[] }[];
}

async function apiSurvey(id: number, lang: Lang): Promise<ApiSurvey> {
  const res = await fetch(`${API_URL}/api/frontend/survey/${id}`, { headers: { 'Accept-Language': lang } });
  return ((await res.json()) as { data: ApiSurvey }).data;
}

/** Answers every question of the survey through the form, the way a visitor would. */
async function answerAll(page: Page, survey: ApiSurvey): Promise<void> {
  for (const q of survey.sections.flatMap((s) => s.questions)) {
    const group = page.locator('fieldset', { has: page.locator('legend', { hasText: q.label }) });
    if (q.type === 'single') await group.getByRole('radio', { name: q.options[0]!.label, exact: true }).check();
    else if (q.type === 'multiple') {
      await group.getByRole('checkbox', { name: q.options[0]!.label, exact: true }).check();
      await group.getByRole('checkbox', { name: q.options[1]!.label, exact: true }).check();
    } else if (q.type === 'rating') await group.getByRole('radio', { name: String(q.max ?? 5), exact: true }).check();
    else await page.getByLabel(q.label).fill(`คำตอบทดสอบ ${q.id} — test answer`);
  }
}

async function expectAllAnswered(page: Page, survey: ApiSurvey): Promise<void> {
  for (const q of survey.sections.flatMap((s) => s.questions)) {
    const group = page.locator('fieldset', { has: page.locator('legend', { hasText: q.label }) });
    if (q.type === 'single')
      await expect(group.getByRole('radio', { name: q.options[0]!.label, exact: true })).toBeChecked();
    else if (q.type === 'multiple')
      await expect(group.getByRole('checkbox', { name: q.options[1]!.label, exact: true })).toBeChecked();
    else if (q.type === 'rating')
      await expect(group.getByRole('radio', { name: String(q.max ?? 5), exact: true })).toBeChecked();
    else await expect(page.getByLabel(q.label)).toHaveValue(`คำตอบทดสอบ ${q.id} — test answer`);
  }
}

for (const lang of ['th', 'en'] as const) {
  test.describe(`survey form in ${lang}`, () => {
    test('page checks, every question type rendered, required check with summary and focus', async ({ page }) => {
      const survey = await apiSurvey(1, lang);
      await checkPage(page, `${prefix(lang)}/surveys/1/`, lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(survey.title);
      const types = new Set(survey.sections.flatMap((s) => s.questions.map((q) => q.type)));
      if (types.has('single') || types.has('rating')) await expect(page.getByRole('radio').first()).toBeEnabled();
      if (types.has('multiple')) await expect(page.getByRole('checkbox').first()).toBeVisible();

      await page.getByRole('button', { name: lang === 'th' ? 'ส่งคำตอบ' : 'Send answers' }).click();
      const required = survey.sections.flatMap((s) => s.questions).filter((q) => q.required);
      await expect(page.locator('.survey-error')).toHaveCount(required.length);
      await expect(page.locator('.survey-error').first()).toHaveText(TEXT[lang].required);
      const summary = page.getByRole('alert').filter({ has: page.getByRole('link') });
      await expect(summary.getByRole('link')).toHaveCount(required.length);
      // Focus went to the first required question's control.
      await expect(page.locator(`#survey-q-${required[0]!.id}`)).toBeFocused();
      await expectNoAxeViolations(page);
    });

    test('fill and send: PUT body and 200 answer, thank-you, draft cleared', async ({ page }) => {
      const survey = await apiSurvey(1, lang);
      await page.goto(`${prefix(lang)}/surveys/1/`);
      await answerAll(page, survey);
      const [request, response] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/frontend/survey/1')),
        page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/frontend/survey/1')),
        page.getByRole('button', { name: lang === 'th' ? 'ส่งคำตอบ' : 'Send answers' }).click(),
      ]);
      expect(response.status()).toBe(200);
      expect(((await response.json()) as { data: { response_id: unknown } }).data.response_id).toBeTruthy();
      const body = request.postDataJSON() as {
        sections: { id: number; answers: { question_id: number; value: unknown }[] }[];
      };
      const sent = new Map(body.sections.flatMap((s) => s.answers.map((a) => [a.question_id, a.value])));
      for (const q of survey.sections.flatMap((s) => s.questions)) {
        if (q.type === 'single') expect(sent.get(q.id)).toBe(q.options[0]!.value);
        if (q.type === 'multiple') expect(sent.get(q.id)).toEqual([q.options[0]!.value, q.options[1]!.value]);
        if (q.type === 'rating') expect(sent.get(q.id)).toBe(q.max ?? 5);
        if (q.type === 'text') expect(sent.get(q.id)).toBe(`คำตอบทดสอบ ${q.id} — test answer`);
      }
      await expect(page.getByRole('status').filter({ hasText: TEXT[lang].thanks })).toBeVisible();
      expect(await page.evaluate(() => sessionStorage.getItem('survey-draft:1'))).toBeNull();
      await expectNoAxeViolations(page);
    });

    test('a network failure and a 422 keep every answer; a reload keeps the draft', async ({ page }) => {
      const survey = await apiSurvey(1, lang);
      await page.goto(`${prefix(lang)}/surveys/1/`);
      await answerAll(page, survey);
      const send = page.getByRole('button', { name: lang === 'th' ? 'ส่งคำตอบ' : 'Send answers' });

      await page.route('**/api/frontend/survey/1', (route) =>
        route.request().method() === 'PUT' ? route.abort('connectionrefused') : route.continue(),
      );
      await send.click();
      await expect(
        page.getByRole('alert').filter({ hasText: lang === 'th' ? 'ติดต่อเซิร์ฟเวอร์ไม่ได้' : 'could not be reached' }),
      ).toBeVisible();
      await expectAllAnswered(page, survey);

      const textQ = survey.sections.flatMap((s) => s.questions).find((q) => q.type === 'single')!;
      await page.unroute('**/api/frontend/survey/1');
      await page.route('**/api/frontend/survey/1', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 422,
              contentType: 'application/json',
              body: JSON.stringify({
                status: 422,
                code: 'VALIDATION',
                message: 'invalid',
                errors: [{ field: String(textQ.id), message: 'SERVER-SAYS-NO' }],
              }),
            })
          : route.continue(),
      );
      await send.click();
      await expect(page.getByText('SERVER-SAYS-NO').first()).toBeVisible();
      await expect(page.locator(`#survey-q-${textQ.id}`)).toBeFocused();
      await expectAllAnswered(page, survey);
      await expectNoAxeViolations(page);

      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: lang === 'th' ? 'นำคำตอบ' : 'restored' })).toBeVisible();
      await expectAllAnswered(page, survey);
    });

    test('a survey that has closed says so and cannot be sent', async ({ page }) => {
      await page.route('**/api/frontend/survey/2', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 409,
              contentType: 'application/json',
              body: JSON.stringify({ status: 409, code: 'SURVEY_CLOSED', message: 'closed' }),
            })
          : route.continue(),
      );
      const survey = await apiSurvey(2, lang);
      await page.goto(`${prefix(lang)}/surveys/2/`);
      await answerAll(page, survey);
      await page.getByRole('button', { name: lang === 'th' ? 'ส่งคำตอบ' : 'Send answers' }).click();
      await expect(page.getByRole('alert').filter({ hasText: TEXT[lang].closed })).toBeVisible();
      await expect(page.getByRole('button', { name: lang === 'th' ? 'ส่งคำตอบ' : 'Send answers' })).toBeDisabled();
    });
  });
}

test('without JavaScript the questions are readable and the page says sending needs JavaScript', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const survey = await apiSurvey(1, 'th');
  await page.goto('/surveys/1/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(survey.title);
  await expect(page.getByText(survey.sections[0]!.questions[0]!.label)).toBeVisible();
  await expect(page.getByText('ต้องใช้ JavaScript')).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeDisabled();
  await context.close();
});
