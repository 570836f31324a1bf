/**
 * Common articles (spec points 3 and 4): the category list with the module's uncategorised
 * content list, a category's detail, a content's detail — each resettable; resetting the
 * category list also resets the content list (they describe the same module).
 */
import * as commonApi from './api';
import type { CommonCategory, CommonCategoryDetail, CommonContent, CommonContentDetail } from './api';
import type { Lang } from '../../i18n/config';
import { pageLang } from '../../shell/locale-store';
import { createLoader } from '../../stores/request';

export interface CommonArticleApi {
  getCommonArticleCategories(moduleId: number | string, lang: Lang): Promise<CommonCategory[]>;
  getUncategorizedCommonContents(moduleId: number | string, lang: Lang): Promise<CommonContent[]>;
  getCommonArticleCategory(id: number | string, lang: Lang): Promise<CommonCategoryDetail>;
  getCommonContent(id: number | string, lang: Lang): Promise<CommonContentDetail>;
}

export const realCommonArticleApi: CommonArticleApi = {
  getCommonArticleCategories: commonApi.getCommonArticleCategories,
  getUncategorizedCommonContents: commonApi.getUncategorizedCommonContents,
  getCommonArticleCategory: commonApi.getCommonArticleCategory,
  getCommonContent: commonApi.getCommonContent,
};

type Options = { lang?: Lang; onFailure?: (e: unknown) => void };

export function createCommonArticleStore(api: CommonArticleApi = realCommonArticleApi) {
  const categoryList = createLoader((p: { moduleId: number | string; lang: Lang }) =>
    api.getCommonArticleCategories(p.moduleId, p.lang),
  );
  const contentList = createLoader((p: { moduleId: number | string; lang: Lang }) =>
    api.getUncategorizedCommonContents(p.moduleId, p.lang),
  );
  const categoryDetail = createLoader((p: { id: number | string; lang: Lang }) =>
    api.getCommonArticleCategory(p.id, p.lang),
  );
  const contentDetail = createLoader((p: { id: number | string; lang: Lang }) => api.getCommonContent(p.id, p.lang));

  return {
    $categoryList: categoryList.$state,
    $contentList: contentList.$state,
    $categoryDetail: categoryDetail.$state,
    $contentDetail: contentDetail.$state,
    /** The module's categories and its uncategorised contents, loaded together. */
    loadModule: (moduleId: number | string, o: Options = {}) => {
      const lang = o.lang ?? pageLang();
      return Promise.all([
        categoryList.load({ moduleId, lang }, { onFailure: o.onFailure }),
        contentList.load({ moduleId, lang }, { onFailure: o.onFailure }),
      ]);
    },
    loadCategory: (id: number | string, o: Options = {}) =>
      categoryDetail.load({ id, lang: o.lang ?? pageLang() }, { onFailure: o.onFailure }),
    loadContent: (id: number | string, o: Options = {}) =>
      contentDetail.load({ id, lang: o.lang ?? pageLang() }, { onFailure: o.onFailure }),
    resetCategoryList: () => {
      categoryList.reset();
      contentList.reset();
    },
    resetCategoryDetail: () => categoryDetail.reset(),
    resetContentDetail: () => contentDetail.reset(),
  };
}

export const {
  $categoryList: $commonCategoryList,
  $contentList: $commonContentList,
  $categoryDetail: $commonCategoryDetail,
  $contentDetail: $commonContentDetail,
  loadModule: loadCommonArticleModule,
  loadCategory: loadCommonCategory,
  loadContent: loadCommonContent,
  resetCategoryList: resetCommonCategoryList,
  resetCategoryDetail: resetCommonCategoryDetail,
  resetContentDetail: resetCommonContentDetail,
} = createCommonArticleStore();
