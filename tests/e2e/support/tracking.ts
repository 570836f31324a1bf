/**
 * The page-view tracking calls a page makes (POST /api/frontend/tracking), recorded and answered
 * by the test itself so the count is exact and the API is untouched.
 */
import type { Page, Request } from './test';

/** Records tracking calls and answers them with `status`. */
export async function recordTracking(page: Page, status = 200): Promise<Array<{ url: string; body: unknown }>> {
  const calls: Array<{ url: string; body: unknown }> = [];
  await page.route('**/api/frontend/tracking', async (route) => {
    const request: Request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: corsHeaders() });
    calls.push({ url: request.url(), body: request.postDataJSON() });
    await route.fulfill({
      status,
      contentType: 'application/json',
      headers: corsHeaders(),
      body: status === 200 ? '{"data":{"ok":true}}' : '{"status":500,"code":"ERROR","message":"boom"}',
    });
  });
  return calls;
}

function corsHeaders(): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': '*',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  };
}
