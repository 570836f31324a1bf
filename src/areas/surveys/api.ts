/**
 * Survey area: list, one survey, submitting answers.
 * Spec point 7 "Survey", spec point 3 Survey (results, current_page, total); shapes in
 * docs/api-contract.md. A rejected submission (422) becomes a SurveyValidationError, an
 * ApiError that also says which question failed and why, so the form can show it there.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseData, parseEach, parseResults } from '../../api/boundary';
import { ApiError } from '../../api/errors';
import { DEFAULT_PAGE, listQuery } from '../../api/load-rules';
import { isoDate, idSchema } from '../../api/shared';

// ---- schemas (the API's shapes) ----

const surveySummarySchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  description: z._default(z.string(), ''),
  question_count: z.number().check(z.int(), z.nonnegative()),
  closes_at: z.nullable(isoDate),
});

const questionSchema = z.object({
  id: idSchema,
  type: z.enum(['single', 'multiple', 'text', 'rating']),
  label: z.string().check(z.minLength(1)),
  required: z.boolean(),
  options: z._default(z.array(z.object({ value: z.string(), label: z.string().check(z.minLength(1)) })), []),
  max: z._default(z.nullable(z.number().check(z.int(), z.positive())), null),
});

const surveySchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  description: z._default(z.string(), ''),
  // A survey with a malformed question cannot be answered faithfully: the whole survey fails.
  sections: z.array(z.object({ id: idSchema, title: z.string(), questions: z.array(questionSchema) })),
});

const submitSchema = z.object({ response_id: idSchema });

const validationBodySchema = z.object({
  errors: z.array(z.unknown()),
});
const fieldErrorSchema = z.object({ field: z.string().check(z.minLength(1)), message: z.string() });

// ---- the portal's types ----

export type SurveySummary = ReturnType<typeof mapSurveySummary>;
export interface SurveyList {
  results: SurveySummary[];
  currentPage: number;
  total: number;
}

/** @internal (the contract test names it) */
export type Question = ReturnType<typeof mapQuestion>;

export type Survey = ReturnType<typeof mapSurvey>;
/** single → string, multiple → string[], text → string (≤ 2000 chars), rating → integer. */
export type AnswerValue = string | string[] | number;

export interface SectionAnswers {
  sectionId: string;
  answers: { questionId: string; value: AnswerValue }[];
}

// ---- mappings ----

function mapSurveySummary(raw: z.output<typeof surveySummarySchema>) {
  return {
    id: String(raw.id),
    title: raw.title,
    description: raw.description,
    questionCount: raw.question_count,
    closesAt: raw.closes_at,
  };
}

function mapQuestion(raw: z.output<typeof questionSchema>) {
  return { ...raw, id: String(raw.id) };
}

function mapSurvey(raw: z.output<typeof surveySchema>) {
  return {
    id: String(raw.id),
    title: raw.title,
    description: raw.description,
    sections: raw.sections.map((s) => ({ id: String(s.id), title: s.title, questions: s.questions.map(mapQuestion) })),
  };
}

/**
 * The portal keeps ids as strings; the API's ids are integers, so digits go back as numbers.
 * Non-numeric ids (another API's uuids) are sent unchanged.
 */
function toWireId(id: string): string | number {
  return /^\d+$/.test(id) ? Number(id) : id;
}

/** The PUT payload: `{ sections: [{ id, answers: [{ question_id, value }] }] }`. */
export function toSurveyPayload(sections: SectionAnswers[]): {
  sections: { id: string | number; answers: { question_id: string | number; value: AnswerValue }[] }[];
} {
  return {
    sections: sections.map((s) => ({
      id: toWireId(s.sectionId),
      answers: s.answers.map((a) => ({ question_id: toWireId(a.questionId), value: a.value })),
    })),
  };
}

// ---- errors ----

/** A 422 answer to a submission: `questionErrors` maps a question id to the server's message. */
export class SurveyValidationError extends ApiError {
  readonly questionErrors: Record<string, string>;

  constructor(source: ApiError, questionErrors: Record<string, string>) {
    super({
      status: source.status,
      body: source.body,
      endpoint: source.endpoint,
      message: source.message,
      cause: source.cause,
    });
    this.name = 'SurveyValidationError';
    this.questionErrors = questionErrors;
  }
}

/** Reads `errors[].field/message` of a 422 body; malformed entries are skipped with a warning. */
function questionErrorsOf(error: ApiError): Record<string, string> {
  const body = validationBodySchema.safeParse(error.body);
  if (!body.success) return {};
  const out: Record<string, string> = {};
  for (const e of parseEach(error.endpoint, fieldErrorSchema, body.data.errors, (v) => v)) {
    out[e.field] ??= e.message; // the first message about a question is the one to show
  }
  return out;
}

// ---- calls ----

/** GET /survey?page= */
export async function getSurveys(params: { page?: number }, lang: Lang): Promise<SurveyList> {
  const endpoint = '/survey';
  const raw = await api.get(endpoint, { lang, query: listQuery({ ...params }, { page: DEFAULT_PAGE }) });
  const { results, currentPage, total } = parseResults(endpoint, raw, surveySummarySchema, mapSurveySummary);
  return { results, currentPage, total };
}

/** GET /survey/{id} */
export async function getSurvey(id: string | number, lang: Lang): Promise<Survey> {
  const endpoint = `/survey/${encodeURIComponent(String(id))}`;
  return parseData(endpoint, await api.get(endpoint, { lang }), surveySchema, mapSurvey);
}

/**
 * PUT /survey/{id} with the sections payload. Resolves with the response id; a 422
 * rejects with a SurveyValidationError, any other failure with the client's ApiError.
 */
export async function submitSurvey(
  id: string | number,
  sections: SectionAnswers[],
  lang: Lang,
): Promise<{ responseId: string }> {
  const endpoint = `/survey/${encodeURIComponent(String(id))}`;
  let raw: unknown;
  try {
    raw = await api.put(endpoint, toSurveyPayload(sections), { lang });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      throw new SurveyValidationError(error, questionErrorsOf(error));
    }
    throw error;
  }
  return parseData(endpoint, raw, submitSchema, (v) => ({ responseId: String(v.response_id) }));
}
