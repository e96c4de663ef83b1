/**
 * The password work that would hold the event loop for tens of milliseconds (docs/performance.md
 * "Nothing blocks the event loop"): RSA decryption of a password field with node-forge (~30–45 ms
 * for 2048-bit) and bcrypt hashing and comparison with bcryptjs (~60 ms at cost 10). It runs in
 * worker threads (password-pool.ts); one export per task, called by name.
 */
import bcrypt from 'bcryptjs';
import forge from 'node-forge';

/** Parsed keys by PEM: a process has one key, tests a few (one per data folder). */
const keys = new Map<string, forge.pki.rsa.PrivateKey>();
const MAX_KEYS = 16;

function privateKey(pem: string): forge.pki.rsa.PrivateKey {
  let key = keys.get(pem);
  if (!key) {
    if (keys.size >= MAX_KEYS) keys.clear();
    key = forge.pki.privateKeyFromPem(pem);
    keys.set(pem, key);
  }
  return key;
}

export interface DecryptTask {
  privateKeyPem: string;
  /** base64 PKCS#1 v1.5, already checked for length and alphabet */
  ciphertext: string;
}

/** The plain text, or null when it does not decrypt (every failure alike). */
export function decrypt({ privateKeyPem, ciphertext }: DecryptTask): string | null {
  try {
    return forge.util.decodeUtf8(privateKey(privateKeyPem).decrypt(forge.util.decode64(ciphertext), 'RSAES-PKCS1-V1_5'));
  } catch {
    return null;
  }
}

export function hash({ plain, rounds }: { plain: string; rounds: number }): string {
  return bcrypt.hashSync(plain, rounds);
}

export function compare({ plain, hash }: { plain: string; hash: string }): boolean {
  return bcrypt.compareSync(plain, hash);
}
