/**
 * The portal member's account (spec points 4 and 6), both languages: log in (POST /auth/login),
 * "my account" from POST /auth/me, log out (POST /api/v1/authen/logout), and a 401 forcing a
 * logout with a message; the username check leads to a login page a visitor can use. Axe on
 * every state, no console errors.
 */
import { expect as baseExpect, test } from './support/test';
import { checkPage, expectNoAxeViolations, watchConsole, type Lang } from './support/page-checks';

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const prefix = (lang: Lang) => (lang === 'en' ? '/en' : '');
const T = {
  th: {
    username: 'ชื่อผู้ใช้',
    password: 'รหัสผ่าน',
    login: 'เข้าสู่ระบบ',
    myAccount: 'บัญชีของฉัน',
    logout: 'ออกจากระบบ',
    loggedOut: 'ออกจากระบบเรียบร้อยแล้ว',
    expired: 'หมดอายุ',
    wrong: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง',
    name: 'สมชาย ใจดี',
  },
  en: {
    username: 'Username',
    password: 'Password',
    login: 'Log in',
    myAccount: 'My account',
    logout: 'Log out',
    loggedOut: 'You have logged out.',
    expired: 'expired',
    wrong: 'Wrong username or password.',
    name: 'Somchai Jaidee',
  },
};

for (const lang of ['th', 'en'] as const) {
  test(`${lang}: the portal member logs in, sees "my account", logs out`, async ({ page }) => {
    const t = T[lang];
    await checkPage(page, `${prefix(lang)}/account/login/`, lang);
    const form = page.locator('main form').first();

    // A wrong password: the server's message, the username kept, the password cleared.
    await form.getByLabel(t.username, { exact: true }).fill('member');
    await form.getByLabel(t.password, { exact: true }).fill('nope-nope');
    await form.getByRole('button', { name: t.login, exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(lang === 'th' ? 'ไม่ถูกต้อง' : 'Wrong');
    await expect(form.getByLabel(t.username, { exact: true })).toHaveValue('member');
    await expect(form.getByLabel(t.password, { exact: true })).toHaveValue('');
    await expectNoAxeViolations(page);

    // From here on, no console errors (the browser itself logs the 401 of the wrong password).
    const console = watchConsole(page);
    const [login] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/auth/login')),
      (async () => {
        await form.getByLabel(t.password, { exact: true }).fill('member1234');
        await form.getByRole('button', { name: t.login, exact: true }).click();
      })(),
    ]);
    expect(login.postDataJSON()).toEqual({ username: 'member', password: 'member1234' });
    await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/account/$`));
    const me = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/auth/me'));
    await page.reload(); // the session survives a reload (persist:roots) and asks /auth/me again
    expect((await me).headers()['authorization']).toMatch(/^Bearer /);
    await expect(page.getByRole('heading', { name: t.myAccount, level: 2 })).toBeVisible();
    await expect(page.locator('main dl')).toContainText(t.name);
    await expect(page.locator('main dl')).toContainText('member@example.com');
    await expectNoAxeViolations(page);

    const [logout] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/authen/logout')),
      page.getByRole('button', { name: t.logout, exact: true }).click(),
    ]);
    expect(logout.headers()['authorization']).toMatch(/^Bearer /);
    await expect(page.getByRole('status')).toContainText(t.loggedOut);
    await expect(page.getByRole('link', { name: t.login, exact: true })).toBeVisible();
    const roots = JSON.parse((await page.evaluate(() => localStorage.getItem('persist:roots'))) ?? '{}');
    expect(JSON.stringify(roots)).not.toContain('"isLoggedIn":true');
    await expectNoAxeViolations(page);
    expect(console.errors).toEqual([]);
  });

  test(`${lang}: a 401 from /auth/me forces a logout without the server call, with a message`, async ({ page }) => {
    const t = T[lang];
    await page.goto(`${prefix(lang)}/account/login/`);
    const form = page.locator('main form').first();
    await form.getByLabel(t.username, { exact: true }).fill('member');
    await form.getByLabel(t.password, { exact: true }).fill('member1234');
    await form.getByRole('button', { name: t.login, exact: true }).click();
    await expect(page.getByRole('heading', { name: t.myAccount, level: 2 })).toBeVisible();

    const logoutCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/authen/logout')) logoutCalls.push(r.url());
    });
    await page.route('**/api/frontend/auth/me', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: '{"status":401,"code":"UNAUTHORIZED","message":"x"}',
      }),
    );
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: t.expired })).toBeVisible();
    await expect(page.getByRole('link', { name: t.login, exact: true })).toBeVisible();
    expect(logoutCalls).toEqual([]);
    await expectNoAxeViolations(page);
  });
}
