/**
 * Collapsible content (spec point 3: group_list, content_detail, manual_highlights). The group
 * list can be reset to empty (spec point 4), e.g. when the island switches module.
 */
import * as collapseApi from './api';
import type { CollapseContent, CollapseGroup, CollapseModule } from './api';
import type { Manual } from '../manuals/api';
import type { Lang } from '../../i18n/config';
import { pageLang } from '../../shell/locale-store';
import { createLoader } from '../../stores/request';
import { computed } from 'nanostores';

export interface CollapseApi {
  getCollapse(moduleId: number | string, lang: Lang): Promise<CollapseModule>;
  getCollapseContent(id: number | string, moduleId: number | string, lang: Lang): Promise<CollapseContent>;
  getCollapseManualHighlights(lang: Lang): Promise<Manual[]>;
}

export const realCollapseApi: CollapseApi = {
  getCollapse: collapseApi.getCollapse,
  getCollapseContent: collapseApi.getCollapseContent,
  getCollapseManualHighlights: collapseApi.getCollapseManualHighlights,
};

type Options = { lang?: Lang; onFailure?: (e: unknown) => void };

export function createCollapseStore(api: CollapseApi = realCollapseApi) {
  const groups = createLoader(
    async (p: { moduleId: number | string; lang: Lang }) => (await api.getCollapse(p.moduleId, p.lang)).groups,
  );
  const content = createLoader((p: { id: number | string; moduleId: number | string; lang: Lang }) =>
    api.getCollapseContent(p.id, p.moduleId, p.lang),
  );
  const highlights = createLoader((p: { lang: Lang }) => api.getCollapseManualHighlights(p.lang));

  /** Always an array: empty before a load and after a reset. */
  const $groupList = computed(groups.$state, (s): CollapseGroup[] => s.data ?? []);

  return {
    $groupList,
    $groupListRequest: groups.$state,
    $contentDetail: content.$state,
    $manualHighlights: highlights.$state,
    loadGroups: (moduleId: number | string, o: Options = {}) =>
      groups.load({ moduleId, lang: o.lang ?? pageLang() }, { onFailure: o.onFailure }),
    loadContent: (id: number | string, moduleId: number | string, o: Options = {}) =>
      content.load({ id, moduleId, lang: o.lang ?? pageLang() }, { onFailure: o.onFailure }),
    loadManualHighlights: (o: Options = {}) =>
      highlights.load({ lang: o.lang ?? pageLang() }, { onFailure: o.onFailure }),
    /** Spec point 4: the group list back to empty (a load still in flight is dropped). */
    resetGroupList: () => groups.reset(),
  };
}

export const {
  $groupList: $collapseGroupList,
  $groupListRequest: $collapseGroupListRequest,
  $contentDetail: $collapseContentDetail,
  $manualHighlights: $collapseManualHighlights,
  loadGroups: loadCollapseGroups,
  loadContent: loadCollapseContent,
  loadManualHighlights: loadCollapseManualHighlights,
  resetGroupList: resetCollapseGroupList,
} = createCollapseStore();
