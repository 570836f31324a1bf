/**
 * The web board login form: username, password and an "administrator" checkbox (the admin
 * variant posts to /customer/auth/admin with is_admin true). A wrong password shows the
 * server's own message, keeps the username typed, clears only the password, and moves focus to
 * the message. After login the member goes to `?next=` (same-site paths only) or the rooms.
 */
import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../ui/island/translation';
import type { Lang } from '../../i18n/config';
import { errorMessage } from '../../stores/request';
import { $webboardLoginRequest, webboardLogin } from './store';
import { safeNextPath, webboardPaths } from './paths';
import { FormAlert, SubmitRow, TextField } from '../../ui/island/form-parts';

type FieldProblem = { username?: string; password?: string };

function isNetworkFailure(error: unknown): boolean {
  const e = error as { status?: unknown; body?: unknown } | null;
  return !!e && e.status === 503 && e.body === undefined;
}

export function LoginForm({ lang }: { lang: Lang }) {
  const { t } = useTranslation('webboard');
  const id = useId();
  const request = useStore($webboardLoginRequest);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [isAdmin, setIsAdmin] = useState(false);
  const [problems, setProblems] = useState<FieldProblem>({});
  const [failure, setFailure] = useState<string | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const busy = request.status === 'loading';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const next: FieldProblem = {};
    if (!username.trim()) next.username = t('login.usernameRequired');
    if (!password) next.password = t('login.passwordRequired');
    setProblems(next);
    setFailure(null);
    if (next.username) return usernameRef.current?.focus();
    if (next.password) return passwordRef.current?.focus();

    const result = await webboardLogin({ username: username.trim(), password, isAdmin }, { lang });
    if (result.status === 'success') {
      const params = new URLSearchParams(location.search);
      location.assign(safeNextPath(params.get('next'), location.origin, webboardPaths(lang).rooms));
      return;
    }
    if (result.status === 'error') {
      setPassword('');
      const status = (result.error as { status?: unknown } | null)?.status;
      const fallback = isNetworkFailure(result.error)
        ? t('common:errors.network')
        : status === 403
          ? t('login.notAdmin')
          : status === 401
            ? t('login.failed')
            : t('common:errors.generic');
      setFailure(errorMessage(result.error) ?? fallback);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4 max-w-md"
      aria-describedby={failure ? `${id}-failure` : undefined}
    >
      <FormAlert id={`${id}-failure`} message={failure} />
      <TextField
        ref={usernameRef}
        id={`${id}-username`}
        label={t('login.username')}
        problem={problems.username}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <TextField
        ref={passwordRef}
        id={`${id}-password`}
        label={t('login.password')}
        problem={problems.password}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <label className="inline-flex items-center gap-2 min-h-11">
        <input
          type="checkbox"
          name="is_admin"
          checked={isAdmin}
          onChange={(e) => setIsAdmin(e.target.checked)}
          className="w-5 h-5 m-0"
        />
        {t('login.admin')}
      </label>
      <SubmitRow label={t('login.submit')} busyLabel={t('login.inProgress')} busy={busy} />
    </form>
  );
}
