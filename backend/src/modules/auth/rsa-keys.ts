/**
 * The RSA key pair for password fields (DOMAIN.md; spec §1 "encrypted with a public key"). The
 * client encrypts with jsencrypt (PKCS#1 v1.5, base64) using the PEM published as config
 * `sys.login.publicKey`. OpenSSL decrypts on the calling thread (~1 ms) and rsa-pkcs1.ts unpads with
 * implicit rejection: a tampered or foreign ciphertext yields a pseudo-random password, which then
 * fails like a wrong one, so no answer and no timing acts as a padding oracle.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pkcs1Decrypter } from './rsa-pkcs1';

export const PRIVATE_KEY_FILE = 'rsa-private.pem';

export interface PasswordCipher {
  /** SPKI PEM, as jsencrypt's setPublicKey accepts it. */
  publicKeyPem: string;
  /**
   * The plain text of a base64 PKCS#1 v1.5 ciphertext; a pseudo-random text, the same each time,
   * when its padding is wrong; null only for what cannot be a ciphertext of this key at all (not
   * base64, too long), which anyone can tell from the public key.
   */
  decrypt(ciphertext: string): Promise<string | null>;
}

/** Read DATA_DIR/rsa-private.pem, or generate a 2048-bit pair there (mode 0600) on first start. */
export function loadPasswordCipher(dataDir: string): PasswordCipher {
  const file = path.join(dataDir, PRIVATE_KEY_FILE);
  let privatePem: string;
  try {
    privatePem = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    fs.mkdirSync(dataDir, { recursive: true });
    // 'wx': never overwrite a key another process wrote meanwhile; read theirs instead.
    try {
      fs.writeFileSync(file, pair.privateKey, { mode: 0o600, flag: 'wx' });
      privatePem = pair.privateKey;
    } catch (writeErr) {
      if ((writeErr as NodeJS.ErrnoException).code !== 'EEXIST') throw writeErr;
      privatePem = fs.readFileSync(file, 'utf8');
    }
  }
  const privateKey = createPrivateKey(privatePem);
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const rsa = pkcs1Decrypter(privateKey);
  const maxLength = Math.ceil(rsa.size / 3) * 4;

  return {
    publicKeyPem,
    decrypt: async (ciphertext) => {
      if (ciphertext.length > maxLength || !/^[A-Za-z0-9+/]+={0,2}$/.test(ciphertext)) return null;
      const bytes = Buffer.from(ciphertext, 'base64');
      // Not valid UTF-8 (a synthetic message, mostly) decodes with replacement characters, no error.
      return bytes.length > rsa.size ? null : rsa.decrypt(bytes).toString('utf8');
    },
  };
}
