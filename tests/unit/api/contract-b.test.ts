/**
 * Contract test (areas B): the portal's client modules against the reference content API
 * (scripts/content-api), started in-process on an ephemeral port with a fresh temporary
 * database. Every function of the contact, purchase, services, manual, faq, law,
 * download-forms, online-services, home-services, collapse, organization, procure and
 * common-article modules is called in Thai and English; each must parse without a
 * SchemaError, skip no record, and return non-empty data in the requested language.
 * Ids and slugs for the detail calls come from the list calls, as the pages get them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startContentApi } from '../../../scripts/content-api/server.ts';
import { api as client, setApiBaseUrl, type Lang } from '../../../src/api/client';
import { setSkipReporter, type SkippedRecord } from '../../../src/api/boundary';
import { getHomeServiceGroups } from '../../../src/areas/services/api';
import { getMenu, getNewMenu, type MenuItem } from '../../../src/shell/navigation-api';
import { ALL_REGIONS_TH } from '../../../src/api/load-rules';
import * as contact from '../../../src/areas/contact/api';
import * as purchase from '../../../src/areas/procurement/api';
import * as services from '../../../src/areas/services/api';
import * as manual from '../../../src/areas/manuals/api';
import * as faq from '../../../src/areas/faq/api';
import * as law from '../../../src/areas/laws/api';
import * as downloadForms from '../../../src/areas/downloads/api';
import * as onlineServices from '../../../src/areas/online-services/api';
import * as homeServices from '../../../src/areas/home-services/api';
import * as collapse from '../../../src/areas/collapse/api';
import * as organization from '../../../src/areas/organization/api';
import * as procure from '../../../src/areas/procure/api';
import * as commonArticle from '../../../src/areas/common-article/api';

const THAI = /[\u0E00-\u0E7F]/;

/** Thai pages show Thai text; English pages show no Thai script at all. */
function expectLanguage(text: string, lang: Lang): void {
  if (lang === 'th') expect(text, `expected Thai text, got "${text}"`).toMatch(THAI);
  else expect(text, `expected English text, got "${text}"`).not.toMatch(THAI);
}

function first<T>(items: T[], what: string): T {
  const item = items[0];
  if (item === undefined) throw new Error(`expected at least one ${what}`);
  return item;
}

let api: { url: string; close: () => Promise<void> };
let dir: string;
const skipped: SkippedRecord[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'contract-b-'));
  api = await startContentApi({ host: '127.0.0.1', port: 0, dbPath: join(dir, 'content.db') });
  setApiBaseUrl(api.url);
  setSkipReporter((s) => skipped.push(s));
}, 120_000);

afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

// A skipped record means the server sent a shape the client does not accept: a contract break.
afterEach(() => {
  const found = skipped.splice(0);
  expect(found, 'records skipped as malformed').toEqual([]);
});

/** Module ids of a kind, discovered from the menus as the pages do (docs/routes.md). */
async function moduleIds(kind: 'collapse' | 'organization' | 'common-article', lang: Lang): Promise<string[]> {
  const paths: string[] = [];
  const walk = (items: MenuItem[]) =>
    items.forEach((i) => {
      paths.push(i.path);
      walk(i.children);
    });
  walk(await getMenu(lang));
  walk(await getNewMenu(lang));
  const pattern = new RegExp(`^/${kind}/([^/]+)/$`);
  return [...new Set(paths.flatMap((p) => pattern.exec(p)?.[1] ?? []))];
}

