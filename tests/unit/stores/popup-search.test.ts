import '../../support/memory-storage';
import { describe, expect, it, vi } from 'vitest';
import type { Popup } from '../../../src/areas/home/api';
import type { SearchResults } from '../../../src/areas/search/api';
import { createPopupStore, POPUP_DISMISSED_KEY, type SessionStore } from '../../../src/areas/home/popup/store';
import { createSearchStore } from '../../../src/areas/search/store';

function memorySession(): SessionStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const popup: Popup = {
  isModal: true,
  title: 'ประกาศ',
  text: 'งานแสดงสินค้า 2569',
  link: '/articles/',
  path: '/files/popup.svg',
};

describe('popup store', () => {
  it('opens when the API says isModal, and the flag can be set and reset', async () => {
    const session = memorySession();
    const store = createPopupStore(
      async () => popup,
      () => session,
    );
    await store.load({ lang: 'th' });
    expect(store.$popup.get()).toEqual({ popup, isModal: true });
    store.resetModal();
    expect(store.$popup.get().isModal).toBe(false);
    store.setModal(true);
    expect(store.$popup.get().isModal).toBe(true);
  });

  it('stays closed when the API has no popup or isModal is false', async () => {
    const none = createPopupStore(
      async () => null,
      () => memorySession(),
    );
    await none.load();
    expect(none.$popup.get()).toEqual({ popup: null, isModal: false });
    const off = createPopupStore(
      async () => ({ ...popup, isModal: false }),
      () => memorySession(),
    );
    await off.load();
    expect(off.$popup.get().isModal).toBe(false);
  });

  it('once dismissed it is not shown again in the same session', async () => {
    const session = memorySession();
    const first = createPopupStore(
      async () => popup,
      () => session,
    );
    await first.load();
    first.dismiss();
    expect(first.$popup.get().isModal).toBe(false);
    expect(session.data.get(POPUP_DISMISSED_KEY)).toBe('1');
    // the next page of the same session
    const next = createPopupStore(
      async () => popup,
      () => session,
    );
    await next.load();
    expect(next.$popup.get().isModal).toBe(false);
    next.show(popup);
    expect(next.$popup.get().isModal).toBe(false);
  });

  it('works without sessionStorage and when it throws', async () => {
    const store = createPopupStore(
      async () => popup,
      () => null,
    );
    await store.load();
    store.dismiss();
    expect(store.$popup.get().isModal).toBe(false);
    const throwing = createPopupStore(
      async () => popup,
      () => ({
        getItem: () => {
          throw new Error('blocked');
        },
        setItem: () => {
          throw new Error('blocked');
        },
      }),
    );
    await throwing.load();
    expect(throwing.$popup.get().isModal).toBe(true);
    expect(() => throwing.dismiss()).not.toThrow();
  });

  it('a failed load leaves it closed and calls the failure callback', async () => {
    const store = createPopupStore(
      async () => {
        throw new Error('503');
      },
      () => memorySession(),
    );
    const onFailure = vi.fn();
    await store.load({ onFailure });
    expect(onFailure).toHaveBeenCalledOnce();
    expect(store.$popup.get().isModal).toBe(false);
  });
});

describe('search store', () => {
  const answer = (page: number): SearchResults => ({
    results: [
      {
        type: 'article',
        id: '1',
        slug: 'a',
        uuid: null,
        title: 'การค้าชายแดน',
        summary: '',
        publishedAt: null,
        path: '/articles/a/',
      },
    ],
    currentPage: page,
    total: 31,
    categories: [{ cate: 'article', count: 31 }],
  });

  it('stores results, current_page and total', async () => {
    const search = vi.fn(async (p: { page?: number }) => answer(p.page ?? 1));
    const store = createSearchStore(search);
    await store.runSearch({ keyword: '  การค้า ', cate: 'article', page: 2 }, { lang: 'th' });
    expect(search).toHaveBeenCalledWith({ keyword: 'การค้า', cate: 'article', page: 2 }, 'th');
    expect(store.$search.get()).toMatchObject({
      status: 'success',
      current_page: 2,
      total: 31,
      query: { keyword: 'การค้า' },
    });
    expect(store.$search.get().results[0]!.title).toBe('การค้าชายแดน');
  });

  it('an empty keyword makes no request and clears the results', async () => {
    const search = vi.fn(async () => answer(1));
    const store = createSearchStore(search);
    await store.runSearch({ keyword: 'ไทย' });
    await expect(store.runSearch({ keyword: '   ' })).resolves.toBeNull();
    expect(search).toHaveBeenCalledOnce();
    expect(store.$search.get()).toMatchObject({ status: 'idle', results: [], total: 0 });
  });

  it('a failure is stored and passed to the callback; bad page numbers become 1', async () => {
    const store = createSearchStore(async () => {
      throw new Error('down');
    });
    const onFailure = vi.fn();
    await store.runSearch({ keyword: 'x', page: -3 }, { onFailure });
    expect(onFailure).toHaveBeenCalledOnce();
    expect(store.$search.get()).toMatchObject({ status: 'error', current_page: 1, query: { page: 1, cate: 'all' } });
  });
});
