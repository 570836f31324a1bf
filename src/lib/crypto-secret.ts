/**
 * Where the AES secret of spec point 9 comes from. Kept apart from `crypto.ts`
 * so the crypto functions stay pure (the caller passes the secret) and tests
 * never depend on the environment.
 *
 * `PUBLIC_CRYPTO_SECRET` is a PUBLIC_ variable: Vite inlines it into the browser
 * bundle, so it is obfuscation shared with the server, not a secret from users.
 * When it is unset (local development, tests, the reference API) the portal uses
 * DEV_CRYPTO_SECRET below — never deploy with it.
 */
export const DEV_CRYPTO_SECRET = 'agency-portal-development-secret';

export function cryptoSecret(): string {
  const fromEnv = import.meta.env.PUBLIC_CRYPTO_SECRET as string | undefined;
  return typeof fromEnv === 'string' && fromEnv.length > 0 ? fromEnv : DEV_CRYPTO_SECRET;
}
