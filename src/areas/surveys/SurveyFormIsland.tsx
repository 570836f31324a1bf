/**
 * The survey form island on `/surveys/{id}/`. It starts from the survey the page
 * pre-rendered (no second GET), renders every question type, checks required answers before
 * sending, sends PUT /survey/{id} and shows the outcome:
 *   - success: a thank-you message; the sessionStorage draft is cleared
 *   - 422: the server's message next to each question it rejected
 *   - 409 SURVEY_CLOSED (or closes_at already past): says the survey is closed
 *   - network failure or any other error: a message; every answer stays in the form
 * Answers are mirrored to sessionStorage as they change, so a reload keeps them.
 *
 * Server-rendered (and without JavaScript) the form is disabled: the page shows the questions
 * read-only with a note that sending needs JavaScript; hydration enables it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../ui/island/translation';
import type { AnswerValue } from './api';
import type { SurveyForm } from './form-collection';
import { formatDateTime } from '../../lib/dates';
import { IslandRoot, type IslandProps } from '../../ui/island';
import {
  checkAnswers,
  clearDraft,
  isClosed,
  readDraft,
  sessionStore,
  TEXT_MAX_LENGTH,
  toSectionAnswers,
  writeDraft,
  type Answers,
} from './answers';
import { ErrorSummary } from './ErrorSummary';
import { QuestionField, fieldId } from './QuestionField';

export interface SurveyFormIslandProps extends IslandProps {
  survey: SurveyForm;
  /** Localised path of the survey list, for the link after sending. */
  listPath: string;
}

type Outcome =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'closed' } | { kind: 'failed'; message: string };

