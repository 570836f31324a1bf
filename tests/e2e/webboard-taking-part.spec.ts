/**
 * Members take part in the web board, both languages, against the reference API:
 * a member starts a thread, replies, sees a banned word refused with the text kept, edits (the
 * "edited" mark shows) and deletes the reply; an admin (admin login path) hides a post and locks
 * the thread, and the member then sees the notice and no reply form; HTML in a post stays text;
 * logging out from the header shows the logged-out header at once. Axe on every new state, and
 * no console errors.
 */
import { expect as baseExpect, test, type Page } from './support/test';
import { expectNoAxeViolations, watchConsole, type Lang, prefix } from './support/page-checks';

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const T = {
  th: {
    username: 'ชื่อผู้ใช้',
    password: 'รหัสผ่าน',
    admin: 'เข้าสู่ระบบในฐานะผู้ดูแล',
    login: 'เข้าสู่ระบบ',
    newThread: 'ตั้งกระทู้ใหม่',
    title: 'หัวข้อกระทู้',
    message: 'ข้อความ',
    postThread: 'ตั้งกระทู้',
    postReply: 'ส่งความคิดเห็น',
    blocked: 'ข้อความมีคำที่ไม่เหมาะสม',
    edit: 'แก้ไข',
    save: 'บันทึกการแก้ไข',
    edited: '(แก้ไขแล้ว)',
    del: 'ลบ',
    confirm: 'ยืนยันการลบ',
    hide: 'ซ่อน',
    hiddenNotice: 'ข้อความนี้ถูกซ่อนโดยผู้ดูแล',
    lock: 'ล็อกกระทู้',
    locked: 'กระทู้นี้ถูกล็อก',
    badWord: 'ไอ้บ้า',
    year: /25\d\d/,
  },
  en: {
    username: 'Username',
    password: 'Password',
    admin: 'Log in as an administrator',
    login: 'Log in',
    newThread: 'Start a new thread',
    title: 'Title',
    message: 'Message',
    postThread: 'Post the thread',
    postReply: 'Post the reply',
    blocked: 'The text contains words that are not allowed',
    edit: 'Edit',
    save: 'Save changes',
    edited: '(edited)',
    del: 'Delete',
    confirm: 'Yes, delete',
    hide: 'Hide',
    hiddenNotice: 'This post has been hidden by an administrator.',
    lock: 'Lock the thread',
    locked: 'This thread is locked',
    badWord: 'idiot',
    year: /20\d\d/,
  },
};

