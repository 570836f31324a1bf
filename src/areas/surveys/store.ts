/**
 * Surveys (spec point 3: surveyList, pageInfo{page,total}, surveyItem).
 *
 * Answers live in the store, not in the form, so a failed submission keeps every answer
 * (issue 5) and a re-render never loses them. Required questions are checked before sending;
 * a 422 maps the server's messages to question ids.
 */
import { atom, computed } from 'nanostores';
import * as surveyApi from './api';
import type { AnswerValue, Survey, SurveyList, SectionAnswers } from './api';
import type { Lang } from '../../i18n/config';
import { pageLang } from '../../shell/locale-store';
import { createLoader, type LoadResult } from '../../stores/request';

export interface SurveyApi {
  getSurveys(params: { page?: number }, lang: Lang): Promise<SurveyList>;
  getSurvey(id: string | number, lang: Lang): Promise<Survey>;
  submitSurvey(id: string | number, sections: SectionAnswers[], lang: Lang): Promise<{ responseId: string }>;
}

export const realSurveyApi: SurveyApi = {
  getSurveys: surveyApi.getSurveys,
  getSurvey: surveyApi.getSurvey,
  submitSurvey: surveyApi.submitSurvey,
};

export type Answers = Record<string, AnswerValue>;

/** Whether a value counts as answered: blank text, no choice and an empty list do not. */
export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return Number.isFinite(value);
}

/** Ids of required questions still unanswered, in the order they appear. */
export function missingRequired(survey: Survey, answers: Answers): string[] {
  return survey.sections.flatMap((s) =>
    s.questions.filter((q) => q.required && !isAnswered(answers[q.id])).map((q) => q.id),
  );
}

/** The answers grouped by section for PUT /survey/{id}; unanswered questions are left out. */
export function toSectionAnswers(survey: Survey, answers: Answers): SectionAnswers[] {
  return survey.sections.map((s) => ({
    sectionId: s.id,
    answers: s.questions
      .filter((q) => isAnswered(answers[q.id]))
      .map((q) => ({ questionId: q.id, value: answers[q.id]! })),
  }));
}

export class MissingAnswersError extends Error {
  constructor(readonly questionIds: string[]) {
    super(`Required questions not answered: ${questionIds.join(', ')}`);
    this.name = 'MissingAnswersError';
  }
}

export function createSurveyStore(api: SurveyApi = realSurveyApi) {
  const listRequest = createLoader((p: { page: number; lang: Lang }) => api.getSurveys({ page: p.page }, p.lang));
  const itemRequest = createLoader((p: { id: string; lang: Lang }) => api.getSurvey(p.id, p.lang));
  const submitRequest = createLoader((p: { id: string; sections: SectionAnswers[]; lang: Lang }) =>
    api.submitSurvey(p.id, p.sections, p.lang),
  );
  const $answers = atom<Answers>({});
  /** Client-side check result, so the form can mark questions before any request. */
  const $missing = atom<string[]>([]);

  const $surveyList = computed(listRequest.$state, (state) => ({
    status: state.status,
    error: state.error,
    surveyList: state.data?.results ?? [],
    pageInfo: { page: state.data?.currentPage ?? 1, total: state.data?.total ?? 0 },
  }));

  function loadSurveys(page = 1, options: { lang?: Lang; onFailure?: (e: unknown) => void } = {}) {
    return listRequest.load({ page, lang: options.lang ?? pageLang() }, { onFailure: options.onFailure });
  }

  function loadSurvey(id: string | number, options: { lang?: Lang; onFailure?: (e: unknown) => void } = {}) {
    const key = String(id);
    if (itemRequest.$state.get().data?.id !== key) {
      // A different survey: the previous one's answers and results do not belong to it.
      $answers.set({});
      $missing.set([]);
      submitRequest.reset();
    }
    return itemRequest.load({ id: key, lang: options.lang ?? pageLang() }, { onFailure: options.onFailure });
  }

  function setAnswer(questionId: string, value: AnswerValue): void {
    $answers.set({ ...$answers.get(), [questionId]: value });
    if ($missing.get().includes(questionId) && isAnswered(value)) {
      $missing.set($missing.get().filter((id) => id !== questionId));
    }
  }

  async function submit(
    options: { lang?: Lang; onFailure?: (e: unknown) => void } = {},
  ): Promise<LoadResult<{ responseId: string }>> {
    const survey = itemRequest.$state.get().data;
    if (!survey) {
      const error = new Error('No survey loaded');
      options.onFailure?.(error);
      return { status: 'error', error };
    }
    const answers = $answers.get();
    const missing = missingRequired(survey, answers);
    $missing.set(missing);
    if (missing.length > 0) {
      const error = new MissingAnswersError(missing);
      options.onFailure?.(error);
      return { status: 'error', error };
    }
    return submitRequest.load(
      { id: survey.id, sections: toSectionAnswers(survey, answers), lang: options.lang ?? pageLang() },
      // Success clears the form; failure leaves $answers exactly as it was.
      { onSuccess: () => $answers.set({}), onFailure: options.onFailure },
    );
  }

  return {
    $surveyList,
    $surveyItem: itemRequest.$state,
    $answers,
    $missing,
    $submit: submitRequest.$state,
    loadSurveys,
    loadSurvey,
    setAnswer,
    clearAnswers: () => $answers.set({}),
    submit,
  };
}

export const {
  $surveyList,
  $surveyItem,
  $answers: $surveyAnswers,
  $missing: $surveyMissing,
  $submit: $surveySubmit,
  loadSurveys,
  loadSurvey,
  setAnswer: setSurveyAnswer,
  clearAnswers: clearSurveyAnswers,
  submit: submitSurvey,
} = createSurveyStore();
