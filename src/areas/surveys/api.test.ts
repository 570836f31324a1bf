/** Survey: answers payload, and a 422 that says which question failed. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { setSkipReporter, type SkippedRecord } from '../../api/boundary';
import { SurveyValidationError, getSurveys, submitSurvey, toSurveyPayload } from './api';

afterEach(() => vi.restoreAllMocks());

const answers = [
  {
    sectionId: '1',
    answers: [
      { questionId: '10', value: 'yes' },
      { questionId: '11', value: ['a', 'b'] },
      { questionId: '12', value: 4 },
    ],
  },
];

describe('survey', () => {
  it('builds the sections payload with the API ids', () => {
    expect(toSurveyPayload(answers)).toEqual({
      sections: [
        {
          id: 1,
          answers: [
            { question_id: 10, value: 'yes' },
            { question_id: 11, value: ['a', 'b'] },
            { question_id: 12, value: 4 },
          ],
        },
      ],
    });
  });

  it('PUTs the payload and returns the response id', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue({ data: { response_id: 77 } });
    expect(await submitSurvey(3, answers, 'th')).toEqual({ responseId: '77' });
    expect(put).toHaveBeenCalledWith('/survey/3', toSurveyPayload(answers), { lang: 'th' });
  });

  it('a 422 rejects with a SurveyValidationError (still an ApiError) keyed by question id', async () => {
    const body = {
      status: 422,
      code: 'VALIDATION',
      message: 'กรุณาตอบคำถาม',
      errors: [
        { field: '10', message: 'ต้องตอบข้อนี้' },
        { field: '12', message: 'ต้องเป็นตัวเลข 1 ถึง 5' },
        { nonsense: true },
      ],
    };
    vi.spyOn(api, 'put').mockRejectedValue(
      new ApiError({ status: 422, body, endpoint: '/survey/3', message: body.message }),
    );
    const skipped: SkippedRecord[] = [];
    const previous = setSkipReporter((s) => skipped.push(s));
    const error = await submitSurvey(3, answers, 'th').catch((e: unknown) => e);
    setSkipReporter(previous);
    expect(skipped).toEqual([expect.objectContaining({ endpoint: '/survey/3', field: 'field' })]);
    expect(error).toBeInstanceOf(SurveyValidationError);
    expect(error).toBeInstanceOf(ApiError);
    const validation = error as SurveyValidationError;
    expect(validation.status).toBe(422);
    expect(validation.questionErrors).toEqual({ '10': 'ต้องตอบข้อนี้', '12': 'ต้องเป็นตัวเลข 1 ถึง 5' });
    expect(validation.serverMessage).toBe('กรุณาตอบคำถาม');
  });

  it('other failures pass through unchanged', async () => {
    const original = new ApiError({ status: 404, body: null, endpoint: '/survey/9', message: 'not found' });
    vi.spyOn(api, 'put').mockRejectedValue(original);
    await expect(submitSurvey(9, answers, 'th')).rejects.toBe(original);
  });

  it('the list maps results, current_page and total', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      results: [{ id: 1, title: 'ความพึงพอใจ', description: '', question_count: 5, closes_at: null }],
      current_page: 1,
      total: 1,
    });
    expect(await getSurveys({}, 'th')).toEqual({
      results: [{ id: '1', title: 'ความพึงพอใจ', description: '', questionCount: 5, closesAt: null }],
      currentPage: 1,
      total: 1,
    });
  });
});
