/**
 * A failure message with a retry button. The message defaults to the generic "could not load"
 * text; callers pass their own (e.g. the server's message, or "the search failed").
 * role="alert" so a screen reader hears it when it appears after an action.
 */
import { useTranslation } from './translation';

export function LoadFailure({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className="my-4 p-4 rounded border border-solid border-border bg-notice">
      <p>{message ?? t('errors.loadFailed')}</p>
      <button type="button" className="btn" onClick={onRetry}>
        {t('errors.retry')}
      </button>
    </div>
  );
}
