/**
 * The persisted state of spec point 4: one localStorage entry, `persist:roots`
 * (key 'roots' with prefix 'persist:'), holding only the whitelisted slices —
 * `auth` and `general`. Everything else the portal keeps in the browser lives in
 * its own store and is not persisted here.
 *
 * The value is plain JSON: {"auth":{…},"general":{…}}. The pre-paint script in the
 * layout reads `general` directly (no imports), so keep this shape stable.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';

export const PERSIST_KEY = 'persist:roots';

export type DisplayMode = 'normalmode' | 'highcontrast';
export type FontSize = 'fontNormal' | 'fontLarge' | 'fontLarger';

export interface AuthSlice {
  isLoggedIn: boolean;
  token: string | null;
  profile: Record<string, unknown> | null;
}

export interface GeneralSlice {
  display: DisplayMode;
  fontsize: FontSize;
}

export interface Roots {
  auth: AuthSlice;
  general: GeneralSlice;
}

export const initialAuth: AuthSlice = { isLoggedIn: false, token: null, profile: null };
const initialGeneral: GeneralSlice = { display: 'normalmode', fontsize: 'fontNormal' };
export const initialRoots: Roots = { auth: initialAuth, general: initialGeneral };

const DISPLAY_MODES: readonly DisplayMode[] = ['normalmode', 'highcontrast'];
const FONT_SIZES: readonly FontSize[] = ['fontNormal', 'fontLarge', 'fontLarger'];

/** Reads what is stored, keeping only the whitelisted slices and valid values. */
function decodeRoots(raw: string): Roots {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return initialRoots; // corrupted storage must never break a page
  }
  const value = (parsed ?? {}) as Partial<Roots>;
  const auth = value.auth && typeof value.auth === 'object' ? value.auth : initialAuth;
  const general = value.general && typeof value.general === 'object' ? value.general : initialGeneral;
  return {
    auth: {
      isLoggedIn: auth.isLoggedIn === true && typeof auth.token === 'string',
      token: typeof auth.token === 'string' ? auth.token : null,
      profile: auth.profile && typeof auth.profile === 'object' ? auth.profile : null,
    },
    general: {
      display: DISPLAY_MODES.includes(general.display as DisplayMode) ? general.display! : initialGeneral.display,
      fontsize: FONT_SIZES.includes(general.fontsize as FontSize) ? general.fontsize! : initialGeneral.fontsize,
    },
  };
}

function encodeRoots(roots: Roots): string {
  return JSON.stringify({ auth: roots.auth, general: roots.general });
}

export const $roots = persistentAtom<Roots>(PERSIST_KEY, initialRoots, {
  encode: encodeRoots,
  decode: decodeRoots,
});

export const $authSlice = computed($roots, (roots) => roots.auth);
export const $generalSlice = computed($roots, (roots) => roots.general);

export function setAuthSlice(auth: AuthSlice): void {
  $roots.set({ ...$roots.get(), auth });
}

export function setGeneralSlice(patch: Partial<GeneralSlice>): void {
  const roots = $roots.get();
  $roots.set({ ...roots, general: { ...roots.general, ...patch } });
}
