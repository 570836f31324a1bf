/**
 * The portal member's session as an island sees it: null until persisted state has been read
 * (or the 5,000 ms rehydration give-up passed) and the island has mounted, so the first client
 * render equals the server's and a logged-in member never sees a flash of "please log in".
 */
import { useStore } from '@nanostores/react';
import type { Lang } from '../../i18n/config';
import { localizePath } from '../../i18n/paths';
import { $rehydrated } from '../../stores/rehydration';
import { useClientValue } from '../../ui/island/use-client-value';
import { $auth, type AuthState } from './store';

export function useAccountSession(): AuthState | null {
  const ready = useStore($rehydrated);
  const auth = useStore($auth);
  const mounted = useClientValue(() => true) === true;
  return ready && mounted ? auth : null;
}

export const accountPaths = (lang: Lang) => ({
  account: localizePath('/account/', lang),
  login: localizePath('/account/login/', lang),
  register: localizePath('/account/register/', lang),
});
