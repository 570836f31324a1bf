import '../../support/memory-storage';
import { describe, expect, it, vi } from 'vitest';
import type { ProcureGroup, ProcureItem } from '../../../src/areas/procure/api';
import { createCollapseStore } from '../../../src/areas/collapse/store';
import { createCommonArticleStore } from '../../../src/areas/common-article/store';
import { createProcureStore } from '../../../src/areas/procure/store';

describe('collapse store', () => {
  it('loads the group list and can reset it to empty', async () => {
    const group = { id: '1', title: 'คำถามทั่วไป', items: [{ id: '9', title: 'สมัครอย่างไร', summary: '' }] };
    const api = {
      getCollapse: vi.fn(async () => ({ module: { id: '3', title: 'คู่มือ' }, groups: [group] })),
      getCollapseContent: vi.fn(async (id: number | string) => ({
        id: String(id),
        title: 't',
        bodyHtml: '<p>x</p>',
        groupId: '1',
        updatedAt: '2026-11-21',
      })),
      getCollapseManualHighlights: vi.fn(async () => []),
    };
    const store = createCollapseStore(api);
    expect(store.$groupList.get()).toEqual([]);
    await store.loadGroups(3, { lang: 'th' });
    expect(api.getCollapse).toHaveBeenCalledWith(3, 'th');
    expect(store.$groupList.get()).toEqual([group]);
    await store.loadContent(9, 3);
    expect(store.$contentDetail.get().data?.id).toBe('9');
    store.resetGroupList();
    expect(store.$groupList.get()).toEqual([]);
    expect(store.$contentDetail.get().data?.id).toBe('9'); // only the group list was reset
  });
});

describe('common-article store', () => {
  it('resets the category list together with the content list, and each detail on its own', async () => {
    const content = { id: '5', title: 'ประกาศ', summary: '', publishedAt: '2026-11-21' };
    const store = createCommonArticleStore({
      getCommonArticleCategories: async () => [{ id: '1', title: 'หมวด', parentId: null, moduleId: '2', count: 1 }],
      getUncategorizedCommonContents: async () => [content],
      getCommonArticleCategory: async (id) => ({ id: String(id), title: 'หมวด', moduleId: '2', contents: [content] }),
      getCommonContent: async (id) => ({
        ...content,
        id: String(id),
        bodyHtml: '',
        categoryId: null,
        moduleId: '2',
        attachments: [],
      }),
    });
    await store.loadModule(2);
    await store.loadCategory(1);
    await store.loadContent(5);
    expect(store.$categoryList.get().data).toHaveLength(1);
    expect(store.$contentList.get().data).toEqual([content]);

    store.resetCategoryList();
    expect(store.$categoryList.get().data).toBeNull();
    expect(store.$contentList.get().data).toBeNull();
    expect(store.$categoryDetail.get().data?.id).toBe('1');

    store.resetCategoryDetail();
    expect(store.$categoryDetail.get().data).toBeNull();
    expect(store.$contentDetail.get().data?.id).toBe('5');
    store.resetContentDetail();
    expect(store.$contentDetail.get().data).toBeNull();
  });
});

describe('procure store', () => {
  const item = (id: string): ProcureItem => ({
    id,
    title: `ประกาศจัดซื้อ ${id}`,
    publishedAt: '2026-11-21',
    attachments: [],
  });
  const groups: ProcureGroup[] = [
    { id: '1', title: 'จัดซื้อ', procureList: [item('a1'), item('a2')] },
    { id: '2', title: 'จัดจ้าง', procureList: [item('b1')] },
  ];

  it('paging a group replaces its procure_list only when the page has items', async () => {
    const pages: Record<number, ProcureItem[]> = { 2: [item('a3')], 3: [] };
    const api = {
      getProcureGroups: vi.fn(async () => groups),
      getProcureContent: vi.fn(async (p: { page?: number }) => ({
        items: pages[p.page ?? 1] ?? [],
        total: 3,
        page: p.page ?? 1,
        limit: 2,
      })),
    };
    const store = createProcureStore(api);
    await store.loadGroups({ lang: 'th' });

    await expect(store.loadGroupPage('1', 2, { lang: 'th' })).resolves.toBe(true);
    expect(api.getProcureContent).toHaveBeenLastCalledWith({ group_id: '1', page: 2 }, 'th');
    expect(store.$groupList.get()[0]!.procureList.map((i) => i.id)).toEqual(['a3']);
    expect(store.$groupList.get()[1]!.procureList.map((i) => i.id)).toEqual(['b1']);
    expect(store.$pages.get()).toEqual({ '1': 2 });

    await expect(store.loadGroupPage('1', 3)).resolves.toBe(false);
    expect(store.$groupList.get()[0]!.procureList.map((i) => i.id)).toEqual(['a3']);
    expect(store.$pages.get()).toEqual({ '1': 2 });
  });

  it('a failed page keeps the list and calls the failure callback', async () => {
    const store = createProcureStore({
      getProcureGroups: async () => groups,
      getProcureContent: async () => {
        throw new Error('503');
      },
    });
    store.setGroups(groups);
    const onFailure = vi.fn();
    await expect(store.loadGroupPage('2', 2, { onFailure })).resolves.toBe(false);
    expect(onFailure).toHaveBeenCalledOnce();
    expect(store.$groupList.get()).toEqual(groups);
  });

  it('when two pages of a group are requested quickly, the later request wins', async () => {
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const store = createProcureStore({
      getProcureGroups: async () => groups,
      getProcureContent: async (p) => {
        if (p.page === 2) await slow;
        return { items: [item(`p${p.page}`)], total: 9, page: p.page ?? 1, limit: 1 };
      },
    });
    store.setGroups(groups);
    const older = store.loadGroupPage('1', 2);
    await store.loadGroupPage('1', 3);
    release();
    await expect(older).resolves.toBe(false);
    expect(store.$groupList.get()[0]!.procureList.map((i) => i.id)).toEqual(['p3']);
  });
});
