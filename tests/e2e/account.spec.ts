/**
 * The portal member's account (spec points 4 and 6), both languages: log in (POST /auth/login),
 * "my account" from POST /auth/me, log out (POST /api/v1/authen/logout), and a 401 forcing a
 * logout with a message; the username check leads to a login page a visitor can use. Axe on
 * every state, no console errors.
 */
import { expect as baseExpect, test } from './support/test';
import { checkPage, expectNoAxeViolations, watchConsole, prefix } from './support/page-checks';

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

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
    page.on('response', (r) => {
      if (r.status() === 401) console.errors.push(`401 from ${r.request().method()} ${r.url()}`);
    });
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

test('the username check leads to registration; the new account logs in (en), and forgot password leads there too (th)', async ({
  page,
}) => {
  const username = `new${Date.now()}`;
  await page.goto('/en/account/login/');
  const check = page.locator('form', { has: page.getByRole('heading', { name: 'Check a username' }) });
  await check.getByRole('textbox').fill(username);
  await check.getByRole('button').click();
  await check.getByRole('link', { name: 'Create an account with this username' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/account/register/\\?username=${username}$`));
  const form = page.locator('main form');
  await expect(form.getByLabel('Username', { exact: true })).toHaveValue(username);
  await expectNoAxeViolations(page);

  // A short password is named at its field; what was typed stays.
  await form.getByLabel('Password', { exact: true }).fill('short');
  await form.getByLabel('Email address').fill(`${username}@example.com`);
  await form.getByLabel('First name').fill('Mani');
  await form.getByLabel('Last name').fill('Meena');
  await form.getByRole('button', { name: 'Create the account' }).click();
  await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('First name')).toHaveValue('Mani');
  await expectNoAxeViolations(page);
  await form.getByLabel('Password', { exact: true }).fill('long-enough-pass');
  await form.getByRole('button', { name: 'Create the account' }).click();
  await expect(page.getByRole('status')).toContainText('Your account has been created');
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  const login = page.locator('main form').first();
  await login.getByLabel('Username', { exact: true }).fill(username);
  await login.getByLabel('Password', { exact: true }).fill('long-enough-pass');
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.locator('main dl')).toContainText('Mani Meena');

  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  // Logged out before leaving (the session is stored by the click's handler; navigating at once
  // could keep it, and the login page then greets the member instead of showing its forms).
  await expect(page.getByRole('button', { name: 'Log out', exact: true })).toHaveCount(0);
  await page.goto('/account/login/');
  const forgot = page.locator('form', { has: page.getByRole('heading', { name: 'ลืมรหัสผ่าน' }) });
  await forgot.getByRole('textbox').fill('nobody-here@example.com');
  await forgot.getByRole('button').click();
  await expect(forgot.getByRole('link', { name: 'สมัครสมาชิก' })).toHaveAttribute('href', '/account/register/');
});
