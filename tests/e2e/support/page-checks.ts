/**
 * What every page of the portal must satisfy, for the route suites to reuse:
 * it loads without console errors, `<html lang>` matches its language, hreflang
 * alternates point at its twin, real content is visible (no 'undefined', 'NaN',
 * '[object Object]' or raw translation keys), and axe finds no WCAG 2.1 AA violation.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type ConsoleMessage } from '@playwright/test';

export type Lang = 'th' | 'en';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The same page in the other language: '/news/' ⇄ '/en/news/'. */
function twinPath(path: string, lang: Lang): string {
  return lang === 'th' ? `/en${path}` : path.replace(/^\/en(?=\/)/, '') || '/';
}

/** Collects console errors and page errors from the moment it is called. */
export function watchConsole(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { errors };
}

const LEAKS = [/\bundefined\b/, /\bNaN\b/, /\[object Object\]/, /\b(common|home|search|contact|webboard):[a-z][\w.]+/];

/** Visible text holds no leaked placeholders or raw i18n keys. */
export async function expectNoLeakedPlaceholders(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  for (const leak of LEAKS) expect(text, `page text matches ${leak}`).not.toMatch(leak);
}

/** axe-core's minified build: what a scan puts into the page (axeScan). */
const AXE_SOURCE = readFileSync(fileURLToPath(import.meta.resolve('axe-core/axe.min.js')), 'utf8');

/**
 * An axe scan of the page with the fast settings below; add the rules or tags to run
 * (`.withTags(…)` or `.withRules(…)`) and call `analyze()`. Used by expectNoAxeViolations and by
 * specs that run one extra rule (mobile.spec.ts: target-size).
 *
 * Three settings make a scan about twice as fast as AxeBuilder's defaults without changing what
 * it finds:
 * - `resultTypes: ['violations']`: axe still runs every rule on every node, but builds CSS
 *   selectors only for the violations' nodes (not for the hundreds of passing ones); violations
 *   are reported in full, and they are all this check reads.
 * - legacy mode (`axe.run` inside the page) when the page has no frames: the default mode exists
 *   for cross-origin iframes, and pays for it with a second page and a second copy of axe per
 *   scan. A page with frames still gets the default, frame-aware scan.
 * - in legacy mode, axe goes into the document once, minified, before the builder runs: the
 *   builder sends the unminified source (1.5 MB) through the DevTools protocol twice per scan,
 *   which costs more than the rules themselves on most pages. Its own injection then has nothing
 *   to add (`axeSource` is an empty statement); it still configures axe and runs it.
 */
export async function axeScan(page: Page): Promise<AxeBuilder> {
  // options() replaces every run option, so it comes before withTags()/withRules() (runOnly).
  const options = { resultTypes: ['violations' as const] };
  if (page.frames().length > 1) return new AxeBuilder({ page }).options(options);
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!present) await page.evaluate(AXE_SOURCE);
  return new AxeBuilder({ page, axeSource: ';' }).options(options).setLegacyMode(true);
}

/** Zero axe WCAG 2.1 AA violations on the page as it is now (or inside `include`). */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  let builder = (await axeScan(page)).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
  expect(summary, 'axe WCAG 2.1 AA violations').toEqual([]);
}

/**
 * Visits `path` (a path of the language `lang`) and runs every common check.
 * Returns the console watcher so a test can go on and check more.
 */
export async function checkPage(page: Page, path: string, lang: Lang): Promise<{ errors: string[] }> {
  const watcher = watchConsole(page);
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('main#main')).toBeVisible();
  await expect(page.locator('h1').first()).toBeVisible();

  const twin = twinPath(new URL(page.url()).pathname, lang);
  const otherLang: Lang = lang === 'th' ? 'en' : 'th';
  const alternate = await page.locator(`link[rel="alternate"][hreflang="${otherLang}"]`).getAttribute('href');
  expect(alternate && new URL(alternate).pathname, `hreflang ${otherLang} of ${path}`).toBe(twin);

  await expectNoLeakedPlaceholders(page);
  await expectNoAxeViolations(page);
  expect(watcher.errors, `console errors on ${path}`).toEqual([]);
  return watcher;
}

/** The page's main content reads without JavaScript. Use with a `javaScriptEnabled: false` context. */
export async function checkReadsWithoutJs(page: Page, path: string, expectedText: string | RegExp): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.locator('main#main')).toContainText(expectedText);
}

/** The path prefix of a language: '' for Thai (the default), '/en' for English. */
export const prefix = (lang: Lang) => (lang === 'en' ? '/en' : '');
