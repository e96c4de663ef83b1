/**
 * RSAES-PKCS1-v1_5 decryption with implicit rejection (docs/decisions/accounts-and-passwords.md). OpenSSL
 * does the private-key operation without padding (`RSA_NO_PADDING`, ~1 ms for 2048 bits, blinded),
 * and the unpadding here never fails: a block whose padding is wrong yields a pseudo-random message
 * derived from the private key and the ciphertext, the same one every time for the same
 * ciphertext. A caller cannot tell a bad padding from a wrong password, so no answer and no error
 * path acts as a padding oracle (Bleichenbacher, Marvin). This is what OpenSSL 3.2 does itself
 * (draft-irtf-cfrg-rsa-guidance); Node 20 bundles OpenSSL 3.0 and refuses PKCS#1 v1.5 decryption
 * instead (CVE-2023-46809).
 *
 * The scan of the block has no early exit and no branch on its bytes; both candidates (the block's
 * message and the synthetic one) are computed and one is picked by masks.
 */
import { constants, createHash, hkdfSync, privateDecrypt, type KeyObject } from 'node:crypto';

/** 1 when bytes a and b are equal, else 0. */
const equal = (a: number, b: number) => (((a ^ b) - 1) >>> 31) & 1;
/** 1 when a < b, for non-negative integers below 2^31. */
const below = (a: number, b: number) => ((a - b) >>> 31) & 1;

/** PKCS#1 v1.5: 00 02, at least eight non-zero padding bytes, 00, the message. */
const MIN_PADDING = 8;

export interface Pkcs1Decrypter {
  /** The modulus length in bytes. */
  size: number;
  /** The message of a ciphertext of at most `size` bytes (shorter ones are left-padded with zeros). */
  decrypt(ciphertext: Buffer): Buffer;
}

export function pkcs1Decrypter(privateKey: KeyObject): Pkcs1Decrypter {
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.n || !jwk.d) throw new Error('not an RSA private key');
  const size = Buffer.from(jwk.n, 'base64url').length;
  // The key of the synthetic messages: secret, and fixed for as long as the private key is.
  const rejectionKey = createHash('sha256').update(Buffer.from(jwk.d, 'base64url')).digest();
  const derive = (ciphertext: Buffer, label: string, length: number) =>
    Buffer.from(hkdfSync('sha256', rejectionKey, ciphertext, label, length));

  return {
    size,
    decrypt(ciphertext) {
      if (ciphertext.length > size) throw new RangeError(`a ciphertext of this key has at most ${size} bytes`);
      const c = ciphertext.length === size ? ciphertext : Buffer.concat([Buffer.alloc(size - ciphertext.length), ciphertext]);
      let block: Buffer;
      try {
        block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, c);
      } catch {
        // A ciphertext not below the modulus (anyone can see that from the public key): rejected
        // like any other bad block.
        block = Buffer.alloc(size);
      }
      const synthetic = derive(c, 'pkcs1 implicit rejection message', size);
      // Uniform over every length a valid block can carry (0 … size − 11).
      const syntheticLength = derive(c, 'pkcs1 implicit rejection length', 4).readUInt32BE(0) % (size - 2 - MIN_PADDING);

      let good = equal(block[0]!, 0) & equal(block[1]!, 2);
      let looking = 1;
      let separator = 0;
      for (let i = 2; i < size; i++) {
        const zero = equal(block[i]!, 0);
        separator |= -(looking & zero) & i;
        looking &= zero ^ 1;
      }
      good &= (looking ^ 1) & (below(separator, 2 + MIN_PADDING) ^ 1);
      const mask = -good;
      const length = ((size - 1 - separator) & mask) | (syntheticLength & ~mask);
      // Both messages end at the block's end: pick byte by byte, then cut.
      const picked = Buffer.alloc(size);
      for (let i = 0; i < size; i++) picked[i] = (block[i]! & mask) | (synthetic[i]! & ~mask);
      return picked.subarray(size - length);
    },
  };
}