function Form({ survey, listPath, lang }: Omit<SurveyFormIslandProps, 'resources'>) {
  const { t } = useTranslation('common');
  const [live, setLive] = useState(false);
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Closed when the API was read (the page says so without JavaScript); a survey that closes
  // later is noticed once hydrated, below.
  const [outcome, setOutcome] = useState<Outcome>(survey.closed ? { kind: 'closed' } : { kind: 'idle' });
  const [restored, setRestored] = useState(false);
  const [summaryShown, setSummaryShown] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useRef<string | null>(null);

  // Hydrated: enable the form, restore a draft, notice a survey that closed after the build.
  useEffect(() => {
    const draft = readDraft(survey, sessionStore());
    if (Object.keys(draft).length > 0) {
      // sessionStorage exists only in the browser, after hydration.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setAnswers(draft);
      setRestored(true);
    }
    if (isClosed(survey.closesAt)) setOutcome({ kind: 'closed' });
    setLive(true);
  }, [survey]);

  useEffect(() => {
    if (live && outcome.kind !== 'sent') writeDraft(survey.id, answers, sessionStore());
  }, [answers, live, outcome.kind, survey.id]);

  // Focus moves only after React has rendered the messages it points at.
  useEffect(() => {
    const target = focusAfterRender.current;
    if (!target) return;
    focusAfterRender.current = null;
    if (target === 'result') resultRef.current?.focus();
    else document.getElementById(target)?.focus();
  });

  function setAnswer(questionId: string, value: AnswerValue) {
    setAnswers((prev) => ({ ...prev, [questionId]: value }));
    if (errors[questionId]) {
      setErrors((prev) => {
        const { [questionId]: _gone, ...rest } = prev;
        return rest;
      });
    }
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (outcome.kind === 'sending' || outcome.kind === 'closed') return;

    const problems = checkAnswers(survey, answers);
    if (problems.length > 0) {
      setErrors(
        Object.fromEntries(
          problems.map(([id, problem]) => [
            id,
            problem === 'required' ? t('surveyForm.answerRequired') : t('survey.textTooLong', { max: TEXT_MAX_LENGTH }),
          ]),
        ),
      );
      setSummaryShown(true);
      setOutcome({ kind: 'idle' });
      focusAfterRender.current = fieldId(problems[0]![0]);
      return;
    }

    setErrors({});
    setSummaryShown(false);
    setOutcome({ kind: 'sending' });
    // The API module (and its schema library) loads only when someone actually sends.
    const { submitSurvey, SurveyValidationError } = await import('./api');
    const { ApiError } = await import('../../api/errors');
    try {
      await submitSurvey(survey.id, toSectionAnswers(survey, answers), lang);
      clearDraft(survey.id, sessionStore());
      setOutcome({ kind: 'sent' });
      focusAfterRender.current = 'result';
    } catch (error) {
      if (error instanceof SurveyValidationError && Object.keys(error.questionErrors).length > 0) {
        const known = new Set(survey.sections.flatMap((s) => s.questions.map((q) => q.id)));
        const perQuestion = Object.fromEntries(Object.entries(error.questionErrors).filter(([id]) => known.has(id)));
        setErrors(perQuestion);
        setSummaryShown(true);
        setOutcome({ kind: 'failed', message: t('surveyForm.rejected') });
        const first = survey.sections.flatMap((s) => s.questions).find((q) => perQuestion[q.id]);
        focusAfterRender.current = first ? fieldId(first.id) : 'result';
        return;
      }
      const code = error instanceof ApiError ? (error.body as { code?: unknown } | undefined)?.code : undefined;
      if (error instanceof ApiError && (error.status === 409 || code === 'SURVEY_CLOSED')) {
        setOutcome({ kind: 'closed' });
      } else if (error instanceof ApiError && error.status === 503 && error.body === undefined) {
        setOutcome({ kind: 'failed', message: t('surveyForm.networkFailed') });
      } else {
        const message = (error instanceof ApiError && error.serverMessage) || t('errors.generic');
        setOutcome({ kind: 'failed', message: t('surveyForm.serverFailed', { message }) });
      }
      focusAfterRender.current = 'result';
    }
  }

  if (outcome.kind === 'sent') {
    return (
      <div
        ref={resultRef}
        tabIndex={-1}
        role="status"
        className="my-6 p-4 rounded border border-solid border-border bg-notice"
      >
        <h2 className="m-0 text-xl">{t('survey.thanks')}</h2>
        <p>{t('surveyForm.successBody')}</p>
        <p className="m-0">
          <a href={listPath}>{t('surveyForm.backToList')}</a>
        </p>
      </div>
    );
  }

  const closed = outcome.kind === 'closed';
  const sending = outcome.kind === 'sending';
  const summaryItems = summaryShown
    ? survey.sections
        .flatMap((s) => s.questions)
        .filter((q) => errors[q.id])
        .map((q) => ({ id: q.id, label: q.label, message: errors[q.id]! }))
    : [];

  return (
    <form noValidate onSubmit={send} aria-labelledby="survey-title" className="flex flex-col gap-6 my-6">
      {!live && (
        // What the pre-rendered page says until the island is live (and always, without JavaScript).
        <p className="m-0 p-4 rounded border border-solid border-border bg-notice font-bold" data-survey-nojs>
          {t('surveyForm.noJs')}
        </p>
      )}
      {closed && (
        <div
          ref={resultRef}
          tabIndex={-1}
          role="alert"
          className="p-4 rounded border border-solid border-border bg-notice"
        >
          <p className="m-0 font-bold">{t('surveyForm.closed')}</p>
          {survey.closesAt && (survey.closed || isClosed(survey.closesAt)) && (
            <p className="m-0">{t('surveyForm.closedOn', { date: formatDateTime(survey.closesAt, lang) })}</p>
          )}
        </div>
      )}
      {outcome.kind === 'failed' && (
        <div
          ref={resultRef}
          tabIndex={-1}
          role="alert"
          className="p-4 rounded border border-solid border-border bg-notice"
        >
          <p className="m-0 font-bold">{outcome.message}</p>
        </div>
      )}
      {summaryItems.length > 0 && <ErrorSummary items={summaryItems} />}
      {restored && !closed && (
        <p role="status" className="m-0 text-muted">
          {t('surveyForm.draftRestored')}
        </p>
      )}
      <p className="m-0 text-sm text-muted">{t('surveyForm.requiredNote')}</p>
      {survey.sections.map((section) => (
        <section key={section.id} aria-labelledby={`survey-s-${section.id}`} className="flex flex-col gap-4">
          <h2 id={`survey-s-${section.id}`} className="m-0 text-xl">
            {section.title}
          </h2>
          {section.questions.map((q) => (
            <QuestionField
              key={q.id}
              question={q}
              value={answers[q.id]}
              error={errors[q.id]}
              disabled={!live || closed}
              onChange={(v) => setAnswer(q.id, v)}
            />
          ))}
        </section>
      ))}
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          className="btn survey-submit"
          disabled={!live || closed}
          aria-disabled={sending || undefined}
        >
          {t('survey.submit')}
        </button>
        {sending && (
          <p role="status" className="m-0 text-muted">
            {t('surveyForm.sending')}
          </p>
        )}
      </div>
    </form>
  );
}

export default function SurveyFormIsland({ lang, resources, survey, listPath }: SurveyFormIslandProps) {
  return (
    <IslandRoot lang={lang} resources={resources}>
      <Form lang={lang} survey={survey} listPath={listPath} />
    </IslandRoot>
  );
}