describe.each<Lang>(['th', 'en'])('reference API ⇄ client, %s', (lang) => {
  it('contact: departments, covers, divisions, cover, attachments, department list', async () => {
    const departments = await contact.getContactDepartment(lang);
    expect(departments.length).toBeGreaterThan(0);
    expectLanguage(first(departments, 'department').name, lang);

    const covers = await contact.getContactCovers(lang);
    expect(covers.length).toBeGreaterThan(0);
    expect(first(covers, 'cover').image.url).toMatch(new RegExp(`^${api.url}/files/`));

    const divisions = await contact.getContactDivisions(lang);
    expect(divisions.length).toBeGreaterThan(0);
    expectLanguage(first(divisions, 'division').name, lang);

    const cover = await contact.getContactDivisionCover(lang);
    expect(cover.url).toMatch(new RegExp(`^${api.url}/files/`));
    expect(cover.width).toBeGreaterThan(0);

    const files = await contact.getContactDivisionAttachments(lang);
    expect(files.length).toBeGreaterThan(0);
  });

  it('contact: province offices, filtered by region and keyword', async () => {
    const all = await contact.getProvinceContacts({}, lang);
    expect(all.provinces).toHaveLength(77);
    expect(all.regions.map((r) => r.id).sort()).toEqual(
      ['bangkok', 'central', 'east', 'north', 'northeast', 'south', 'west'].sort(),
    );
    expectLanguage(first(all.regions, 'region').title, lang);

    const allRegions = await contact.getProvinceContacts({ region: ALL_REGIONS_TH }, lang);
    expect(allRegions.provinces).toHaveLength(77);

    const north = await contact.getProvinceContacts({ region: 'north' }, lang);
    expect(north.provinces.length).toBeGreaterThan(0);
    expect(north.provinces.length).toBeLessThan(77);
    expect(north.provinces.every((p) => p.region.id === 'north')).toBe(true);

    const target = first(all.provinces, 'province');
    const byKeyword = await contact.getProvinceContacts({ keyword: target.province }, lang);
    expect(byKeyword.provinces.map((p) => p.id)).toContain(target.id);
  });

  it('purchase: list, group filter, detail, home, groups', async () => {
    const page = await purchase.getPurchases({}, lang);
    expect(page.page).toBe(1);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.total).toBeGreaterThanOrEqual(page.items.length);
    expectLanguage(first(page.items, 'purchase').title, lang);

    const groups = await purchase.getPurchaseGroups(lang);
    const group = first(
      groups.filter((g) => g.count > 0),
      'purchase group with notices',
    );
    const inGroup = await purchase.getPurchases({ gid: group.id }, lang);
    expect(inGroup.total).toBe(group.count);
    expect(inGroup.items.every((p) => p.group.id === group.id)).toBe(true);
    expect((await purchase.getPurchases({ gid: -1 }, lang)).total).toBe(page.total);

    const detail = await purchase.getPurchase(first(page.items, 'purchase').uuid, lang);
    expect(detail.uuid).toBe(first(page.items, 'purchase').uuid);
    expect(detail.bodyHtml.length).toBeGreaterThan(0);
  });

  it('services: a group and a service page, slugs from services/home', async () => {
    const groups = await getHomeServiceGroups(lang);
    const groupSlug = first(groups, 'service group').slug;
    const group = await services.getServiceGroup(groupSlug, lang);
    expect(group.slug).toBe(groupSlug);
    expect(group.services.length).toBeGreaterThan(0);
    expectLanguage(group.title, lang);

    const service = await services.getService(first(group.services, 'service').slug, lang);
    expect(service.group.slug).toBe(groupSlug);
    expect(service.bodyHtml.length).toBeGreaterThan(0);
    expectLanguage(service.title, lang);
  });

  it('manual: groups, group list, detail, search, home, group page', async () => {
    const groups = await manual.getManualGroups(lang);
    expect(groups.length).toBeGreaterThan(0);
    const group = first(
      groups.filter((g) => g.count > 0),
      'manual group with manuals',
    );
    expectLanguage(group.title, lang);

    const ofGroup = await manual.getManualsOfGroup(group.id, {}, lang);
    expect(ofGroup.items.length).toBeGreaterThan(0);
    expect(ofGroup.items.every((m) => m.group.id === group.id)).toBe(true);

    const one = first(ofGroup.items, 'manual');
    const detail = await manual.getManual(one.uuid, lang);
    expect(detail.title).toBe(one.title);
    expect(detail.bodyHtml.length).toBeGreaterThan(0);

    const bySlug = await manual.searchManuals({ slug: group.slug }, lang);
    expect(bySlug.total).toBe(group.count);
    const everything = await manual.searchManuals({ slug: -1 }, lang);
    expect(everything.total).toBeGreaterThanOrEqual(bySlug.total);
    const byKeyword = await manual.searchManuals({ keyword: one.title.slice(0, 6) }, lang);
    expect(byKeyword.items.map((m) => m.uuid)).toContain(one.uuid);

    expect((await manual.getManualHome(lang)).length).toBeGreaterThan(0);
  });

  it('faq: groups and questions, filtered by group', async () => {
    const groups = await faq.getFaqGroups(lang);
    const group = first(
      groups.filter((g) => g.count > 0),
      'faq group with questions',
    );
    expectLanguage(group.title, lang);

    const all = await faq.getFaqs({ cid: -1 }, lang);
    expect(all.items.length).toBeGreaterThan(0);
    expectLanguage(first(all.items, 'faq').question, lang);

    const inGroup = await faq.getFaqs({ cid: group.id, limit: 100 }, lang);
    expect(inGroup.total).toBe(group.count);
    expect(inGroup.items.every((f) => f.groupId === group.id)).toBe(true);
  });

  it('law: list, categories, sub-categories, filters, view counter', async () => {
    const categories = await law.getLawCategories(lang);
    const subCategories = await law.getLawSubCategories(lang);
    expect(categories.length).toBeGreaterThan(0);
    expect(subCategories.length).toBeGreaterThan(0);
    expectLanguage(first(categories, 'law category').title, lang);
    const categorySlugs = new Set(categories.map((c) => c.slug));
    expect(subCategories.every((s) => categorySlugs.has(s.categoryId))).toBe(true);

    const page = await law.getLaws({}, lang);
    expect(page.items.length).toBeGreaterThan(0);
    const one = first(page.items, 'law');
    expectLanguage(one.title, lang);

    const inCategory = await law.getLaws({ law_categories_id: one.categoryId, page_size: 50 }, lang);
    expect(inCategory.items.every((l) => l.categoryId === one.categoryId)).toBe(true);
    expect(inCategory.limit).toBe(50);

    // The call src/ui/view-counter.ts makes when a law is opened: the count goes up by one.
    const counted = await client.put<{ data: { id: number; views: number } }>(`/law/${one.id}/view`, undefined, {
      lang,
    });
    expect(String(counted.data.id)).toBe(one.id);
    expect(counted.data.views).toBe(one.views + 1);
  });

  it('download forms: categories and the files of a category', async () => {
    const categories = await downloadForms.getDownloadFormCategories(lang);
    const category = first(
      categories.filter((c) => c.count > 0),
      'download category with forms',
    );
    expectLanguage(category.title, lang);
    const subs = await downloadForms.getDownloadFormSubCategories(category.id, lang);
    expect(subs.length).toBeGreaterThan(0);
    expect(subs.flatMap((s) => s.files).length).toBeGreaterThan(0);
    expect(
      first(
        subs.flatMap((s) => s.files),
        'form file',
      ).url,
    ).toMatch(new RegExp(`^${api.url}/files/`));
  });

  it('online services: hot, categories, a category, its services, one service', async () => {
    const hot = await onlineServices.getHotServices(lang);
    expect(hot.length).toBeGreaterThan(0);

    const categories = await onlineServices.getOnlineServiceCategories(lang);
    const category = first(
      categories.filter((c) => c.count > 0),
      'online service category with services',
    );
    expectLanguage(category.title, lang);

    const ofCategory = await onlineServices.getOnlineServicesOfCategory(category.id, lang);
    expect(ofCategory).toHaveLength(category.count);
    expect(ofCategory.every((s) => s.categoryId === category.id)).toBe(true);

    const one = await onlineServices.getOnlineService(first(ofCategory, 'online service').id, lang);
    expect(one.bodyHtml.length).toBeGreaterThan(0);
    expectLanguage(one.title, lang);
  });

  it('home services: list and detail', async () => {
    const list = await homeServices.getHomeServices(lang);
    const one = first(list, 'home service');
    expectLanguage(one.title, lang);
    const detail = await homeServices.getHomeService(one.id, lang);
    expect(detail.title).toBe(one.title);
    expect(detail.bodyHtml.length).toBeGreaterThan(0);
  });

  it('collapse: modules from the menus, groups, one content, manual highlights', async () => {
    const ids = await moduleIds('collapse', lang);
    expect(ids.length, 'a /collapse/{moduleId}/ path in the menus').toBeGreaterThan(0);
    for (const moduleId of ids) {
      const module = await collapse.getCollapse(moduleId, lang);
      expect(module.module.id).toBe(moduleId);
      expectLanguage(module.module.title, lang);
      const item = first(
        module.groups.flatMap((g) => g.items),
        'collapse item',
      );
      const content = await collapse.getCollapseContent(item.id, moduleId, lang);
      expect(content.id).toBe(item.id);
      expect(module.groups.map((g) => g.id)).toContain(content.groupId);
      expect(content.bodyHtml.length).toBeGreaterThan(0);
    }
    expect((await collapse.getCollapseManualHighlights(lang)).every((m) => m.highlight)).toBe(true);
    expect((await collapse.getCollapseManualHighlights(lang)).length).toBeGreaterThan(0);
  });

  it('organization: modules from the menus, divisions, a staff member', async () => {
    const ids = await moduleIds('organization', lang);
    expect(ids.length, 'an /organization/{moduleId}/ path in the menus').toBeGreaterThan(0);
    for (const moduleId of ids) {
      const org = await organization.getOrganization(moduleId, lang);
      expect(org.module.id).toBe(moduleId);
      expect(org.divisions.some((d) => d.parentId === null)).toBe(true);
      const person = first(
        org.divisions.flatMap((d) => d.staff),
        'staff member',
      );
      expectLanguage(person.name, lang);
      const staff = await organization.getStaff(person.id, moduleId, lang);
      expect(staff.name).toBe(person.name);
      expect(org.divisions.map((d) => d.id)).toContain(staff.division.id);
    }
  });

  it('procure: groups with their first page, paging a group', async () => {
    const groups = await procure.getProcureGroups(lang);
    const group = first(
      groups.filter((g) => g.procureList.length > 0),
      'procure group with items',
    );
    expectLanguage(group.title, lang);
    const page1 = await procure.getProcureContent({ group_id: group.id }, lang);
    expect(page1.page).toBe(1);
    expect(page1.items.map((i) => i.id)).toEqual(group.procureList.map((i) => i.id));
    const beyond = await procure.getProcureContent({ group_id: group.id, page: page1.total + 1 }, lang);
    expect(beyond.items).toEqual([]);
    expect(procure.replaceProcureList(groups, group.id, beyond.items)).toBe(groups);
  });

  it('common articles: modules from the menus, categories, uncategorised, a category, a content', async () => {
    const ids = await moduleIds('common-article', lang);
    expect(ids.length, 'a /common-article/{moduleId}/ path in the menus').toBeGreaterThan(0);
    let sawContent = false;
    for (const moduleId of ids) {
      const categories = await commonArticle.getCommonArticleCategories(moduleId, lang);
      expect(categories.length).toBeGreaterThan(0);
      expect(categories.every((c) => c.moduleId === moduleId)).toBe(true);
      const uncategorised = await commonArticle.getUncategorizedCommonContents(moduleId, lang);
      const category = await commonArticle.getCommonArticleCategory(
        first(
          categories.filter((c) => c.count > 0),
          'common-article category with contents',
        ).id,
        lang,
      );
      expect(category.contents.length).toBeGreaterThan(0);
      expectLanguage(category.title, lang);
      for (const c of [...category.contents.slice(0, 1), ...uncategorised.slice(0, 1)]) {
        const detail = await commonArticle.getCommonContent(c.id, lang);
        expect(detail.title).toBe(c.title);
        expect(detail.moduleId).toBe(moduleId);
        sawContent = true;
      }
    }
    expect(sawContent).toBe(true);
  });
});
