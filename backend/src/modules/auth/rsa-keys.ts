/**
 * The RSA key pair for password fields (DOMAIN.md; spec §1 "encrypted with a public key"). The
 * client encrypts with jsencrypt (PKCS#1 v1.5, base64) using the PEM published as config
 * `sys.login.publicKey`. Node 20 refuses PKCS#1 v1.5 in crypto.privateDecrypt (CVE-2023-46809), so
 * decryption uses node-forge rather than re-enabling that padding, in the password worker threads
 * (~30–45 ms of CPU per field: password-pool.ts). Every decryption failure looks the same to the
 * caller, and callers still run a bcrypt comparison, so neither the message nor the timing acts as a
 * padding oracle.
 */
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { runPasswordTask } from './password-pool';

export const PRIVATE_KEY_FILE = 'rsa-private.pem';

export interface PasswordCipher {
  /** SPKI PEM, as jsencrypt's setPublicKey accepts it. */
  publicKeyPem: string;
  /** The plain text of a base64 PKCS#1 v1.5 ciphertext, or null when it does not decrypt. */
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
  const publicKey = createPublicKey(privatePem);
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const modulusBits = publicKey.asymmetricKeyDetails?.modulusLength ?? 2048;
  const maxLength = Math.ceil(modulusBits / 8 / 3) * 4;

  return {
    publicKeyPem,
    // What cannot be a ciphertext of this key is refused here, without queueing for a thread.
    decrypt: async (ciphertext) =>
      ciphertext.length > maxLength || !/^[A-Za-z0-9+/]+={0,2}$/.test(ciphertext)
        ? null
        : runPasswordTask('decrypt', { privateKeyPem: privatePem, ciphertext }),
  };
}
