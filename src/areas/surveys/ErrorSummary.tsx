/**
 * The list of problems at the top of the form, each linking to its question. Following a
 * link moves focus to the question's first control (a plain fragment link would only scroll).
 */
import { useTranslation } from '../../ui/island/translation';
import { fieldId } from './QuestionField';

export interface SummaryItem {
  id: string;
  label: string;
  message: string;
}

export function ErrorSummary({ items }: { items: SummaryItem[] }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      aria-labelledby="survey-error-summary"
      className="p-4 rounded border-2 border-solid survey-invalid"
    >
      <h2 id="survey-error-summary" className="m-0 text-lg">
        {t('surveyForm.errorSummary', { count: items.length })}
      </h2>
      <ul className="mb-0">
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${fieldId(item.id)}`}
              onClick={(e) => {
                const target = document.getElementById(fieldId(item.id));
                if (!target) return;
                e.preventDefault();
                target.focus();
                target.scrollIntoView({ block: 'center' });
              }}
            >
              {item.label}: {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
