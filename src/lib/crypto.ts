/**
 * The client-side AES routine of spec point 9, on WebCrypto (globalThis.crypto.subtle,
 * present in Node 24 and every supported browser — no crypto library in the bundle).
 *
 * Parameters (fixed by the spec where it says so, chosen here where it does not):
 *   cipher      AES-256-CBC (key size chosen: 256 bits)
 *   padding     PKCS7 (WebCrypto's AES-CBC always pads PKCS7)
 *   key         PBKDF2-HMAC-SHA-256, 100 iterations, over the UTF-8 bytes of the secret
 *               (SHA-256 chosen because it is crypto-js 4.2's PBKDF2 default hasher, so
 *               crypto-js peers need only `keySize: 8, iterations: 100`)
 *   salt, IV    16 random bytes each, fresh per call
 *   plaintext   UTF-8 bytes of the string
 *   output      standard base64 (RFC 4648 §4, with '=' padding) of salt ‖ IV ‖ ciphertext
 *
 * Equivalent crypto-js (4.2) code, for the peer that must read or write these values:
 *   const key = CryptoJS.PBKDF2(secret, salt, { keySize: 256 / 32, iterations: 100,
 *                                               hasher: CryptoJS.algo.SHA256 });
 *   CryptoJS.AES.encrypt(plain, key, { iv, mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 })
 *
 * CBC has no integrity check (the spec's format has no MAC), so tampering is detected only
 * when it breaks the padding or the UTF-8 text; a flipped IV bit changes the plaintext
 * silently. Do not rely on this routine for authenticity.
 */

export const SALT_BYTES = 16;
export const IV_BYTES = 16;
export const PBKDF2_ITERATIONS = 100;
const PBKDF2_HASH = 'SHA-256';
export const AES_KEY_BITS = 256;
const BLOCK_BYTES = 16;

/** Thrown for every input that cannot be decrypted, whatever the low-level cause. */
export class DecryptError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DecryptError';
  }
}

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto (crypto.subtle) is not available in this environment');
  return s;
}

async function deriveKey(secret: string, salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const material = await subtle().importKey('raw', new TextEncoder().encode(secret), 'PBKDF2', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'PBKDF2', salt, iterations: PBKDF2_ITERATIONS, hash: PBKDF2_HASH },
    material,
    { name: 'AES-CBC', length: AES_KEY_BITS },
    false,
    ['encrypt', 'decrypt'],
  );
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunked so a long value never exceeds the argument limit of String.fromCharCode.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(b64); // throws on characters outside the base64 alphabet
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

/**
 * Encrypts with a given salt and IV. Exported for known-answer tests only: real callers use
 * `encrypt`, which draws both at random — reusing an IV with the same key leaks data.
 */
export async function encryptWith(
  plain: string,
  secret: string,
  salt: Uint8Array<ArrayBuffer>,
  iv: Uint8Array<ArrayBuffer>,
): Promise<string> {
  if (salt.length !== SALT_BYTES || iv.length !== IV_BYTES) {
    throw new RangeError(`salt and IV must be ${SALT_BYTES} and ${IV_BYTES} bytes`);
  }
  const key = await deriveKey(secret, salt);
  const ciphertext = new Uint8Array(
    await subtle().encrypt({ name: 'AES-CBC', iv }, key, new TextEncoder().encode(plain)),
  );
  const out = new Uint8Array(SALT_BYTES + IV_BYTES + ciphertext.length);
  out.set(salt, 0);
  out.set(iv, SALT_BYTES);
  out.set(ciphertext, SALT_BYTES + IV_BYTES);
  return bytesToBase64(out);
}

/** Encrypts `plain` with a key derived from `secret`; returns base64(salt ‖ IV ‖ ciphertext). */
export function encrypt(plain: string, secret: string): Promise<string> {
  return encryptWith(plain, secret, randomBytes(SALT_BYTES), randomBytes(IV_BYTES));
}

/**
 * Reverses `encrypt`. Rejects with DecryptError (never another error type) when the input is
 * not base64, too short, not whole blocks, or when the secret is wrong or the data was altered
 * in a way that breaks the padding or the UTF-8 text.
 */
export async function decrypt(b64: string, secret: string): Promise<string> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = base64ToBytes(b64.trim());
  } catch (cause) {
    throw new DecryptError('Cannot decrypt: the value is not base64', { cause });
  }
  const bodyLength = bytes.length - SALT_BYTES - IV_BYTES;
  if (bodyLength < BLOCK_BYTES || bodyLength % BLOCK_BYTES !== 0) {
    throw new DecryptError('Cannot decrypt: the value is too short or not whole AES blocks');
  }
  const salt = bytes.slice(0, SALT_BYTES);
  const iv = bytes.slice(SALT_BYTES, SALT_BYTES + IV_BYTES);
  const ciphertext = bytes.slice(SALT_BYTES + IV_BYTES);
  let plain: ArrayBuffer;
  try {
    plain = await subtle().decrypt({ name: 'AES-CBC', iv }, await deriveKey(secret, salt), ciphertext);
  } catch (cause) {
    throw new DecryptError('Cannot decrypt: wrong secret or altered data', { cause });
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch (cause) {
    throw new DecryptError('Cannot decrypt: wrong secret or altered data (not UTF-8 text)', { cause });
  }
}
