/** getStaticPaths of the survey pages: the list (page 1, pages 2+) and one form per survey. */
import { detailPagePaths } from '../../shell/page-paths';
import { surveyListPaths } from './collection';
import { getSurveyForms } from './form-collection';

/** `/surveys/` (page 1 of the list). */
export const surveysPaths = () => surveyListPaths('first');

/** `/surveys/page/{n}/` (pages 2+ of the list). */
export const surveysMorePaths = () => surveyListPaths('rest');

/** `/surveys/{id}/`: one form per survey of the language. */
export const surveyPaths = () =>
  detailPagePaths(async (lang) =>
    (await getSurveyForms(lang)).map((entry) => ({
      params: { id: entry.data.id },
      props: { survey: entry.data },
      shows: [entry],
    })),
  );
