/**
 * `/account/login/`: the portal member's login (POST /auth/login). A wrong password shows the
 * server's message, keeps the username and clears only the password; success goes to "my
 * account". `?expired=1` says the session ended (forced logout on 401 or expiry); `?loggedOut=1`
 * confirms a logout. Below: forgot password and the username check, which leads to registration.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../ui/island/translation';
import { IslandRoot, Loading, type IslandProps } from '../../ui/island';
import { useClientValue } from '../../ui/island/use-client-value';
import type { Lang } from '../../i18n/config';
import { errorMessage } from '../../stores/request';
import { ForgotPasswordForm, UsernameCheckForm } from './AccountHelp';
import { FormAlert, SubmitRow } from '../../ui/island/form-parts';
import { accountPaths, useAccountSession } from './session';
import { login } from './store';

function LoginForm({ lang }: { lang: Lang }) {
  const { t } = useTranslation('common');
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!username.trim() || !password) return setProblem(t('account.required'));
    setProblem(null);
    setBusy(true);
    const result = await login({ username: username.trim(), password }, { lang });
    setBusy(false);
    if (result.status === 'success') return location.assign(accountPaths(lang).account);
    if (result.status === 'error') {
      setPassword('');
      const status = (result.error as { status?: unknown } | null)?.status;
      setProblem(errorMessage(result.error) ?? (status === 401 ? t('account.failed') : t('errors.generic')));
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 max-w-md" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="m-0 text-xl">
        {t('account.loginHeading')}
      </h2>
      <FormAlert message={problem} />
      <label htmlFor={`${id}-u`} className="font-bold">
        {t('account.username')}
      </label>
      <input
        id={`${id}-u`}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        className="wb-input"
      />
      <label htmlFor={`${id}-p`} className="font-bold">
        {t('account.password')}
      </label>
      <input
        id={`${id}-p`}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        className="wb-input"
      />
      <SubmitRow label={t('account.login')} busyLabel={t('account.loggingIn')} busy={busy} />
    </form>
  );
}

function LoginPage({ lang }: { lang: Lang }) {
  const { t } = useTranslation('common');
  const session = useAccountSession();
  const flag = useClientValue(() => {
    const params = new URLSearchParams(location.search);
    return params.get('expired') === '1' ? 'expired' : params.get('loggedOut') === '1' ? 'loggedOut' : '';
  });

  if (!session) return <Loading />;
  return (
    <div className="flex flex-col gap-8">
      {flag && !session.isLoggedIn && (
        <p role={flag === 'expired' ? 'alert' : 'status'} className="m-0 p-3 rounded bg-surface font-bold">
          {flag === 'expired' ? t('errors.sessionExpired') : t('account.loggedOut')}
        </p>
      )}
      {session.isLoggedIn ? (
        <p className="m-0">
          {t('account.alreadyIn', { name: session.profile?.username ?? '' })}{' '}
          <a href={accountPaths(lang).account}>{t('account.myAccount')}</a>
        </p>
      ) : (
        <>
          <LoginForm lang={lang} />
          <p className="m-0">
            {t('account.noAccount')}{' '}
            <a href={accountPaths(lang).register} className="underline">
              {t('account.createAccount')}
            </a>
          </p>
          <div className="grid gap-8 md:grid-cols-2 border-t border-t-solid border-border/40 pt-6">
            <ForgotPasswordForm lang={lang} />
            <UsernameCheckForm lang={lang} />
          </div>
        </>
      )}
    </div>
  );
}

export default function AccountLoginIsland({ lang, resources }: IslandProps) {
  return (
    <IslandRoot lang={lang} resources={resources}>
      <LoginPage lang={lang} />
    </IslandRoot>
  );
}
