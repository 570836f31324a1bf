/**
 * `/webboard/login/`: the login form, or — when already logged in — who is logged in with
 * links on. `?logout=1` (the header's logout link) logs out first; `?loggedOut=1` says so.
 * `?next=` is carried to the form. Also offers forgot password and the username check.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../ui/island/translation';
import { webboardLogout } from './store';
import { IslandRoot, Loading, type IslandProps } from '../../ui/island';
import { ForgotPasswordForm, UsernameCheckForm } from '../account/AccountHelp';
import { LoginForm } from './LoginForm';
import { webboardPaths } from './paths';
import { MemberBar, SessionNotice, displayName, useWebboardSession } from './session';

function LoginPage({ lang }: Pick<IslandProps, 'lang'>) {
  const { t } = useTranslation('webboard');
  const session = useWebboardSession();
  const [flags, setFlags] = useState({ loggedOut: false, hasNext: false });

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get('logout') === '1') {
      webboardLogout();
      params.delete('logout');
      params.set('loggedOut', '1');
      history.replaceState(history.state, '', `${location.pathname}?${params}`);
    }
    // The address's flags are read after hydration (the server rendered without them).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFlags({ loggedOut: params.get('loggedOut') === '1', hasNext: params.has('next') });
  }, []);

  if (!session) return <Loading />;
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="wb-login-h" className="flex flex-col gap-3">
        <h2 id="wb-login-h" className="m-0 text-xl">
          {t('login.title')}
        </h2>
        <SessionNotice />
        {flags.loggedOut && !session.isLoggedIn && (
          <p role="status" className="m-0 p-3 rounded bg-surface">
            {t('login.loggedOut')}
          </p>
        )}
        {session.isLoggedIn ? (
          <>
            <p className="m-0">{t('login.alreadyIn', { name: displayName(session.profile) })}</p>
            <p className="m-0">
              <a href={webboardPaths(lang).rooms}>{t('login.goToRooms')}</a>
            </p>
            <MemberBar session={session} lang={lang} />
          </>
        ) : (
          <>
            {flags.hasNext && <p className="m-0 text-muted">{t('login.continueAfter')}</p>}
            <LoginForm lang={lang} />
          </>
        )}
      </section>
      {!session.isLoggedIn && (
        <div className="grid gap-8 md:grid-cols-2 border-t border-t-solid border-border/40 pt-6">
          <ForgotPasswordForm lang={lang} />
          <UsernameCheckForm lang={lang} />
        </div>
      )}
    </div>
  );
}

export default function WebboardLoginIsland({ lang, resources }: IslandProps) {
  return (
    <IslandRoot lang={lang} resources={resources}>
      <LoginPage lang={lang} />
    </IslandRoot>
  );
}
