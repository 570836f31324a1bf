/**
 * The two small account forms of the login page: forgot password (POST /auth/forgot-password
 * {email}) and the username check (POST /member/verify/username {username}). Each shows its
 * own result or error right under its button, in a polite live region, with the way on: a free
 * username or an unknown email leads to registration (/account/register/).
 */
import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../ui/island/translation';
import type { Lang } from '../../i18n/config';
import { $forgotPasswordRequest, $verifyUsernameRequest, forgotPassword, verifyUsername } from './store';
import { errorMessage } from '../../stores/request';
import { accountPaths } from './session';

/** A result, with a way on when there is one (to registration). */
type Result = { tone: 'ok' | 'error'; text: string; next?: { href: string; label: string } } | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function ResultText({ result, busyText, busy }: { result: Result; busyText: string; busy: boolean }) {
  return (
    <div role="status" aria-live="polite" className="min-h-6">
      {busy ? (
        <p className="m-0 text-muted">{busyText}</p>
      ) : result ? (
        <p className={`m-0 font-bold ${result.tone === 'error' ? 'wb-field-error' : 'wb-ok'}`}>
          {result.text}
          {result.next && (
            <>
              {' '}
              <a href={result.next.href} className="underline">
                {result.next.label}
              </a>
            </>
          )}
        </p>
      ) : null}
    </div>
  );
}

export function ForgotPasswordForm({ lang }: { lang: Lang }) {
  const { t } = useTranslation('webboard');
  const id = useId();
  const request = useStore($forgotPasswordRequest);
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<Result>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!value) return setResult({ tone: 'error', text: t('forgot.emailRequired') });
    if (!EMAIL.test(value)) return setResult({ tone: 'error', text: t('forgot.emailInvalid') });
    setResult(null);
    const r = await forgotPassword(value, { lang });
    if (r.status === 'success') setResult({ tone: 'ok', text: r.data.message || t('forgot.sent') });
    else if (r.status === 'error') {
      const status = (r.error as { status?: unknown } | null)?.status;
      setResult({
        tone: 'error',
        text: errorMessage(r.error) ?? (status === 404 ? t('forgot.notFound') : t('forgot.failed')),
        // No account uses this address: the way to make one.
        next:
          status === 404 ? { href: accountPaths(lang).register, label: t('common:account.createAccount') } : undefined,
      });
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-h`} className="flex flex-col gap-2">
      <h2 id={`${id}-h`} className="m-0 text-xl">
        {t('forgot.title')}
      </h2>
      <p className="m-0 text-muted">{t('forgot.lead')}</p>
      <label htmlFor={`${id}-email`} className="font-bold">
        {t('forgot.email')}
      </label>
      <input
        id={`${id}-email`}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        className="wb-input max-w-md"
      />
      <div>
        <button type="submit" className="btn">
          {t('forgot.submit')}
        </button>
      </div>
      <ResultText result={result} busy={request.status === 'loading'} busyText={t('forgot.inProgress')} />
    </form>
  );
}

export function UsernameCheckForm({ lang }: { lang: Lang }) {
  const { t } = useTranslation('webboard');
  const id = useId();
  const request = useStore($verifyUsernameRequest);
  const [username, setUsername] = useState('');
  const [result, setResult] = useState<Result>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = username.trim();
    if (!value) return setResult({ tone: 'error', text: t('verify.usernameRequired') });
    setResult(null);
    const r = await verifyUsername(value, { lang });
    if (r.status === 'success') {
      setResult(
        r.data.available
          ? {
              tone: 'ok',
              text: t('verify.available', { username: r.data.username }),
              next: {
                href: `${accountPaths(lang).register}?username=${encodeURIComponent(r.data.username)}`,
                label: t('common:account.registerLink'),
              },
            }
          : { tone: 'error', text: t('verify.taken', { username: r.data.username }) },
      );
    } else if (r.status === 'error') {
      setResult({ tone: 'error', text: errorMessage(r.error) ?? t('verify.failed') });
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-h`} className="flex flex-col gap-2">
      <h2 id={`${id}-h`} className="m-0 text-xl">
        {t('verify.title')}
      </h2>
      <p className="m-0 text-muted">{t('verify.lead')}</p>
      <label htmlFor={`${id}-username`} className="font-bold">
        {t('verify.username')}
      </label>
      <input
        id={`${id}-username`}
        autoComplete="off"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        className="wb-input max-w-md"
      />
      <div>
        <button type="submit" className="btn">
          {t('verify.submit')}
        </button>
      </div>
      <ResultText result={result} busy={request.status === 'loading'} busyText={t('verify.inProgress')} />
    </form>
  );
}
