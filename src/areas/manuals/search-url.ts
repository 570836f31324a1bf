/**
 * The manual search as it lives in the address, `?keyword=…&group=…&page=…` (the names of the
 * plain GET form, so a form sent without JavaScript and a shared address read the same way).
 * `group` is a group's slug (`slug`, the API's name for it, is read too); empty values and page 1
 * are left out. The island reads it in the browser, and the search page reads it when the site
 * server renders results for a request (docs/publisher.md "The manual search route").
 */
export interface ManualSearch {
  keyword: string;
  group: string;
  page: number;
}

const MAX_KEYWORD = 200; // the API answers 400 beyond this (docs/api-contract.md "Limits")

export function readManualSearch(search: string): ManualSearch {
  const params = new URLSearchParams(search);
  const page = params.get('page') ?? '';
  return {
    keyword: (params.get('keyword') ?? '').trim().slice(0, MAX_KEYWORD),
    group: (params.get('group') || params.get('slug') || '').trim().slice(0, MAX_KEYWORD),
    page: /^\d{1,5}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
}

export function manualSearchUrl(q: ManualSearch): string {
  const params = new URLSearchParams();
  if (q.keyword) params.set('keyword', q.keyword);
  if (q.group) params.set('group', q.group);
  if (q.page > 1) params.set('page', String(q.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Whether an address asks for results (and not just the empty search page). */
export function isManualSearch(q: ManualSearch): boolean {
  return q.keyword !== '' || q.group !== '';
}
