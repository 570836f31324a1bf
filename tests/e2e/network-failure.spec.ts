/**
 * When the network fails: the API stops answering in the middle of a journey (every
 * request to it refused, as when it is down or the connection drops) and comes back. Islands
 * say they failed and offer a retry (the one LoadFailure of src/ui/island/), which works once
 * the API is back; a web board post keeps what was typed, also across a reload
 * (sessionStorage), and the copy goes once the post is saved. Axe on the failure states. Both
 * languages. (The survey's kept answers: survey.spec.ts.)
 */
import { expect, test, type Page } from './support/test';
import { expectNoAxeViolations, prefix, type Lang } from './support/page-checks';
import { API_URL } from './support/api';

test.describe.configure({ timeout: 120_000 });

const TEXT = {
  th: {
    retry: 'ลองอีกครั้ง',
    filterFailed: 'ค้นหาไม่สำเร็จ กรุณาลองอีกครั้ง',
    username: 'ชื่อผู้ใช้',
    password: 'รหัสผ่าน',
    login: 'เข้าสู่ระบบ',
    newThread: 'ตั้งกระทู้ใหม่',
    title: 'หัวข้อกระทู้',
    message: 'ข้อความ',
    postThread: 'ตั้งกระทู้',
    saveFailed: 'บันทึกไม่สำเร็จ',
    loadFailed: 'ไม่สามารถโหลดข้อมูลได้',
  },
  en: {
    retry: 'Try again',
    filterFailed: 'The search failed. Please try again.',
    username: 'Username',
    password: 'Password',
    login: 'Log in',
    newThread: 'Start a new thread',
    title: 'Title',
    message: 'Message',
    postThread: 'Post the thread',
    saveFailed: 'This could not be saved',
    loadFailed: 'The data could not be loaded.',
  },
} as const;

/** The reference API stops answering: every request to it is refused until `startApi`. */
const stopApi = (page: Page) => page.route(`${API_URL}/**`, (route) => route.abort('connectionrefused'));
const startApi = (page: Page) => page.unroute(`${API_URL}/**`);

for (const lang of ['th', 'en'] as const satisfies readonly Lang[]) {
  test.describe(`network failure in ${lang}`, () => {
    test('a list filter says the search failed, offers a retry, and the retry works once the API is back', async ({
      page,
    }) => {
      await page.goto(`${prefix(lang)}/laws/`);
      await stopApi(page);
      const select = page.locator('[data-filterable] select[name="cat"]');
      const category = await select.locator('option').nth(1).getAttribute('value');
      await select.selectOption(category!);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(TEXT[lang].filterFailed);
      const retry = alert.getByRole('button', { name: TEXT[lang].retry });
      await expect(retry).toBeVisible();
      await expectNoAxeViolations(page);

      await startApi(page);
      await retry.click();
      await expect(page.locator('[data-filter-results] li').first()).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    });

    test('a web board thread keeps its text through a failed post and a reload, and is sent once the API is back', async ({
      page,
    }) => {
      const t = TEXT[lang];
      await page.goto(`${prefix(lang)}/webboard/login/`);
      await page.getByLabel(t.username, { exact: true }).fill('member');
      await page.getByLabel(t.password, { exact: true }).fill('member1234');
      await page.getByRole('button', { name: t.login, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/webboard/$`));
      await page.locator('main').getByRole('heading', { level: 3 }).first().getByRole('link').click();
      await page.getByRole('link', { name: t.newThread }).click();
      await expect(page).toHaveURL(/\/webboard\/new\/\?room=/);

      const title = `Kept ${lang} ${Date.now()}`;
      const body = lang === 'th' ? 'ข้อความที่พิมพ์ไว้ก่อนเครือข่ายล่ม' : 'Typed before the network went down';
      await page.getByLabel(t.title, { exact: true }).fill(title);
      await page.getByLabel(t.message, { exact: true }).fill(body);

      // The API stops: the post fails, and what was typed stays.
      await stopApi(page);
      await page.getByRole('button', { name: t.postThread }).click();
      await expect(page.getByRole('alert').filter({ hasText: t.saveFailed })).toBeVisible();
      await expect(page.getByLabel(t.title, { exact: true })).toHaveValue(title);
      await expect(page.getByLabel(t.message, { exact: true })).toHaveValue(body);
      await expectNoAxeViolations(page);

      // A reload while it is still down: the room cannot be loaded; the island says so and offers a retry.
      await page.reload();
      const failure = page.getByRole('alert').filter({ hasText: t.loadFailed });
      await expect(failure).toBeVisible();
      await expectNoAxeViolations(page);

      // The API is back: retry, and the form comes back with the text.
      await startApi(page);
      await failure.getByRole('button', { name: t.retry }).click();
      await expect(page.getByLabel(t.title, { exact: true })).toHaveValue(title);
      await expect(page.getByLabel(t.message, { exact: true })).toHaveValue(body);
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: t.postThread }).click();
      await expect(page).toHaveURL(/\/webboard\/thread\/\?id=\d+/);
      await expect(page.locator('#wb-thread-h')).toHaveText(title);
      const kept = await page.evaluate(() =>
        Object.keys(sessionStorage).filter((k) => k.startsWith('webboard-draft:')),
      );
      expect(kept).toEqual([]);
    });
  });
}
