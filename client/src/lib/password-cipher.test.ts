import { JSEncrypt } from 'jsencrypt';
import { describe, expect, it } from 'vitest';
import { createPasswordCipher } from './password-cipher';

function createKeyPair() {
  const rsa = new JSEncrypt({ default_key_size: '1024' });
  const decrypter = new JSEncrypt();
  decrypter.setPrivateKey(rsa.getPrivateKey());
  return { publicKey: rsa.getPublicKey(), decrypt: (cipher: string) => decrypter.decrypt(cipher) };
}

describe('password cipher', () => {
  const keys = createKeyPair();

  it('encrypts with the given public key (PKCS#1 v1.5, base64)', async () => {
    const cipher = await createPasswordCipher(keys.publicKey)('secret123');
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(keys.decrypt(cipher)).toBe('secret123');
  });

  it('answers a repeated password with the same bytes, so the duplicate-submit guard can see a double click', async () => {
    const encrypt = createPasswordCipher(keys.publicKey);
    const [first, second] = await Promise.all([encrypt('secret123'), encrypt('secret123')]);
    expect(second).toBe(first);
    expect(await encrypt('secret123')).toBe(first);
  });

  it('encrypts a changed password afresh', async () => {
    const encrypt = createPasswordCipher(keys.publicKey);
    const first = await encrypt('secret123');
    const changed = await encrypt('secret456');
    expect(changed).not.toBe(first);
    expect(keys.decrypt(changed)).toBe('secret456');
  });

  it('keeps the ciphertext of every password of a form (old and new in a reset)', async () => {
    const encrypt = createPasswordCipher(keys.publicKey);
    const oldFirst = await encrypt('old-pass1');
    const newFirst = await encrypt('new-pass2');
    expect(await encrypt('old-pass1')).toBe(oldFirst);
    expect(await encrypt('new-pass2')).toBe(newFirst);
  });

  it('fails with a Chinese message for a key it cannot use', async () => {
    await expect(createPasswordCipher('not a key')('secret123')).rejects.toThrow('密码加密失败，请刷新页面后重试');
  });
});
