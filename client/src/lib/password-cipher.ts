/**
 * Passwords leave the browser RSA-encrypted (spec §1; docs/api.md: PKCS#1 v1.5, base64, what
 * jsencrypt makes) with the key the backend publishes as `sys.login.publicKey`. jsencrypt is
 * loaded on first use: Node's ESM loader cannot import it (DEPENDENCIES.md), and only a submit
 * needs it. Login, registration and the password reset all encrypt here.
 *
 * PKCS#1 v1.5 padding is random, so each plaintext keeps its first ciphertext (the promise, so a
 * second click during the first encryption gets the same answer): a double-clicked submit then
 * sends identical data, which the duplicate-submit guard (spec §5) compares and refuses.
 */
import { useMemo } from 'react';

export class PasswordCipherError extends Error {
  constructor() {
    super('密码加密失败，请刷新页面后重试');
    this.name = 'PasswordCipherError';
  }
}

type Encrypt = (plain: string) => Promise<string>;

async function encrypt(publicKey: string, plain: string): Promise<string> {
  const { JSEncrypt } = await import('jsencrypt');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKey);
  const cipher = rsa.encrypt(plain);
  if (cipher === false) throw new PasswordCipherError();
  return cipher;
}

export function createPasswordCipher(publicKey: string): Encrypt {
  const known = new Map<string, Promise<string>>();
  return (plain) => {
    const existing = known.get(plain);
    if (existing) return existing;
    const cipher = encrypt(publicKey, plain);
    known.set(plain, cipher);
    // A failure is not remembered: the next submit tries again.
    cipher.catch(() => known.delete(plain));
    return cipher;
  };
}

/** The form's encrypter, kept while the public key stays the same. */
export function usePasswordCipher(publicKey: string): Encrypt {
  return useMemo(() => createPasswordCipher(publicKey), [publicKey]);
}