async function logIn(page: Page, lang: Lang, username: string, password: string, admin = false): Promise<void> {
  await page.goto(`${prefix(lang)}/webboard/login/`);
  await page.getByLabel(T[lang].username, { exact: true }).fill(username);
  await page.getByLabel(T[lang].password, { exact: true }).fill(password);
  if (admin) await page.getByLabel(T[lang].admin).check();
  await page.getByRole('button', { name: T[lang].login, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/webboard/$`));
}

/**
 * The header's logout link: the page it leads to shows the logged-out header straight away, not
 * the member's name and "Log out" until the next page load.
 */
async function logOutFromHeader(page: Page): Promise<void> {
  const slot = page.locator('[data-webboard-member]');
  await expect(slot).toBeVisible();
  await slot.getByRole('link').click();
  await expect(page).toHaveURL(/\/webboard\/login\/\?(logout|loggedOut)=1/);
  await expect(page.locator('[data-webboard-member]')).toBeHidden();
  await expect(page.getByRole('button', { name: /^(Log in|เข้าสู่ระบบ)$/ })).toBeVisible();
  await expect(page.locator('[data-webboard-member]')).toBeHidden();
}

for (const lang of ['th', 'en'] as const) {
  test(`${lang}: a member starts a thread, replies, is refused a banned word, edits and deletes; an admin hides and locks`, async ({
    browser,
  }) => {
    const t = T[lang];
    const stamp = `${lang}-${Date.now()}`;
    const memberContext = await browser.newContext();
    const page = await memberContext.newPage();
    const console = watchConsole(page);

    await logIn(page, lang, 'member', 'member1234');
    await page.locator('main').getByRole('heading', { level: 3 }).first().getByRole('link').click();
    await expect(page.locator('#wb-room-h')).toBeVisible();
    await page.getByRole('link', { name: t.newThread }).click();
    await expect(page).toHaveURL(/\/webboard\/new\/\?room=/);
    await expect(page.getByLabel(t.title, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // A new thread: title and text; HTML typed into it stays text.
    const title = `Thread ${stamp}`;
    await page.getByLabel(t.title, { exact: true }).fill(title);
    await page.getByLabel(t.message, { exact: true }).fill('<b>bold?</b>\nline two https://example.com/x');
    await page.getByRole('button', { name: t.postThread }).click();
    await expect(page).toHaveURL(/\/webboard\/thread\/\?id=\d+/);
    await expect(page.locator('#wb-thread-h')).toHaveText(title);
    const opening = page.locator('[data-posts] > li').first();
    await expect(opening).toContainText('<b>bold?</b>');
    expect(await opening.locator('b').count()).toBe(0);
    await expect(opening.getByRole('link', { name: 'https://example.com/x' })).toHaveAttribute('rel', /nofollow/);
    await expect(opening.locator('time')).toContainText(t.year);

    // A banned word: refused in place, in the page's language, and the text is kept.
    const reply = page.getByLabel(t.message, { exact: true });
    const refused = `${t.badWord} ${stamp}`;
    await reply.fill(refused);
    await page.getByRole('button', { name: t.postReply }).click();
    const alert = page.getByRole('alert').filter({ hasText: t.blocked });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(t.badWord);
    await expect(reply).toHaveValue(refused);
    await expect(reply).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    // An accepted reply, then edit it (edited mark) and delete it.
    await reply.fill(`Reply ${stamp}`);
    await page.getByRole('button', { name: t.postReply }).click();
    const mine = page.locator('[data-posts] > li', { hasText: `Reply ${stamp}` });
    await expect(mine).toBeVisible();
    await expect(page.getByLabel(t.message, { exact: true })).toHaveValue('');
    await mine.getByRole('button', { name: t.edit, exact: true }).click();
    await mine.getByLabel(t.message, { exact: true }).fill(`Reply ${stamp} (changed)`);
    await mine.getByRole('button', { name: t.save }).click();
    const changed = page.locator('[data-posts] > li', { hasText: `Reply ${stamp} (changed)` });
    await expect(changed).toContainText(t.edited);
    await expectNoAxeViolations(page);
    await changed.getByRole('button', { name: t.del, exact: true }).click();
    await changed.getByRole('button', { name: t.confirm }).click();
    await expect(page.locator('[data-posts] > li', { hasText: `Reply ${stamp}` })).toHaveCount(0);

    // One more reply for the admin to hide.
    await page.getByLabel(t.message, { exact: true }).fill(`To hide ${stamp}`);
    await page.getByRole('button', { name: t.postReply }).click();
    await expect(page.locator('[data-posts] > li', { hasText: `To hide ${stamp}` })).toBeVisible();
    const threadUrl = page.url();

    // The admin, in a browser of their own, hides that reply and locks the thread.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await logIn(adminPage, lang, 'admin', 'admin1234', true);
    await adminPage.goto(threadUrl);
    const target = adminPage.locator('[data-posts] > li', { hasText: `To hide ${stamp}` });
    await target.getByRole('button', { name: t.hide, exact: true }).click();
    await expect(adminPage.getByRole('status').filter({ hasText: /./ }).first()).toBeVisible();
    await adminPage.getByRole('button', { name: t.lock }).click();
    await expect(adminPage.locator('[data-thread-locked]')).toBeVisible();
    await expectNoAxeViolations(adminPage);
    await adminContext.close();

    // The member now reads the notice instead of the hidden text, and cannot reply.
    await page.reload();
    await expect(page.locator('#wb-thread-h')).toBeVisible();
    await expect(page.getByText(t.hiddenNotice)).toBeVisible();
    await expect(page.locator('main')).not.toContainText(`To hide ${stamp}`);
    await expect(page.locator('[data-thread-locked]')).toContainText(t.locked);
    await expect(page.getByRole('button', { name: t.postReply })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Logging out from the header shows the logged-out header at once.
    await logOutFromHeader(page);
    expect(await page.evaluate(() => localStorage.getItem('webboard:profile'))).toBeNull();
    expect(console.errors).toEqual([]);
    await memberContext.close();
  });
}
