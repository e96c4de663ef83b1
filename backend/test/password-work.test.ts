/**
 * Password work off the event loop (password-pool.ts): bcrypt runs in worker threads, so the loop
 * keeps turning while a password is checked (the RSA decryption takes ~1 ms with OpenSSL); hashes stay bcrypt's, readable by
 * bcryptjs both ways; and a login checked while other attempts of the same client lock the account
 * answers the lock, right password or not.
 */
import { getPriority } from 'node:os';
import bcrypt from 'bcryptjs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_HEADER, MESSAGES } from '@shared/constants';
import { PasswordHasher } from '../src/modules/auth/passwords';
import { PasswordThreads, passwordWorkBusy } from '../src/modules/auth/password-pool';
import { WORKER_NICENESS } from '../src/modules/auth/password-worker';
import { MAX_FAILURES, MSG_LOCKED, badCredentialsMessage } from '../src/modules/auth/lockout';
import { createTestBackend, type TestBackend } from './fixture';
import { turnsDuring } from './loop-turns';

describe('bcrypt in worker threads', () => {
  it('verifies a hash bcryptjs made ($2a$ and $2b$), and bcryptjs verifies the hashes it makes', async () => {
    const hasher = new PasswordHasher(4);
    const old2a = bcrypt.hashSync('demo123', 4);
    const old2b = old2a.replace(/^\$2a\$/, '$2b$');
    expect(await hasher.verify('demo123', old2a)).toBe(true);
    expect(await hasher.verify('demo123', old2b)).toBe(true);
    expect(await hasher.verify('demo124', old2a)).toBe(false);

    const fresh = await hasher.hash('新密码abc');
    expect(fresh).toMatch(/^\$2[ab]\$04\$/);
    expect(bcrypt.compareSync('新密码abc', fresh)).toBe(true);
    expect(bcrypt.compareSync('新密码abd', fresh)).toBe(false);
  });

  it('keeps the event loop turning while a cost-10 hash is compared', async () => {
    const hasher = new PasswordHasher(10);
    const stored = bcrypt.hashSync('demo123', 10);
    await hasher.verify('warm-up', stored); // a thread started, its modules loaded
    // ~60 ms of bcrypt: on the loop itself not one turn would pass before the answer.
    const { result, turns } = await turnsDuring(() => hasher.verify('demo123', stored));
    expect(result).toBe(true);
    expect(turns).toBeGreaterThan(20);
  });

  it('an unknown user costs a comparison too, off the loop', async () => {
    const hasher = new PasswordHasher(10);
    await hasher.verify('warm-up', null);
    const { result, turns } = await turnsDuring(() => hasher.verify('anything', null));
    expect(result).toBe(false);
    expect(turns).toBeGreaterThan(20);
  });
});

describe('the password threads', () => {
  it.runIf(process.platform === 'linux')('the background threads run below the event loop’s priority, which keeps its own', async () => {
    const before = getPriority(process.pid);
    const threads = new PasswordThreads(2);
    try {
      // Both issued at once: the first takes the prompt thread, the second the background one.
      const [prompt, background] = await Promise.all([threads.run('niceness', undefined), threads.run('niceness', undefined)]);
      expect(prompt).toBe(before);
      expect(background).toBeGreaterThanOrEqual(Math.max(WORKER_NICENESS, before));
      expect(getPriority(process.pid)).toBe(before);
    } finally {
      await threads.destroy();
    }
  });

  it('refuses at once with 429 and Retry-After a task that would wait too long', async () => {
    // A first guess of 1 s a task and 10 s allowed, so that no admitted task outwaits it on a busy machine.
    const threads = new PasswordThreads(2, 10_000, 1_000);
    const stored = bcrypt.hashSync('demo123', 4);
    try {
      // Two threads busy, then 20 waiting: 10.5 s expected for the next, past the bound.
      const admitted = Array.from({ length: 22 }, () => threads.run('compare', { plain: 'demo123', hash: stored }));
      const refused = threads.run('compare', { plain: 'demo123', hash: stored });
      await expect(refused).rejects.toMatchObject({
        code: 429,
        httpStatus: 429,
        message: MESSAGES.loginBusy,
        headers: { 'Retry-After': '11' },
      });
      expect(await Promise.all(admitted)).toEqual(Array(22).fill(true));
      expect(threads.refused).toBe(1);
      // The queue cleared, the next one runs.
      expect(await threads.run('compare', { plain: 'demo123', hash: stored })).toBe(true);
    } finally {
      await threads.destroy();
    }
  });

  it('refuses a task that waited its whole allowance, and runs the next as a thread frees', async () => {
    const threads = new PasswordThreads(1, 150);
    const slow = bcrypt.hashSync('demo123', 12); // ~250 ms and more: longer than the 150 ms allowed
    try {
      const running = threads.run('compare', { plain: 'demo123', hash: slow });
      const waiting = threads.run('compare', { plain: 'demo123', hash: slow });
      expect(threads.queued).toBe(1);
      await expect(waiting).rejects.toMatchObject({ code: 429, httpStatus: 429 });
      expect(threads.queued).toBe(0);
      expect(await running).toBe(true);
    } finally {
      await threads.destroy();
    }
  });

  it('hands a freed thread to the one waiting, not to a newcomer', async () => {
    const threads = new PasswordThreads(1);
    const stored = bcrypt.hashSync('demo123', 4);
    try {
      const first = threads.run('compare', { plain: 'demo123', hash: stored });
      const second = threads.run('compare', { plain: 'demo123', hash: stored });
      await first;
      // The second owns the thread now; a third arriving in between waits for it.
      const third = threads.run('compare', { plain: 'demo123', hash: stored });
      expect(await Promise.all([second, third])).toEqual([true, true]);
    } finally {
      await threads.destroy();
    }
  });
});

