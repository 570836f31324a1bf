/**
 * Web board journeys, both languages, against the reference API: member and admin
 * login, rooms → room → thread, reload keeps the session, the header shows the member's name,
 * logout; a wrong password keeps the username and focuses the server's message; an expired
 * token reads as logged out with a "session expired" message; a keyboard-only login; forgot
 * password and the username check; axe on every island state.
 */
import { expect as baseExpect, test, type Page } from './support/test';
import { checkPage, expectNoAxeViolations, type Lang } from './support/page-checks';
import { langPrefix as prefix } from './support/api';

// These journeys log in, send forms and run axe several times each: give them room on a busy machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const T = {
  th: {
    login: 'เข้าสู่ระบบ',
    username: 'ชื่อผู้ใช้',
    password: 'รหัสผ่าน',
    admin: 'เข้าสู่ระบบในฐานะผู้ดูแล',
    rooms: 'ห้องสนทนา',
    logout: 'ออกจากระบบ',
    expired: 'หมดอายุ',
    needed: 'กรุณาเข้าสู่ระบบเพื่อใช้งานเว็บบอร์ด',
  },
  en: {
    login: 'Log in',
    username: 'Username',
    password: 'Password',
    admin: 'Log in as an administrator',
    rooms: 'Discussion rooms',
    logout: 'Log out',
    expired: 'expired',
    needed: 'Please log in to use the web board.',
  },
};

async function logIn(page: Page, lang: Lang, username: string, password: string, admin = false): Promise<void> {
  await page.goto(`${prefix(lang)}/webboard/login/`);
  await page.getByLabel(T[lang].username, { exact: true }).fill(username);
  await page.getByLabel(T[lang].password, { exact: true }).fill(password);
  if (admin) await page.getByLabel(T[lang].admin).check();
  await page.getByRole('button', { name: T[lang].login, exact: true }).click();
}

