/**
 * `/account/register/?username=…`: create a member account (POST /member/register), where the
 * username check and "forgot password" lead. Wrong fields are named next to the field (the
 * server's 422 `errors`, or a taken username or email); what was typed stays. On success it
 * says so and links to the login.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../ui/island/translation';
import { IslandRoot, Loading, type IslandProps } from '../../ui/island';
import { useClientValue } from '../../ui/island/use-client-value';
import type { Lang } from '../../i18n/config';
import { errorMessage } from '../../stores/request';
import { register, type Registration } from './api';
import { accountPaths } from './session';
import { SubmitRow, TextField } from '../../ui/island/form-parts';

type Field = keyof Registration;
const FIELDS: { name: Field; api: string; type?: string; auto: string }[] = [
  { name: 'username', api: 'username', auto: 'username' },
  { name: 'password', api: 'password', type: 'password', auto: 'new-password' },
  { name: 'email', api: 'email', type: 'email', auto: 'email' },
  { name: 'firstName', api: 'first_name', auto: 'given-name' },
  { name: 'lastName', api: 'last_name', auto: 'family-name' },
];

/** The server's field problems: 422 `errors: [{field, message}]`, or 409 `{field, message}`. */
function fieldProblems(error: unknown): Partial<Record<Field, string>> {
  const body = (error as { body?: unknown } | null)?.body as
    { errors?: { field?: unknown; message?: unknown }[]; field?: unknown; message?: unknown } | undefined;
  const out: Partial<Record<Field, string>> = {};
  const list = body?.errors ?? (body?.field ? [{ field: body.field, message: body.message }] : []);
  for (const e of list) {
    const f = FIELDS.find((x) => x.api === e.field);
    if (f && typeof e.message === 'string') out[f.name] = e.message;
  }
  return out;
}

function RegisterForm({ lang }: { lang: Lang }) {
  const { t } = useTranslation('common');
  const id = useId();
  const suggested = useClientValue(() => new URLSearchParams(location.search).get('username') ?? '');
  const [values, setValues] = useState<Partial<Registration>>({});
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const value = (f: Field) => values[f] ?? (f === 'username' ? (suggested ?? '') : '');
  const labels: Record<Field, string> = {
    username: t('account.username'),
    password: t('account.password'),
    email: t('account.email'),
    firstName: t('account.firstName'),
    lastName: t('account.lastName'),
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const input = Object.fromEntries(FIELDS.map((f) => [f.name, value(f.name)])) as unknown as Registration;
    const missing = Object.fromEntries(
      FIELDS.filter((f) => !input[f.name].trim()).map((f) => [f.name, t('account.required')]),
    );
    setProblems(missing);
    setFailure(null);
    if (Object.keys(missing).length) return document.getElementById(`${id}-${Object.keys(missing)[0]}`)?.focus();
    setBusy(true);
    try {
      await register(input, lang);
      setDone(true);
    } catch (error) {
      const byField = fieldProblems(error);
      setProblems(byField);
      const first = Object.keys(byField)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      else setFailure(errorMessage(error) ?? t('account.registerFailed'));
    } finally {
      setBusy(false);
    }
  }

  if (suggested === null) return <Loading />; // the form works only once the island runs
  if (done)
    return (
      <p role="status" className="m-0 p-3 rounded bg-surface font-bold">
        {t('account.registered')}{' '}
        <a href={accountPaths(lang).login} className="underline">
          {t('account.login')}
        </a>
      </p>
    );
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-h`} className="flex flex-col gap-2 max-w-md">
      <h2 id={`${id}-h`} className="m-0 text-xl">
        {t('account.registerTitle')}
      </h2>
      <p className="m-0 text-muted">{t('account.registerLead')}</p>
      {failure && (
        <p role="alert" className="m-0 wb-field-error">
          {failure}
        </p>
      )}
      {FIELDS.map((f) => (
        <TextField
          key={f.name}
          id={`${id}-${f.name}`}
          label={labels[f.name]}
          hint={f.name === 'password' ? t('account.passwordHint') : undefined}
          problem={problems[f.name]}
          name={f.api}
          type={f.type ?? 'text'}
          autoComplete={f.auto}
          value={value(f.name)}
          onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
        />
      ))}
      <SubmitRow label={t('account.register')} busyLabel={t('account.registering')} busy={busy} className="mt-2" />
    </form>
  );
}

export default function RegisterIsland({ lang, resources }: IslandProps) {
  return (
    <IslandRoot lang={lang} resources={resources}>
      <RegisterForm lang={lang} />
    </IslandRoot>
  );
}