describe('RSA decryption of password fields', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await createTestBackend({ projects: 5, tenders: 5, captchaEnabled: false });
  });
  afterAll(() => t.close());

  it('decrypts what jsencrypt sends; refuses what cannot be a ciphertext; a tampered one fails like a wrong password', async () => {
    const cipher = t.context.passwords;
    const encrypted = t.encrypt('密码demo123');
    expect(await cipher.decrypt(encrypted)).toBe('密码demo123');
    expect(await cipher.decrypt('not base64!')).toBeNull();
    expect(await cipher.decrypt(Buffer.alloc(300, 7).toString('base64'))).toBeNull();
    // A bad padding is no error: a pseudo-random password, the same each time (rsa-pkcs1.ts).
    const junk = Buffer.alloc(256, 7).toString('base64');
    const synthetic = await cipher.decrypt(junk);
    expect(synthetic).toEqual(expect.any(String));
    expect(await cipher.decrypt(junk)).toBe(synthetic);

    await t.register('tamper_me', 'right-pass');
    const tampered = Buffer.from(t.encrypt('right-pass'), 'base64');
    tampered[17]! ^= 0x40;
    const login = (password: string) =>
      request(t.app).post('/api/member/login').set(CLIENT_HEADER, '203.0.113.20').send({ username: 'tamper_me', password });
    // Each counts as one more wrong guess, answered alike.
    expect((await login(t.encrypt('wrong-pass'))).body).toEqual({ code: 500, msg: badCredentialsMessage(MAX_FAILURES - 1) });
    expect((await login(tampered.toString('base64'))).body).toEqual({ code: 500, msg: badCredentialsMessage(MAX_FAILURES - 2) });
    expect((await login(junk)).body).toEqual({ code: 500, msg: badCredentialsMessage(MAX_FAILURES - 3) });
    expect((await login(t.encrypt('right-pass'))).body.code).toBe(200);
  });

  it('a login refused by busy password threads answers HTTP 429 with Retry-After and a Chinese message', async () => {
    await t.register('busy_day', 'right-pass');
    const verify = vi.spyOn(t.context.hasher, 'verify').mockRejectedValueOnce(passwordWorkBusy(2400));
    try {
      const res = await request(t.app)
        .post('/api/member/login')
        .set(CLIENT_HEADER, '203.0.113.21')
        .send({ username: 'busy_day', password: t.encrypt('right-pass') });
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBe('3');
      expect(res.body).toEqual({ code: 429, msg: '登录人数较多，请稍后再试' });
    } finally {
      verify.mockRestore();
    }
    // Not counted as a wrong guess: the next try goes through.
    const again = await request(t.app)
      .post('/api/member/login')
      .set(CLIENT_HEADER, '203.0.113.21')
      .send({ username: 'busy_day', password: t.encrypt('right-pass') });
    expect(again.body.code).toBe(200);
  });

  it('a right password checked while other attempts lock the account answers the lock', async () => {
    await t.register('slow_lock', 'right-pass');
    const client = '203.0.113.9';
    // Other attempts of this client fail while this one's password is being compared.
    const verify = vi.spyOn(t.context.hasher, 'verify').mockImplementationOnce(async (plain, hash) => {
      for (let i = 0; i < MAX_FAILURES; i++) t.context.lockout.recordFailure('slow_lock', client);
      return PasswordHasher.prototype.verify.call(t.context.hasher, plain, hash);
    });
    try {
      const res = await request(t.app)
        .post('/api/member/login')
        .set(CLIENT_HEADER, client)
        .send({ username: 'slow_lock', password: t.encrypt('right-pass') });
      expect(verify).toHaveBeenCalledOnce();
      expect(res.body).toEqual({ code: 500, msg: MSG_LOCKED });
    } finally {
      verify.mockRestore();
    }
  });
});
