/**
 * Procurement groups (spec point 3: group_list, each group holding procure_list). Paging a
 * group replaces its procure_list only when the page came back with items (spec point 4), so
 * paging past the end keeps the last page on screen and the group's page number unchanged.
 */
import { atom, computed } from 'nanostores';
import type { Paged } from '../../api/boundary';
import * as procureApi from './api';
import { replaceProcureList, type ProcureContentParams, type ProcureGroup, type ProcureItem } from './api';
import type { Lang } from '../../i18n/config';
import { pageLang } from '../../shell/locale-store';
import { createLoader } from '../../stores/request';

export interface ProcureApi {
  getProcureGroups(lang: Lang): Promise<ProcureGroup[]>;
  getProcureContent(params: ProcureContentParams, lang: Lang): Promise<Paged<ProcureItem>>;
}

export const realProcureApi: ProcureApi = {
  getProcureGroups: procureApi.getProcureGroups,
  getProcureContent: procureApi.getProcureContent,
};

type Options = { lang?: Lang; onFailure?: (e: unknown) => void };

export function createProcureStore(api: ProcureApi = realProcureApi) {
  const groups = createLoader((p: { lang: Lang }) => api.getProcureGroups(p.lang));
  /** The page each group shows; 1 when never paged. */
  const $pages = atom<Record<string, number>>({});
  const $groupList = computed(groups.$state, (s): ProcureGroup[] => s.data ?? []);

  /**
   * Loads `page` of a group. Resolves true when the group's list was replaced, false when the
   * page was empty (nothing changes) or the request failed (onFailure is called).
   */
  const latest = new Map<string, number>(); // per group: the newest paging wins
  async function loadGroupPage(groupId: string, page: number, o: Options = {}): Promise<boolean> {
    const mine = (latest.get(groupId) ?? 0) + 1;
    latest.set(groupId, mine);
    try {
      const result = await api.getProcureContent({ group_id: groupId, page }, o.lang ?? pageLang());
      if (latest.get(groupId) !== mine) return false;
      const current = groups.$state.get().data ?? [];
      const next = replaceProcureList(current, groupId, result.items);
      if (next === current) return false;
      groups.setData(next);
      $pages.set({ ...$pages.get(), [groupId]: page });
      return true;
    } catch (error) {
      if (latest.get(groupId) === mine) o.onFailure?.(error);
      return false;
    }
  }

  return {
    $groupList,
    $groupListRequest: groups.$state,
    $pages,
    loadGroups: (o: Options = {}) => groups.load({ lang: o.lang ?? pageLang() }, { onFailure: o.onFailure }),
    /** First data from the static HTML, so paging works without loading the groups again. */
    setGroups: (list: ProcureGroup[]) => groups.setData(list),
    loadGroupPage,
  };
}

export const {
  $groupList: $procureGroupList,
  $groupListRequest: $procureGroupListRequest,
  $pages: $procurePages,
  loadGroups: loadProcureGroups,
  setGroups: setProcureGroups,
  loadGroupPage: loadProcureGroupPage,
} = createProcureStore();
