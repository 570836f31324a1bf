/**
 * The loading state of an island: a polite live region with a visible text (and a spinner for
 * sighted visitors), so screen readers announce it and nothing depends on animation alone.
 */
import { useTranslation } from './translation';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <p role="status" className="my-4 flex items-center gap-2 text-muted">
      <span
        className="inline-block w-4 h-4 rounded-full border-2 border-solid border-border border-t-transparent animate-spin"
        aria-hidden="true"
      />
      {label ?? t('status.loading')}
    </p>
  );
}
