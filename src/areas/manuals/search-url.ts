/**
 * The manual search as it lives in the address, `?keyword=…&group=…&page=…` (the names of the
 * plain GET form, so a form sent without JavaScript and a shared address read the same way).
 * `group` is a group's slug; empty values and page 1 are left out.
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
    group: (params.get('group') ?? '').trim(),
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
