/**
 * The survey form's model, kept apart from React so it can be unit-tested: which questions
 * are answered, which answers are wrong before sending, the PUT payload, and the draft kept
 * in sessionStorage so a reload (or a failed send followed by a reload) never loses typed
 * answers. Nothing here imports the API module: the island loads it only when sending.
 */
import type { AnswerValue, SectionAnswers } from './api';
import type { SurveyForm, SurveyQuestion } from './form-collection';

export type Answers = Record<string, AnswerValue>;

/** docs/api-contract.md: a text answer is at most 2000 characters. */
export const TEXT_MAX_LENGTH = 2000;

export type ClientProblem = 'required' | 'tooLong';

function allQuestions(form: SurveyForm): SurveyQuestion[] {
  return form.sections.flatMap((s) => s.questions);
}

/** Blank text, no choice and an empty list are not answers (the API treats them the same way). */
function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return Number.isFinite(value);
}

/** Problems found before sending, by question id, in the order the questions appear. */
export function checkAnswers(form: SurveyForm, answers: Answers): Array<[string, ClientProblem]> {
  const problems: Array<[string, ClientProblem]> = [];
  for (const q of allQuestions(form)) {
    const value = answers[q.id];
    if (q.required && !isAnswered(value)) problems.push([q.id, 'required']);
    else if (q.type === 'text' && typeof value === 'string' && value.length > TEXT_MAX_LENGTH)
      problems.push([q.id, 'tooLong']);
  }
  return problems;
}

/** Answers grouped by section for submitSurvey; unanswered questions are left out. */
export function toSectionAnswers(form: SurveyForm, answers: Answers): SectionAnswers[] {
  return form.sections.map((s) => ({
    sectionId: s.id,
    answers: s.questions
      .filter((q) => isAnswered(answers[q.id]))
      .map((q) => ({ questionId: q.id, value: answers[q.id]! })),
  }));
}

// ---- the draft ----

const draftKey = (surveyId: string) => `survey-draft:${surveyId}`;

/** Whether `value` is a well-formed answer to `q` (a stored draft may be stale or hand-edited). */
function fitsQuestion(q: SurveyQuestion, value: unknown): value is AnswerValue {
  const options = new Set(q.options.map((o) => o.value));
  switch (q.type) {
    case 'single':
      return typeof value === 'string' && options.has(value);
    case 'multiple':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && options.has(v));
    case 'text':
      return typeof value === 'string';
    case 'rating':
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= (q.max ?? 5);
  }
}

/** The saved answers that still fit the survey; anything else is dropped silently. */
export function readDraft(form: SurveyForm, storage: Pick<Storage, 'getItem'> | undefined): Answers {
  let raw: unknown;
  try {
    raw = JSON.parse(storage?.getItem(draftKey(form.id)) ?? 'null');
  } catch {
    return {};
  }
  if (!raw || typeof raw !== 'object') return {};
  const out: Answers = {};
  for (const q of allQuestions(form)) {
    const value = (raw as Record<string, unknown>)[q.id];
    if (fitsQuestion(q, value)) out[q.id] = value;
  }
  return out;
}

export function writeDraft(
  surveyId: string,
  answers: Answers,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
): void {
  try {
    if (Object.values(answers).some(isAnswered)) storage?.setItem(draftKey(surveyId), JSON.stringify(answers));
    else storage?.removeItem(draftKey(surveyId));
  } catch {
    // Storage full or blocked (private mode): the form still works, only the draft is lost.
  }
}

export function clearDraft(surveyId: string, storage: Pick<Storage, 'removeItem'> | undefined): void {
  try {
    storage?.removeItem(draftKey(surveyId));
  } catch {
    /* blocked storage: nothing to clear */
  }
}

/** The page's sessionStorage, or undefined where it is missing or blocked. */
export function sessionStore(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function isClosed(closesAt: string | null, now: number = Date.now()): boolean {
  if (!closesAt) return false;
  const at = Date.parse(closesAt);
  return Number.isFinite(at) && at <= now;
}
