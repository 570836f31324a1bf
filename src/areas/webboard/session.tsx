/**
 * What every web board island shares: waiting for the stored profile to be read (so a
 * logged-in member never sees a flash of "please log in"), the "please log in" message with a
 * link back here afterwards, the "session expired" notice, and the bar with the member's name
 * and the logout button.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../ui/island/translation';
import type { Lang } from '../../i18n/config';
import { $rehydrated } from '../../stores/rehydration';
import { $storedWebboardProfile, $webboard, $webboardNotice, webboardLogout, type WebboardSession } from './store';
import { Loading } from '../../ui/island';
import { loginPathFor, webboardPaths } from './paths';

export function displayName(profile: WebboardSession['profile']): string {
  if (!profile) return '';
  const full = `${profile.firstName} ${profile.lastName}`.trim();
  return full || profile.username;
}

/** The session once storage has been read; null while it has not (render a loading state). */
export function useWebboardSession(): WebboardSession | null {
  const ready = useStore($rehydrated);
  const session = useStore($webboard);
  // The first client render must equal the server's (no stored state there), even when
  // rehydration already finished before this island hydrated: wait for the mount too.
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the mount itself is the event
  useEffect(() => setMounted(true), []);
  return ready && mounted ? session : null;
}

/** The reason the member was logged out without asking, announced and focused once. */
export function SessionNotice() {
  const { t } = useTranslation('webboard');
  const notice = useStore($webboardNotice);
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) ref.current?.focus();
  }, [notice]);
  if (notice !== 'sessionExpired') return null;
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="my-4 p-4 rounded border border-solid border-border bg-notice font-bold"
    >
      {t('login.sessionExpired')}
    </p>
  );
}

/** Not logged in: say so plainly and link to the login page, which brings the member back. */
function LoginNeeded({ lang }: { lang: Lang }) {
  const { t } = useTranslation('webboard');
  const here = typeof location === 'undefined' ? webboardPaths(lang).rooms : location.pathname + location.search;
  return (
    <div className="my-4 p-4 rounded border border-solid border-border bg-surface flex flex-col gap-2">
      <p className="m-0">{t('login.loginNeeded')}</p>
      <p className="m-0">
        <a href={loginPathFor(lang, here)} className="font-bold">
          {t('login.loginLink')}
        </a>
      </p>
    </div>
  );
}

export function MemberBar({ session, lang }: { session: WebboardSession; lang: Lang }) {
  const { t } = useTranslation('webboard');
  if (!session.profile) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 my-4 p-3 rounded bg-surface">
      <p className="m-0">
        {t('login.loggedInAs', { name: displayName(session.profile) })}
        {session.profile.isAdmin && (
          <span className="ml-2 px-2 rounded border border-solid border-border text-sm">{t('login.adminBadge')}</span>
        )}
      </p>
      <button
        type="button"
        className="btn"
        onClick={() => {
          webboardLogout();
          location.assign(`${webboardPaths(lang).login}?loggedOut=1`);
        }}
      >
        {t('login.logout')}
      </button>
    </div>
  );
}

/**
 * The frame of every members-only board page: loading until storage is read, then either the
 * content (logged in) or the login message — with the expiry notice when that is why.
 */
export function MembersOnly({ lang, children }: { lang: Lang; children: (session: WebboardSession) => ReactNode }) {
  const session = useWebboardSession();
  const expired = session !== null && !session.isLoggedIn && $storedWebboardProfile.get() !== null;
  // A profile is stored but its token is dead: that is an expiry, not a visitor — end the
  // session the way the store does for a 401, so the notice says why.
  useEffect(() => {
    if (expired) webboardLogout({ reason: 'sessionExpired' });
  }, [expired]);
  if (!session) return <Loading />;
  if (!session.isLoggedIn) {
    return (
      <>
        <SessionNotice />
        <LoginNeeded lang={lang} />
      </>
    );
  }
  return (
    <>
      <MemberBar session={session} lang={lang} />
      {children(session)}
    </>
  );
}
