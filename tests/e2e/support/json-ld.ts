/**
 * The structured data of a page (its `<script type="application/ld+json">` data blocks), parsed,
 * and checked against schema.org: the context, each node's @type, and the properties that type
 * needs to be useful to search engines (schema.org's own expected types for them; Google's
 * required properties for its rich results).
 */
import { expect, type Page } from './test';

type Node = Record<string, any>;

/** Every node of the page's JSON-LD (a @graph's nodes one by one); fails on text that is not JSON. */
async function jsonLdNodes(page: Page): Promise<Node[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((text) => {
    const doc = JSON.parse(text) as Node;
    expect(doc['@context'], 'JSON-LD @context').toBe('https://schema.org');
    return Array.isArray(doc['@graph']) ? (doc['@graph'] as Node[]) : [doc];
  });
}

const isAbsoluteUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^/]+\//.test(v);
const isDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v));
const isText = (v: unknown) => typeof v === 'string' && v.trim() !== '';

function expectOrganization(org: Node | undefined, where: string): void {
  expect(org?.['@type'], `${where}: an organisation`).toMatch(/^(Organization|GovernmentOrganization)$/);
  expect(isText(org?.name), `${where}: organisation name`).toBe(true);
  expect(isAbsoluteUrl(org?.url), `${where}: organisation url`).toBe(true);
}

/** The required properties of each type this portal writes. */
const CHECKS: Record<string, (node: Node) => void> = {
  BreadcrumbList(node) {
    const items = node.itemListElement as Node[];
    expect(items.length, 'BreadcrumbList has steps').toBeGreaterThan(0);
    items.forEach((item, i) => {
      expect(item['@type']).toBe('ListItem');
      expect(item.position).toBe(i + 1);
      expect(isText(item.name), `step ${i + 1} name`).toBe(true);
      if (item.item !== undefined) expect(isAbsoluteUrl(item.item), `step ${i + 1} item`).toBe(true);
    });
    expect(isAbsoluteUrl(items.at(-1)!.item), 'the last step is the page, with its address').toBe(true);
  },
  NewsArticle(node) {
    expect(isText(node.headline), 'headline').toBe(true);
    expect(isDate(node.datePublished), 'datePublished').toBe(true);
    if (node.dateModified !== undefined) expect(isDate(node.dateModified), 'dateModified').toBe(true);
    if (node.image !== undefined) expect(isAbsoluteUrl(node.image), 'image').toBe(true);
    expect(isAbsoluteUrl(node.url), 'url').toBe(true);
    expectOrganization(node.author, 'NewsArticle author');
    expectOrganization(node.publisher, 'NewsArticle publisher');
  },
  Event(node) {
    expect(isText(node.name), 'name').toBe(true);
    expect(isDate(node.startDate), 'startDate').toBe(true);
    if (node.endDate !== undefined) expect(isDate(node.endDate), 'endDate').toBe(true);
    expect(node.location?.['@type'], 'location is a Place').toBe('Place');
    expect(isText(node.location?.name) || isText(node.location?.address), 'location name or address').toBe(true);
    expect(node.eventStatus).toMatch(/^https:\/\/schema\.org\/Event/);
    expectOrganization(node.organizer, 'Event organizer');
  },
  FAQPage(node) {
    const questions = node.mainEntity as Node[];
    expect(questions.length, 'FAQPage has questions').toBeGreaterThan(0);
    for (const q of questions) {
      expect(q['@type']).toBe('Question');
      expect(isText(q.name), 'question name').toBe(true);
      expect(q.acceptedAnswer?.['@type']).toBe('Answer');
      expect(isText(q.acceptedAnswer?.text), 'answer text').toBe(true);
    }
  },
  GovernmentOrganization(node) {
    expectOrganization(node, 'GovernmentOrganization');
    expect(isAbsoluteUrl(node.logo), 'logo').toBe(true);
  },
};

/** The page's nodes, each checked for its type; returns them by @type. */
export async function checkedJsonLd(page: Page): Promise<Map<string, Node[]>> {
  const byType = new Map<string, Node[]>();
  for (const node of await jsonLdNodes(page)) {
    const type = node['@type'] as string;
    const check = CHECKS[type];
    expect(check, `a known schema.org type: ${type}`).toBeDefined();
    check!(node);
    byType.set(type, [...(byType.get(type) ?? []), node]);
  }
  return byType;
}
