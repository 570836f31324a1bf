import CryptoJS from 'crypto-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AES_KEY_BITS,
  base64ToBytes,
  bytesToBase64,
  decrypt,
  DecryptError,
  encrypt,
  encryptWith,
  IV_BYTES,
  PBKDF2_ITERATIONS,
  SALT_BYTES,
} from './crypto';
import { cryptoSecret, DEV_CRYPTO_SECRET } from './crypto-secret';

const SECRET = 'ความลับของหน่วยงาน-2026';
const THAI = 'สวัสดีครับ ยินดีต้อนรับสู่เว็บบอร์ดของกรม 🇹🇭';

/** crypto-js side of the contract, written exactly as a peer system would. */
function cryptoJsKey(secret: string, salt: CryptoJS.lib.WordArray) {
  return CryptoJS.PBKDF2(secret, salt, {
    keySize: AES_KEY_BITS / 32,
    iterations: PBKDF2_ITERATIONS,
    hasher: CryptoJS.algo.SHA256,
  });
}

function cryptoJsEncrypt(
  plain: string,
  secret: string,
  salt = CryptoJS.lib.WordArray.random(16),
  iv = CryptoJS.lib.WordArray.random(16),
) {
  const encrypted = CryptoJS.AES.encrypt(plain, cryptoJsKey(secret, salt), {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  });
  return salt.clone().concat(iv).concat(encrypted.ciphertext).toString(CryptoJS.enc.Base64);
}

function cryptoJsDecrypt(b64: string, secret: string): string {
  const all = CryptoJS.enc.Base64.parse(b64);
  const hex = all.toString(CryptoJS.enc.Hex);
  const salt = CryptoJS.enc.Hex.parse(hex.slice(0, 32));
  const iv = CryptoJS.enc.Hex.parse(hex.slice(32, 64));
  const ciphertext = CryptoJS.enc.Hex.parse(hex.slice(64));
  const plain = CryptoJS.AES.decrypt(CryptoJS.lib.CipherParams.create({ ciphertext }), cryptoJsKey(secret, salt), {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  });
  return plain.toString(CryptoJS.enc.Utf8);
}

const fixedSalt = () => Uint8Array.from({ length: SALT_BYTES }, (_, i) => i + 1);
const fixedIv = () => Uint8Array.from({ length: IV_BYTES }, (_, i) => 0xf0 - i);

describe('AES routine (spec point 9) interoperates with crypto-js', () => {
  it('produces byte-for-byte what crypto-js produces for the same salt and IV', async () => {
    const ours = await encryptWith(THAI, SECRET, fixedSalt(), fixedIv());
    const theirs = cryptoJsEncrypt(
      THAI,
      SECRET,
      CryptoJS.enc.Hex.parse(Buffer.from(fixedSalt()).toString('hex')),
      CryptoJS.enc.Hex.parse(Buffer.from(fixedIv()).toString('hex')),
    );
    expect(ours).toBe(theirs);
  });

  it('decrypts what crypto-js encrypted with random salt and IV', async () => {
    const fromCryptoJs = cryptoJsEncrypt('member1234 และรหัสผ่านภาษาไทย', SECRET);
    await expect(decrypt(fromCryptoJs, SECRET)).resolves.toBe('member1234 และรหัสผ่านภาษาไทย');
  });

  it('lets crypto-js decrypt what we encrypted', async () => {
    const ours = await encrypt(THAI, SECRET);
    expect(cryptoJsDecrypt(ours, SECRET)).toBe(THAI);
  });
});

describe('encrypt / decrypt', () => {
  it('round-trips Thai text, empty text and long text', async () => {
    for (const text of [THAI, '', 'ก'.repeat(5000)]) {
      await expect(decrypt(await encrypt(text, SECRET), SECRET)).resolves.toBe(text);
    }
  });

  it('lays out salt ‖ IV ‖ ciphertext in base64, with fresh salt and IV each call', async () => {
    const a = await encrypt('hello', SECRET);
    const b = await encrypt('hello', SECRET);
    expect(a).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(base64ToBytes(a).length).toBe(SALT_BYTES + IV_BYTES + 16); // 5 bytes pad to one block
    expect(a).not.toBe(b);
    expect(base64ToBytes(a).slice(0, 32)).not.toEqual(base64ToBytes(b).slice(0, 32));
  });

  it('fails cleanly with a wrong secret', async () => {
    const value = await encryptWith(THAI, SECRET, fixedSalt(), fixedIv());
    for (const wrong of ['', 'wrong', SECRET + ' ', 'ความลับของหน่วยงาน-2025']) {
      await expect(decrypt(value, wrong)).rejects.toBeInstanceOf(DecryptError);
    }
  });

  it('fails cleanly on tampered, truncated or non-base64 input', async () => {
    const value = await encryptWith(THAI, SECRET, fixedSalt(), fixedIv());
    const bytes = base64ToBytes(value);
    const lastByteFlipped = bytes.slice();
    lastByteFlipped[lastByteFlipped.length - 1] ^= 0x5a;
    const cases = [
      bytesToBase64(lastByteFlipped),
      bytesToBase64(bytes.slice(0, bytes.length - 1)), // not whole blocks
      bytesToBase64(bytes.slice(0, SALT_BYTES + IV_BYTES)), // no ciphertext at all
      'not base64 at all!',
      '',
    ];
    for (const input of cases) {
      const error = await decrypt(input, SECRET).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DecryptError);
      expect((error as Error).message).toMatch(/^Cannot decrypt/);
    }
  });

  it('is malleable in the IV as CBC is (documented limitation, no MAC in the format)', async () => {
    const value = await encryptWith('amount=100', SECRET, fixedSalt(), fixedIv());
    const bytes = base64ToBytes(value);
    bytes[SALT_BYTES + 7] ^= '1'.charCodeAt(0) ^ '9'.charCodeAt(0);
    await expect(decrypt(bytesToBase64(bytes), SECRET)).resolves.toBe('amount=900');
  });
});

describe('cryptoSecret', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('uses PUBLIC_CRYPTO_SECRET when it is set', () => {
    vi.stubEnv('PUBLIC_CRYPTO_SECRET', 'from-the-environment');
    expect(cryptoSecret()).toBe('from-the-environment');
  });

  it('falls back to the documented development value when it is unset or empty', () => {
    vi.stubEnv('PUBLIC_CRYPTO_SECRET', '');
    expect(cryptoSecret()).toBe(DEV_CRYPTO_SECRET);
  });
});
