// PUT /survey/{id}: required answers, allowed choices and value formats; stored responses.
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
let survey: any;

beforeAll(async () => {
  api = await startTestApi();
  survey = (await api.call('/survey/1')).body.data;
});
afterAll(async () => {
  await api?.dispose();
});

/** A complete, valid answer set for the survey: first option, max rating, some text. */
function validSections(s: any) {
  return s.sections.map((sec: any) => ({
    id: sec.id,
    answers: sec.questions.map((q: any) => ({
      question_id: q.id,
      value:
        q.type === 'single'
          ? q.options[0].value
          : q.type === 'multiple'
            ? [q.options[0].value, q.options[1].value]
            : q.type === 'rating'
              ? q.max
              : 'ใช้งานง่าย ข้อมูลครบถ้วน',
    })),
  }));
}
const responses = () => {
  const db = new DatabaseSync(api.dbPath, { readOnly: true });
  const rows = db.prepare('SELECT survey_id, answers FROM survey_responses ORDER BY id').all() as {
    survey_id: number;
    answers: string;
  }[];
  db.close();
  return rows;
};

describe('surveys', () => {
  it('lists surveys as { results, current_page, total } and has every question type', async () => {
    const list = (await api.call('/survey?page=1')).body;
    expect(list.current_page).toBe(1);
    expect(list.total).toBeGreaterThanOrEqual(3);
    expect(list.results.length).toBe(list.total);
    const types = new Set(survey.sections.flatMap((s: any) => s.questions.map((q: any) => q.type)));
    expect([...types].sort()).toEqual(['multiple', 'rating', 'single', 'text']);
  });

  it('stores a valid response and returns its id', async () => {
    const before = responses().length;
    const res = await api.call('/survey/1', { method: 'PUT', json: { sections: validSections(survey) } });
    expect(res.status).toBe(200);
    expect(res.body.data.response_id).toBeGreaterThan(0);
    const rows = responses();
    expect(rows.length).toBe(before + 1);
    expect(JSON.parse(rows.at(-1)!.answers).length).toBe(survey.sections.flatMap((s: any) => s.questions).length);
  });

  it('refuses a missing required answer with 422 naming the question', async () => {
    const before = responses().length;
    const sections = validSections(survey);
    const required = survey.sections[0].questions.find((q: any) => q.required);
    sections[0].answers = sections[0].answers.filter((a: any) => a.question_id !== required.id);
    const res = await api.call('/survey/1', { method: 'PUT', json: { sections } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: String(required.id), message: expect.any(String) }]);
    expect(responses().length).toBe(before);
  });

  it('refuses a choice that is not offered, a wrong type and an out-of-range rating', async () => {
    const questions = survey.sections.flatMap((s: any) => s.questions);
    const single = questions.find((q: any) => q.type === 'single');
    const multiple = questions.find((q: any) => q.type === 'multiple');
    const rating = questions.find((q: any) => q.type === 'rating');
    const sections = validSections(survey);
    const set = (id: number, value: unknown) => {
      for (const s of sections) for (const a of s.answers) if (a.question_id === id) a.value = value;
    };
    set(single.id, 'not-an-option');
    set(multiple.id, [multiple.options[0].value, 'bogus']);
    set(rating.id, rating.max + 1);
    const res = await api.call('/survey/1', { method: 'PUT', json: { sections }, lang: 'en' });
    expect(res.status).toBe(422);
    const fields = Object.fromEntries(res.body.errors.map((e: any) => [e.field, e.message]));
    expect(fields[String(single.id)]).toBe('This choice is not allowed.');
    expect(fields[String(multiple.id)]).toBe('This choice is not allowed.');
    expect(fields[String(rating.id)]).toBe('This answer has the wrong format.');
  });

  it('refuses unknown questions, a missing sections array, and an unknown survey', async () => {
    expect(
      (
        await api.call('/survey/1', {
          method: 'PUT',
          json: { sections: [{ id: 1, answers: [{ question_id: 9999, value: 'x' }] }] },
        })
      ).status,
    ).toBe(422);
    expect((await api.call('/survey/1', { method: 'PUT', json: { answers: [] } })).status).toBe(422);
    expect((await api.call('/survey/999', { method: 'PUT', json: { sections: [] } })).status).toBe(404);
  });
});
