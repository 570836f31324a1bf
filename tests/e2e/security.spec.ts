/**
 * The Content Security Policy (astro.config.mjs `security.csp`): strict on every page, and it
 * really blocks. Every other spec's journeys already fail on any violation (support/test.ts).
 */
import { expect, test } from './support/test';
import { API_URL } from './support/api';

function policyOf(html: string): string {
  const match = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html);
  expect(match, 'a CSP <meta> in the page').not.toBeNull();
  return match![1];
}

for (const path of ['/', '/en/', '/laws/', '/en/calendar/', '/search/', '/en/webboard/login/']) {
  test(`${path} has a strict policy: hashes only, no unsafe-inline, the API's origin alone besides the site`, async ({
    request,
  }) => {
    const policy = policyOf(await (await request.get(path)).text());
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
    expect(policy).toMatch(/style-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
    const origin = new URL(API_URL).origin;
    expect(policy).toContain(`connect-src 'self' ${origin}`);
    expect(policy).toContain(`img-src 'self' data: ${origin}`);
    expect(policy).toContain("object-src 'none'");
  });
}

test('an inline script planted in a page is blocked and reported', async ({ page, cspGuard }) => {
  await page.route('**/laws/', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('</body>', '<script>window.__planted = true;</script></body>');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/laws/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as { __planted?: boolean }).__planted)).toBeUndefined();
  await expect
    .poll(() => page.evaluate(() => window.__cspViolations ?? []))
    .toContainEqual(expect.stringContaining('script-src'));
  // Seen and blocked as intended: not a failure of this test.
  await page.evaluate(() => (window.__cspViolations = []));
  cspGuard.length = 0;
});
