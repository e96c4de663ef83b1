/**
 * Passwords leave the browser RSA-encrypted (spec §1, §3) with the public key the backend
 * publishes as config `sys.login.publicKey`: PKCS#1 v1.5, base64, as jsencrypt makes them.
 * jsencrypt cannot be imported by Node's ESM loader (DEPENDENCIES.md), and only a submit needs
 * it, so it is loaded in the browser on first use.
 */
import { useMemo } from 'react';

type Encrypt = (plain: string) => Promise<string>;

export class PasswordCipherError extends Error {
  constructor() {
    super('密码加密失败，请刷新页面后重试');
    this.name = 'PasswordCipherError';
  }
}

async function encrypt(publicKey: string, plain: string): Promise<string> {
  const { JSEncrypt } = await import('jsencrypt');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKey);
  const cipher = rsa.encrypt(plain);
  if (cipher === false) throw new PasswordCipherError();
  return cipher;
}

/**
 * An encrypter for one public key. It hands out the same ciphertext for the same password:
 * PKCS#1 v1.5 padding is random, so without this a double-clicked submit would send different
 * bytes and slip past the duplicate-submit guard (spec §5), which compares request data. The
 * promise itself is kept, so a second click during the first encryption gets the same answer.
 */
export function createPasswordCipher(publicKey: string): Encrypt {
  let last: { plain: string; cipher: Promise<string> } | null = null;
  return (plain) => {
    if (last?.plain === plain) return last.cipher;
    const entry = { plain, cipher: encrypt(publicKey, plain) };
    last = entry;
    // A failure is not remembered: the next submit tries again.
    entry.cipher.catch(() => {
      if (last === entry) last = null;
    });
    return entry.cipher;
  };
}

/** The form's encrypter, kept while the public key stays the same. */
export function usePasswordCipher(publicKey: string): Encrypt {
  return useMemo(() => createPasswordCipher(publicKey), [publicKey]);
}
