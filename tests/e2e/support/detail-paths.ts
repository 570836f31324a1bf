/**
 * A detail page of each kind the share panel and the structured data are on, found the way a
 * visitor finds it: the first matching link of its list page.
 */
import { expect, type Page } from './test';
import { inLang } from './api';
import type { Lang } from './page-checks';

const KINDS = {
  article: { list: '/articles/', link: /\/article\/[^/]+\/$/ },
  activity: { list: '/activities/', link: /\/activity\/[^/]+\/$/ },
  manual: { list: '/manuals/', link: /\/manuals\/(?!group\/|search\/)[^/]+\/$/ },
  procurement: { list: '/procurement/', link: /\/procurement\/(?!group\/|page\/)[^/]+\/$/ },
  service: { list: '/services/', link: /\/services\/(?!group\/)[^/]+\/$/ },
} as const;

export type DetailKind = keyof typeof KINDS;

/** The path of the first `kind` page linked from its list, in `lang`. */
export async function firstDetailPath(page: Page, kind: DetailKind, lang: Lang): Promise<string> {
  const { list, link } = KINDS[kind];
  await page.goto(inLang(list, lang));
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const found = hrefs.find((h) => link.test(h) && h.startsWith(inLang('/', lang)));
  expect(found, `a ${kind} link on ${list}`).toBeTruthy();
  return found!;
}
