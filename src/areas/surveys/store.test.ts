import '../../../tests/support/memory-storage';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import type { Survey } from './api';
import { createSurveyStore, MissingAnswersError, missingRequired, toSectionAnswers } from './store';

const survey: Survey = {
  id: '4',
  title: 'แบบสอบถามความพึงพอใจ',
  description: '',
  sections: [
    {
      id: '10',
      title: 'บริการ',
      questions: [
        {
          id: '100',
          type: 'single',
          label: 'พอใจหรือไม่',
          required: true,
          options: [{ value: 'yes', label: 'พอใจ' }],
          max: null,
        },
        { id: '101', type: 'multiple', label: 'ช่องทาง', required: false, options: [], max: null },
      ],
    },
    {
      id: '11',
      title: 'ความเห็น',
      questions: [
        { id: '102', type: 'text', label: 'ข้อเสนอแนะ', required: true, options: [], max: null },
        { id: '103', type: 'rating', label: 'คะแนน', required: true, options: [], max: 5 },
      ],
    },
  ],
};

function fakeApi() {
  return {
    getSurveys: vi.fn(async (p: { page?: number }) => ({
      results: [{ id: '4', title: survey.title, description: '', questionCount: 4, closesAt: null }],
      currentPage: p.page ?? 1,
      total: 13,
    })),
    getSurvey: vi.fn(async (id: string | number) => ({ ...survey, id: String(id) })),
    submitSurvey: vi.fn(async () => ({ responseId: 'r-1' })),
  };
}

describe('survey list', () => {
  it('keeps surveyList and pageInfo {page, total}', async () => {
    const store = createSurveyStore(fakeApi());
    await store.loadSurveys(2, { lang: 'en' });
    expect(store.$surveyList.get()).toMatchObject({ status: 'success', pageInfo: { page: 2, total: 13 } });
    expect(store.$surveyList.get().surveyList).toHaveLength(1);
  });
});

describe('survey answers and submission', () => {
  it('finds unanswered required questions (blank text and empty lists count as unanswered)', () => {
    expect(missingRequired(survey, {})).toEqual(['100', '102', '103']);
    expect(missingRequired(survey, { '100': 'yes', '102': '   ', '103': 4 })).toEqual(['102']);
    expect(toSectionAnswers(survey, { '100': 'yes', '101': [], '103': 4 })).toEqual([
      { sectionId: '10', answers: [{ questionId: '100', value: 'yes' }] },
      { sectionId: '11', answers: [{ questionId: '103', value: 4 }] },
    ]);
  });

  it('refuses to send with required answers missing and says which', async () => {
    const api = fakeApi();
    const store = createSurveyStore(api);
    await store.loadSurvey('4');
    store.setAnswer('100', 'yes');
    const result = await store.submit();
    expect(result).toMatchObject({ status: 'error', error: expect.any(MissingAnswersError) });
    expect(store.$missing.get()).toEqual(['102', '103']);
    expect(api.submitSurvey).not.toHaveBeenCalled();
    store.setAnswer('102', 'บริการดีมาก');
    expect(store.$missing.get()).toEqual(['103']);
  });

  it('sends the sections and clears the answers on success', async () => {
    const api = fakeApi();
    const store = createSurveyStore(api);
    await store.loadSurvey('4', { lang: 'th' });
    store.setAnswer('100', 'yes');
    store.setAnswer('102', 'ดี');
    store.setAnswer('103', 5);
    const result = await store.submit({ lang: 'th' });
    expect(result).toEqual({ status: 'success', data: { responseId: 'r-1' } });
    expect(api.submitSurvey).toHaveBeenCalledWith(
      '4',
      toSectionAnswers(survey, { '100': 'yes', '102': 'ดี', '103': 5 }),
      'th',
    );
    expect(store.$answers.get()).toEqual({});
  });

  it('keeps every answer when the submission fails', async () => {
    const api = fakeApi();
    api.submitSurvey.mockRejectedValueOnce(
      new ApiError({ status: 503, endpoint: '/survey/4', message: 'down', body: undefined }),
    );
    const store = createSurveyStore(api);
    await store.loadSurvey('4');
    const answers = { '100': 'yes', '101': ['web', 'line'], '102': 'ขอบคุณ', '103': 3 };
    for (const [q, v] of Object.entries(answers)) store.setAnswer(q, v);
    const onFailure = vi.fn();
    await store.submit({ onFailure });
    expect(onFailure).toHaveBeenCalledWith(expect.any(ApiError));
    expect(store.$submit.get().status).toBe('error');
    expect(store.$answers.get()).toEqual(answers);
  });

  it('loading another survey starts with empty answers; reloading the same keeps them', async () => {
    const store = createSurveyStore(fakeApi());
    await store.loadSurvey('4');
    store.setAnswer('100', 'yes');
    await store.loadSurvey('4');
    expect(store.$answers.get()).toEqual({ '100': 'yes' });
    await store.loadSurvey('5');
    expect(store.$answers.get()).toEqual({});
  });
});
