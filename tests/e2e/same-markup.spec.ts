/**
 * One component per thing shown: a list's static rendering (built HTML) and the live filter's
 * rendering of the same record are the same markup. On each filterable list, the test takes a
 * record of the static list, opens the list filtered by its title (the static list stays in the
 * page, hidden), and compares the two elements' canonical markup: tags, attributes (sorted) and
 * text. Differences that are by design are taken out first and named below: the live copy's
 * `live-` id prefix (ids must stay unique in the page), the full text of a law or an FAQ answer
 * (sanitised editor HTML in the static page, plain text live: the sanitiser is build-time only),
 * the first card's eager image, and a province's region line (live results are not grouped by
 * region, so they name it).
 */
import { expect as baseExpect, test, type Locator, type Page } from './support/test';
import { api, inLang } from './support/api';

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/** Canonical markup of an element, with the by-design differences taken out. */
function canonical(el: Locator): Promise<string> {
  return el.evaluate((root) => {
    const copy = root.cloneNode(true) as Element;
    copy.querySelectorAll('[data-region-label]').forEach((n) => n.remove());
    copy.querySelectorAll('.law-body > div, .faq-item > div').forEach((n) => n.replaceChildren('BODY'));
    const walk = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (node.nodeType !== Node.ELEMENT_NODE) return '';
      const e = node as Element;
      const attrs = [...e.attributes]
        .filter((a) => a.name !== 'loading' && !a.name.startsWith('data-astro-cid'))
        .map((a) => `${a.name}="${a.value.replace(/^live-/, '')}"`)
        .sort()
        .join(' ');
      return `<${e.localName} ${attrs}>${[...e.childNodes].map(walk).join('')}</${e.localName}>`;
    };
    return walk(copy);
  });
}

interface Kind {
  name: string;
  path: () => Promise<string>;
  /** The rendered record in the static list and in the live results. */
  item: string;
  title: string;
}

const KINDS: Kind[] = [
  { name: 'article', path: async () => '/articles/', item: 'article', title: 'h2' },
  { name: 'activity', path: async () => '/activities/', item: 'article', title: 'h2' },
  { name: 'procurement notice', path: async () => '/procurement/', item: 'article', title: 'h2' },
  {
    name: 'manual',
    path: async () => `/manuals/group/${(await api<{ result: { id: number }[] }>('/manual/groups')).result[0]!.id}/`,
    item: 'article',
    title: 'h2',
  },
  { name: 'law', path: async () => '/laws/', item: 'article.law-item', title: 'h2' },
  { name: 'FAQ', path: async () => '/faq/', item: 'details.faq-item', title: 'summary' },
  { name: 'province', path: async () => '/contact/province/', item: 'article', title: 'h3' },
];

async function pair(page: Page, kind: Kind, title: string) {
  const has = page.locator(kind.title, { hasText: title });
  return {
    fixed: page.locator('[data-filterable-static]').locator(kind.item).filter({ has }).first(),
    live: page.locator('[data-filter-results]').locator(kind.item).filter({ has }).first(),
  };
}

for (const lang of ['th', 'en'] as const) {
  for (const kind of KINDS) {
    test(`${kind.name} in ${lang}: static list and live filter render one markup`, async ({ page }) => {
      const path = inLang(await kind.path(), lang);
      await page.goto(path);
      const items = page.locator('[data-filterable-static]').locator(kind.item);
      // The second record where there is one: the first card of a list loads its image eagerly.
      const record = (await items.count()) > 1 ? items.nth(1) : items.first();
      const title = (await record.locator(kind.title).first().innerText()).trim();
      expect(title.length).toBeGreaterThan(0);

      await page.goto(`${path}?q=${encodeURIComponent(title.slice(0, 200))}`);
      const { fixed, live } = await pair(page, kind, title);
      await expect(live).toBeVisible();
      await expect(fixed).toBeHidden();
      expect(await canonical(live)).toBe(await canonical(fixed));
    });
  }
}
