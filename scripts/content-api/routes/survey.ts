// Surveys: list, form, and storing a validated response (PUT /survey/{id}).
import type { Router } from '../http.ts';
import type { SQLOutputValue } from 'node:sqlite';
import type { Row } from '../types.ts';
import type { Deps } from '../deps.ts';

/** A question as the PUT handler checks answers against it. */
interface Question {
  type: SQLOutputValue;
  required: SQLOutputValue;
  max: SQLOutputValue;
  section_id: SQLOutputValue;
  options: { value: unknown }[];
}
import { HttpError } from '../http.ts';
import { pick } from '../i18n.ts';
import { intParam, pathId } from '../query.ts';
import { objectBody, validationError, found } from './support.ts';

const PAGE_SIZE = 10;
const MAX_TEXT = 2000;

export function registerSurvey(router: Router, { q }: Deps) {
  const sectionsOf = (surveyId: SQLOutputValue) =>
    q('SELECT * FROM survey_sections WHERE survey_id = ? ORDER BY sort')
      .all(surveyId)
      .map((section) => ({
        section,
        questions: q('SELECT * FROM survey_questions WHERE section_id = ? ORDER BY sort').all(section.id),
      }));

  router.get('/survey', (ctx) => {
    const page = intParam(ctx.query, 'page', { min: 1, max: 1_000_000, def: 1 });
    const total = Number(q('SELECT count(*) AS n FROM surveys').get()?.n);
    const rows = q(
      'SELECT s.*, (SELECT count(*) FROM survey_questions x JOIN survey_sections y ON y.id = x.section_id WHERE y.survey_id = s.id) AS question_count FROM surveys s ORDER BY s.id LIMIT ? OFFSET ?',
    ).all(PAGE_SIZE, (page - 1) * PAGE_SIZE);
    return {
      results: rows.map((s) => ({
        id: s.id,
        title: pick(s, ctx.lang, 'title'),
        description: pick(s, ctx.lang, 'description'),
        question_count: s.question_count,
        closes_at: s.closes_at ?? null,
      })),
      current_page: page,
      total,
    };
  });

  router.get('/survey/:id', (ctx) => {
    const s = found(q('SELECT * FROM surveys WHERE id = ?').get(pathId(ctx.params.id)));
    return {
      data: {
        id: s.id,
        title: pick(s, ctx.lang, 'title'),
        description: pick(s, ctx.lang, 'description'),
        closes_at: s.closes_at ?? null,
        sections: sectionsOf(s.id).map(({ section, questions }) => ({
          id: section.id,
          title: pick(section, ctx.lang, 'title'),
          questions: questions.map((qq) => ({
            id: qq.id,
            type: qq.type,
            label: pick(qq, ctx.lang, 'label'),
            required: !!qq.required,
            options: (JSON.parse(String(qq.options)) as Row[]).map((o) => ({
              value: o.value,
              label: ctx.lang === 'en' ? o.label_en : o.label_th,
            })),
            max: qq.max ?? null,
          })),
        })),
      },
    };
  });

  router.put('/survey/:id', async (ctx) => {
    const s = found(q('SELECT * FROM surveys WHERE id = ?').get(pathId(ctx.params.id)));
    const body = await objectBody(ctx);
    if (!Array.isArray(body.sections)) throw validationError(ctx.lang, { sections: 'REQUIRED' });
    const questions = new Map<SQLOutputValue, Question>();
    for (const { section, questions: qs } of sectionsOf(s.id)) {
      for (const qq of qs)
        questions.set(qq.id, {
          type: qq.type,
          required: qq.required,
          max: qq.max ?? null,
          section_id: section.id,
          options: JSON.parse(String(qq.options)),
        });
    }

    const errors: Record<string, string> = {};
    const answers = new Map<SQLOutputValue, unknown>();
    for (const sec of body.sections as { answers?: unknown }[]) {
      if (!sec || typeof sec !== 'object' || !Array.isArray(sec.answers)) {
        errors.sections = 'INVALID_VALUE';
        continue;
      }
      for (const a of sec.answers as ({ question_id?: unknown; value?: unknown } | null)[]) {
        const qid = Number(a?.question_id);
        const question = questions.get(qid);
        if (!question) {
          errors[String(a?.question_id ?? '?')] = 'UNKNOWN_QUESTION';
          continue;
        }
        const code = checkAnswer(question, a?.value);
        if (code) errors[String(qid)] = code;
        else if (!isEmpty(a?.value)) answers.set(qid, a?.value);
      }
    }
    for (const [qid, question] of questions)
      if (question.required && !answers.has(qid) && !errors[String(qid)]) errors[String(qid)] = 'REQUIRED';
    if (Object.keys(errors).length) throw validationError(ctx.lang, errors);
    // Closed surveys accept no answers (checked after validation so the form still learns its errors).
    if (s.closes_at && Date.parse(String(s.closes_at)) < Date.now()) throw new HttpError(409, 'SURVEY_CLOSED');

    const stored = [...answers].map(([question_id, value]) => ({
      question_id,
      section_id: questions.get(question_id)?.section_id,
      value,
    }));
    const row = q('INSERT INTO survey_responses (survey_id, created_at, answers) VALUES (?, ?, ?) RETURNING id').get(
      s.id,
      new Date().toISOString(),
      JSON.stringify(stored),
    );
    return { data: { response_id: found(row).id } };
  });
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Returns an error code, or null when the value fits the question. Empty values are "not answered". */
function checkAnswer(question: Question, value: unknown): string | null {
  if (isEmpty(value)) return null;
  const allowed = new Set(question.options.map((o) => o.value));
  switch (question.type) {
    case 'single':
      if (typeof value !== 'string') return 'INVALID_VALUE';
      return allowed.has(value) ? null : 'INVALID_CHOICE';
    case 'multiple':
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return 'INVALID_VALUE';
      if (new Set(value).size !== value.length) return 'INVALID_VALUE';
      return value.every((v) => allowed.has(v)) ? null : 'INVALID_CHOICE';
    case 'text':
      return typeof value === 'string' && value.length <= MAX_TEXT ? null : 'INVALID_VALUE';
    case 'rating':
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= Number(question.max ?? 5)
        ? null
        : 'INVALID_VALUE';
    default:
      return 'INVALID_VALUE';
  }
}
