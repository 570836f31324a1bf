/**
 * `/account/`: "my account" from POST /auth/me with the member's bearer token, and log out
 * (POST /api/v1/authen/logout, then the stored session is reset). A 401 from any call forces a
 * logout without the server call (the client's logout handler, ./store.ts), and so does the
 * token's expiry: either way this page then says the session ended and links to the login.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from '../../ui/island/translation';
import { IslandRoot, LoadFailure, Loading, type IslandProps } from '../../ui/island';
import type { Lang } from '../../i18n/config';
import { errorMessage } from '../../stores/request';
import { accountPaths, useAccountSession } from './session';
import { $refreshRequest, logout, refresh } from './store';

function Account({ lang }: { lang: Lang }) {
  const { t } = useTranslation('common');
  const session = useAccountSession();
  const me = useStore($refreshRequest);
  const [ended, setEnded] = useState<'expired' | 'loggedOut' | null>(null);
  const wasIn = useRef(false);
  const known = session !== null;
  // The token, not the session object: /auth/me's answer replaces the stored profile, which makes
  // a new session object, and must not ask again.
  const token = session?.token ?? null;

  // Asks /auth/me once per token. (Not on other changes: the logout button sets `ended` before
  // the logout call, and a second /auth/me racing it would meet a revoked token.)
  useEffect(() => {
    if (known && token) {
      wasIn.current = true;
      void refresh({ lang });
    }
  }, [known, token, lang]);
  useEffect(() => {
    // Logged in a moment ago, now not, and not by the button: a 401 or the token expired.
    if (known && !token && wasIn.current && ended === null) setEnded('expired');
  }, [known, token, ended]);

  if (!session) return <Loading />;
  const paths = accountPaths(lang);
  if (!session.isLoggedIn) {
    return (
      <div className="flex flex-col gap-3">
        {ended && (
          <p role={ended === 'expired' ? 'alert' : 'status'} className="m-0 p-3 rounded bg-surface font-bold">
            {ended === 'expired' ? t('errors.sessionExpired') : t('account.loggedOut')}
          </p>
        )}
        <p className="m-0">{t('account.loginNeeded')}</p>
        <p className="m-0">
          <a href={paths.login} className="font-bold">
            {t('account.login')}
          </a>
        </p>
      </div>
    );
  }
  if (me.status === 'error')
    return <LoadFailure message={errorMessage(me.error)} onRetry={() => void refresh({ lang })} />;
  const profile = me.status === 'success' ? me.data : null;
  if (!profile) return <Loading />;
  const rows: [string, string][] = [
    [t('account.name'), `${profile.firstName} ${profile.lastName}`.trim()],
    [t('account.username'), profile.username],
    [t('account.email'), profile.email],
    [t('account.memberId'), profile.uuid],
  ];
  return (
    <section aria-labelledby="account-h" className="flex flex-col gap-4">
      <h2 id="account-h" className="m-0 text-xl">
        {t('account.myAccount')}
      </h2>
      <dl className="m-0 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-bold">{label}</dt>
            <dd className="m-0 break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <button
          type="button"
          className="btn"
          onClick={async () => {
            setEnded('loggedOut');
            await logout({ lang });
          }}
        >
          {t('account.logout')}
        </button>
      </div>
    </section>
  );
}

export default function AccountIsland({ lang, resources }: IslandProps) {
  return (
    <IslandRoot lang={lang} resources={resources}>
      <Account lang={lang} />
    </IslandRoot>
  );
}