/** A JWT-shaped token whose exp is in the past (the portal only reads exp; the server would refuse it anyway). */
function expiredToken(): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 2, username: 'member', exp: Math.floor(Date.now() / 1000) - 60 })}.c2ln`;
}

for (const lang of ['th', 'en'] as const) {
  test.describe(`web board in ${lang}`, () => {
    test('login page passes the page checks; not logged in, the rooms page asks to log in', async ({ page }) => {
      await checkPage(page, `${prefix(lang)}/webboard/login/`, lang);
      await checkPage(page, `${prefix(lang)}/webboard/`, lang);
      await expect(page.getByText(T[lang].needed)).toBeVisible();
      const link = page.getByRole('link', { name: lang === 'th' ? 'เข้าสู่ระบบเว็บบอร์ด' : 'Log in to the web board' });
      await expect(link).toHaveAttribute('href', new RegExp(`${prefix(lang)}/webboard/login/\\?next=`));
    });

    test('member: log in, rooms, a room, a thread, reload stays logged in, header name, log out', async ({ page }) => {
      await logIn(page, lang, 'member', 'member1234');
      await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/webboard/$`));
      await expect(page.getByRole('heading', { name: T[lang].rooms, level: 2 })).toBeVisible();
      await expect(page.locator('[data-webboard-member]')).toBeVisible();
      await expectNoAxeViolations(page);

      await page.locator('main').getByRole('heading', { level: 3 }).first().getByRole('link').click();
      await expect(page).toHaveURL(/\/webboard\/room\/\?id=/);
      await expect(page.locator('#wb-room-h')).toBeVisible();
      await expectNoAxeViolations(page);

      await page.locator('main li h3 a').first().click();
      await expect(page).toHaveURL(/\/webboard\/thread\/\?id=/);
      await expect(page.locator('#wb-thread-h')).toBeVisible();
      await expect(page.locator('main ol li').first()).toBeVisible();
      await expectNoAxeViolations(page);

      await page.reload();
      await expect(page.locator('#wb-thread-h')).toBeVisible();
      await expect(page.getByText(lang === 'th' ? 'เข้าสู่ระบบในชื่อ' : 'Logged in as')).toBeVisible();

      // The name also shows in the header of a page without any island.
      await page.goto(`${prefix(lang)}/`);
      await expect(page.locator('[data-webboard-member]')).toBeVisible();
      await expect(page.locator('[data-webboard-member-name]')).not.toBeEmpty();

      await page.goto(`${prefix(lang)}/webboard/`);
      await page.getByRole('button', { name: T[lang].logout, exact: true }).click();
      await expect(page).toHaveURL(/\/webboard\/login\/\?loggedOut=1/);
      expect(await page.evaluate(() => localStorage.getItem('webboard:profile'))).toBeNull();
      await expect(page.locator('[data-webboard-member]')).toBeHidden();
      await page.goto(`${prefix(lang)}/webboard/`);
      await expect(page.getByText(T[lang].needed)).toBeVisible();
    });

    test('admin path: POST /customer/auth/admin with is_admin true, then the rooms', async ({ page }) => {
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/customer/auth/admin')),
        logIn(page, lang, 'admin', 'admin1234', true),
      ]);
      expect(request.postDataJSON()).toMatchObject({ username: 'admin', is_admin: true });
      await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/webboard/$`));
      await expect(page.getByText(lang === 'th' ? 'ผู้ดูแล' : 'Administrator', { exact: true })).toBeVisible();
      // The header's logout link logs out too.
      await page.locator('[data-webboard-member] a').click();
      await expect(page).toHaveURL(/loggedOut=1/);
      expect(await page.evaluate(() => localStorage.getItem('webboard:profile'))).toBeNull();
    });

    test('a wrong password shows the server message, keeps the username and focuses the message', async ({ page }) => {
      await logIn(page, lang, 'member', 'wrong-password');
      const alert = page.getByRole('alert');
      await expect(alert).toBeVisible();
      await expect(alert).toBeFocused();
      expect((await alert.innerText()).length).toBeGreaterThan(3);
      await expect(page.getByLabel(T[lang].username, { exact: true })).toHaveValue('member');
      await expect(page.getByLabel(T[lang].password, { exact: true })).toHaveValue('');
      await expectNoAxeViolations(page);
    });

    test('an expired token reads as logged out, with the session-expired message', async ({ page }) => {
      await page.goto(`${prefix(lang)}/`);
      await page.evaluate((token) => {
        localStorage.setItem(
          'webboard:profile',
          JSON.stringify({
            id: '2',
            firstName: 'Somchai',
            lastName: 'Jaidee',
            username: 'member',
            email: 'm@example.com',
            prefix: null,
            uuid: 'u',
            isAdmin: false,
            token,
            expiresIn: 1,
          }),
        );
      }, expiredToken());
      await page.reload();
      await expect(page.locator('[data-webboard-member]')).toBeHidden();
      await page.goto(`${prefix(lang)}/webboard/`);
      await expect(page.getByRole('alert').filter({ hasText: T[lang].expired })).toBeVisible();
      await expect(page.getByText(T[lang].needed)).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('webboard:profile'))).toBeNull();
    });

    test('a 401 from the API logs the member out with the session-expired message', async ({ page }) => {
      await logIn(page, lang, 'member', 'member1234');
      await expect(page.getByRole('heading', { name: T[lang].rooms, level: 2 })).toBeVisible();
      await page.route('**/api/frontend/webboard/room/**', (route) =>
        route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: '{"status":401,"code":"UNAUTHORIZED","message":"x"}',
        }),
      );
      await page.locator('main').getByRole('heading', { level: 3 }).first().getByRole('link').click();
      await expect(page.getByRole('alert').filter({ hasText: T[lang].expired })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('webboard:profile'))).toBeNull();
    });

    test('forgot password and username check give clear results', async ({ page }) => {
      await page.goto(`${prefix(lang)}/webboard/login/`);
      const forgot = page.locator('form', {
        has: page.getByRole('heading', { name: lang === 'th' ? 'ลืมรหัสผ่าน' : 'Forgot your password?' }),
      });
      await forgot.getByRole('textbox').fill('not-an-email');
      await forgot.getByRole('button').click();
      await expect(forgot.getByRole('status')).toContainText(lang === 'th' ? 'รูปแบบอีเมลไม่ถูกต้อง' : 'valid email');
      await forgot.getByRole('textbox').fill('nobody-here@example.com');
      await forgot.getByRole('button').click();
      await expect(forgot.getByRole('status')).not.toBeEmpty();

      const check = page.locator('form', {
        has: page.getByRole('heading', { name: lang === 'th' ? 'ตรวจสอบชื่อผู้ใช้' : 'Check a username' }),
      });
      await check.getByRole('textbox').fill('member');
      await check.getByRole('button').click();
      await expect(check.getByRole('status')).toContainText(lang === 'th' ? 'มีผู้ใช้แล้ว' : 'already taken');
      await check.getByRole('textbox').fill(`free${Date.now()}`);
      await check.getByRole('button').click();
      await expect(check.getByRole('status')).toContainText(lang === 'th' ? 'ยังว่าง' : 'is available');
      await expectNoAxeViolations(page);
    });
  });
}

test('keyboard-only login, then back to the page the member came from (?next=)', async ({ page }) => {
  await page.goto('/webboard/login/?next=%2Fwebboard%2Froom%2F%3Fid%3D1');
  const username = page.getByLabel('ชื่อผู้ใช้', { exact: true });
  await username.waitFor();
  await username.focus();
  await page.keyboard.type('member');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('รหัสผ่าน', { exact: true })).toBeFocused();
  await page.keyboard.type('member1234');
  await page.keyboard.press('Tab'); // admin checkbox
  await page.keyboard.press('Tab'); // submit
  await expect(page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/webboard\/room\/\?id=1$/);
  await expect(page.locator('#wb-room-h')).toBeVisible();
});

test('?next= to another site is ignored', async ({ page }) => {
  await page.goto('/en/webboard/login/?next=%2F%2Fevil.example%2F');
  await page.getByLabel('Username', { exact: true }).fill('member');
  await page.getByLabel('Password', { exact: true }).fill('member1234');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/webboard\/$/);
});
