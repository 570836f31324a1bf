/**
 * One question of a survey, as the native control its type calls for:
 *   single   → radio group in a fieldset with the question as legend
 *   multiple → checkboxes in a fieldset
 *   text     → labelled textarea with a maximum length and a character count
 *   rating   → radio scale 1..max in a fieldset, with the meaning of both ends shown
 * The message about the question (client check or the server's 422) sits right under it and
 * is tied to the control with aria-describedby. `disabled` renders the read-only version the
 * page shows before the island is live (and without JavaScript).
 */
import { useTranslation } from '../../ui/island/translation';
import type { AnswerValue } from './api';
import type { SurveyQuestion } from './form-collection';
import { TEXT_MAX_LENGTH } from './answers';

interface Props {
  question: SurveyQuestion;
  value: AnswerValue | undefined;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: AnswerValue) => void;
}

/** The id the error summary links to: the question's first control. */
export const fieldId = (questionId: string) => `survey-q-${questionId}`;
const errorId = (questionId: string) => `survey-q-${questionId}-error`;

function RequiredMark() {
  const { t } = useTranslation('common');
  return <span className="ml-1 text-sm font-normal text-muted">* ({t('survey.required')})</span>;
}

function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="m-0 font-bold survey-error">
      {message}
    </p>
  );
}

export function QuestionField({ question: q, value, error, disabled, onChange }: Props) {
  const { t } = useTranslation('common');
  const describedBy =
    [error ? errorId(q.id) : '', q.type === 'rating' ? `${fieldId(q.id)}-scale` : ''].filter(Boolean).join(' ') ||
    undefined;
  const invalid = error ? true : undefined;
  const boxClass = `flex flex-col gap-2 m-0 p-4 rounded border border-solid ${error ? 'survey-invalid' : 'border-border/40'}`;

  if (q.type === 'text') {
    const text = typeof value === 'string' ? value : '';
    const countId = `${fieldId(q.id)}-count`;
    return (
      <div className={boxClass}>
        <label htmlFor={fieldId(q.id)} className="font-bold">
          {q.label}
          {q.required && <RequiredMark />}
        </label>
        <ErrorText id={errorId(q.id)} message={error} />
        <textarea
          id={fieldId(q.id)}
          name={`q${q.id}`}
          rows={4}
          maxLength={TEXT_MAX_LENGTH}
          value={text}
          disabled={disabled}
          required={q.required}
          aria-invalid={invalid}
          aria-describedby={[error ? errorId(q.id) : '', countId].filter(Boolean).join(' ')}
          onChange={(e) => onChange(e.target.value)}
          className="w-full box-border p-2 rounded border border-solid border-border bg-bg text-fg font-inherit text-base"
        />
        <p id={countId} className="m-0 text-sm text-muted">
          {t('surveyForm.charCount', { count: text.length, max: TEXT_MAX_LENGTH })}
        </p>
      </div>
    );
  }

  const choices =
    q.type === 'rating'
      ? Array.from({ length: q.max ?? 5 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))
      : q.options;
  const isMultiple = q.type === 'multiple';
  const selected = new Set(Array.isArray(value) ? value : value === undefined ? [] : [String(value)]);

  function choose(choice: string, checked: boolean) {
    if (q.type === 'rating') onChange(Number(choice));
    else if (!isMultiple) onChange(choice);
    else {
      const next = new Set(selected);
      if (checked) next.add(choice);
      else next.delete(choice);
      // Keep the API's option order, whatever order the boxes were ticked in.
      onChange(q.options.map((o) => o.value).filter((v) => next.has(v)));
    }
  }

  return (
    <fieldset className={boxClass} aria-describedby={describedBy}>
      <legend className="font-bold px-1">
        {q.label}
        {q.required && <RequiredMark />}
      </legend>
      <ErrorText id={errorId(q.id)} message={error} />
      {q.type === 'rating' && (
        <p id={`${fieldId(q.id)}-scale`} className="m-0 text-sm text-muted">
          {t('surveyForm.ratingScale', { max: q.max ?? 5 })}
        </p>
      )}
      <div className={q.type === 'rating' ? 'flex flex-wrap gap-2' : 'flex flex-col gap-1'}>
        {choices.map((c, i) => {
          const id = i === 0 ? fieldId(q.id) : `${fieldId(q.id)}-${i}`;
          return (
            <label key={c.value} htmlFor={id} className={`survey-choice ${q.type === 'rating' ? 'survey-rating' : ''}`}>
              <input
                id={id}
                type={isMultiple ? 'checkbox' : 'radio'}
                name={`q${q.id}`}
                value={c.value}
                checked={selected.has(c.value)}
                disabled={disabled}
                required={q.required && !isMultiple ? true : undefined}
                aria-invalid={invalid}
                onChange={(e) => choose(c.value, e.target.checked)}
              />
              <span>{c.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
