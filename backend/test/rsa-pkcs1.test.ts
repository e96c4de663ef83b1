/**
 * PKCS#1 v1.5 decryption with implicit rejection (rsa-pkcs1.ts): what jsencrypt and OpenSSL
 * encrypt comes back, and every malformed block yields a pseudo-random message, the same for the
 * same ciphertext and key, never an error.
 */
import { constants, generateKeyPairSync, publicEncrypt, randomBytes, type KeyObject } from 'node:crypto';
import { JSEncrypt } from 'jsencrypt';
import { describe, expect, it } from 'vitest';
import { pkcs1Decrypter } from '../src/modules/auth/rsa-pkcs1';

const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const { privateKey, publicKey } = pair();
const rsa = pkcs1Decrypter(privateKey);
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** Encrypts a block as it is, no padding added: malformed blocks for the decrypter to meet. */
const encryptRaw = (key: KeyObject, block: Buffer) => publicEncrypt({ key, padding: constants.RSA_NO_PADDING }, block);

/** 00 02, non-zero padding, 00, the message (the message's length decides the padding's). */
const block = (message: Buffer) =>
  Buffer.concat([Buffer.from([0, 2]), Buffer.alloc(rsa.size - 3 - message.length, 0x5a), Buffer.from([0]), message]);

describe('PKCS#1 v1.5 decryption with implicit rejection', () => {
  it('decrypts what jsencrypt encrypts, passwords of every kind', () => {
    const jsencrypt = new JSEncrypt();
    jsencrypt.setPublicKey(publicPem);
    for (const password of ['demo123', '密码demo123', 'a', 'x'.repeat(20), 'Load1pass', '空格 和 符号!@#']) {
      const ciphertext = jsencrypt.encrypt(password);
      expect(ciphertext).toEqual(expect.any(String));
      expect(rsa.decrypt(Buffer.from(ciphertext as string, 'base64')).toString('utf8')).toBe(password);
    }
  });

  it('decrypts what OpenSSL encrypts, a ciphertext whose leading zero byte was dropped too', () => {
    const message = Buffer.from('right-pass');
    for (let i = 0; i < 20; i++) {
      expect(rsa.decrypt(publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, message))).toEqual(message);
    }
    // About one ciphertext in 256 starts with a zero byte; an encoder may leave it out.
    let leadingZero: Buffer | undefined;
    for (let i = 0; i < 20_000 && !leadingZero; i++) {
      const c = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, message);
      if (c[0] === 0) leadingZero = c;
    }
    expect(leadingZero).toBeDefined();
    expect(rsa.decrypt(leadingZero!.subarray(1))).toEqual(message);
  });

  it('reads a well-formed block of any message length, the empty one and the longest', () => {
    expect(rsa.decrypt(encryptRaw(publicKey, block(Buffer.alloc(0))))).toEqual(Buffer.alloc(0));
    // Eight bytes of padding, the fewest allowed.
    const longest = Buffer.alloc(rsa.size - 11, 0x41);
    expect(rsa.decrypt(encryptRaw(publicKey, block(longest)))).toEqual(longest);
    expect(rsa.decrypt(encryptRaw(publicKey, block(Buffer.from('pass-word'))))).toEqual(Buffer.from('pass-word'));
  });

  it('answers every malformed block with a message of its own, the same each time, never the block’s', () => {
    const message = Buffer.alloc(rsa.size - 10, 0x41);
    const good = block(Buffer.from('secret-1'));
    const malformed = {
      // The longest message but one byte: seven bytes of padding.
      'padding of 7 bytes': block(message),
      'no separator': Buffer.concat([Buffer.from([0, 2]), Buffer.alloc(rsa.size - 2, 0x33)]),
      'type 1 instead of 2': Buffer.concat([Buffer.from([0, 1]), good.subarray(2)]),
      'no leading zero': Buffer.concat([Buffer.from([1, 2]), good.subarray(2)]),
    };
    const answers = new Set<string>();
    for (const [why, raw] of Object.entries(malformed)) {
      const ciphertext = encryptRaw(publicKey, raw);
      const answer = rsa.decrypt(ciphertext);
      expect(answer.equals(message) || answer.toString('utf8').endsWith('secret-1'), why).toBe(false);
      expect(answer.length, why).toBeLessThanOrEqual(rsa.size - 11);
      expect(rsa.decrypt(ciphertext), why).toEqual(answer);
      answers.add(answer.toString('hex'));
    }
    expect(answers.size).toBe(Object.keys(malformed).length);
  });

  it('answers a tampered ciphertext, or one not below the modulus, without an error', () => {
    const ciphertext = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from('right-pass'));
    const tampered = Buffer.from(ciphertext);
    tampered[100]! ^= 1;
    expect(rsa.decrypt(tampered).toString('utf8')).not.toBe('right-pass');
    expect(rsa.decrypt(tampered)).toEqual(rsa.decrypt(tampered));
    const tooLarge = Buffer.alloc(rsa.size, 0xff);
    expect(rsa.decrypt(tooLarge)).toEqual(rsa.decrypt(tooLarge));
    expect(() => rsa.decrypt(Buffer.alloc(rsa.size + 1, 1))).toThrow(RangeError);
  });

  it('makes the synthetic messages from the key: lengths spread over the valid range, another key another message', () => {
    const lengths = new Set<number>();
    for (let i = 0; i < 200; i++) lengths.add(rsa.decrypt(randomBytes(rsa.size - 1)).length);
    // 200 draws over 246 lengths: a constant or narrow length would tell a rejection apart.
    expect(lengths.size).toBeGreaterThan(100);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(rsa.size - 11);

    const other = pkcs1Decrypter(pair().privateKey);
    const ciphertext = randomBytes(rsa.size - 1);
    expect(other.decrypt(ciphertext)).not.toEqual(rsa.decrypt(ciphertext));
  });
});
