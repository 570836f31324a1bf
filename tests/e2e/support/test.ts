/**
 * The `test` every end-to-end spec uses: Playwright's, plus a guard that fails the test when any
 * page it opened reported a Content Security Policy violation (a `securitypolicyviolation`
 * event or the console's report). Every journey doubles as a check that the strict policy in
 * astro.config.mjs and the inline hashes (src/ui/InlineScript.astro, InlineStyle.astro) hold.
 */
import { test as base, expect } from '@playwright/test';

export * from '@playwright/test';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

export const test = base.extend<{ cspGuard: string[] }>({
  cspGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript(() => {
        window.__cspViolations = [];
        document.addEventListener('securitypolicyviolation', (e) => {
          window.__cspViolations?.push(`${e.effectiveDirective} ${e.blockedURI}`);
        });
      });
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text().slice(0, 300));
      });
      await use(violations);
      for (const page of context.pages()) {
        if (page.isClosed()) continue;
        const seen = await page.evaluate(() => window.__cspViolations ?? []).catch(() => []);
        violations.push(...seen.map((v) => `${page.url()}: ${v}`));
      }
      expect(violations, 'Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
