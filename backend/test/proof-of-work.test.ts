/**
 * The proof of work of login and registration (ALTCHA, ext): required with the captcha and the
 * extensions on, good once, for 5 minutes, for challenges this backend signed; not asked for by a
 * spec-only backend or with the captcha off.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_POW_INVALID, MSG_POW_MISSING, POW_TTL_MS } from '../src/modules/auth/proof-of-work';
import { createTestBackend, type TestBackend } from './fixture';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend({ projects: 5, tenders: 5 });
});
afterAll(() => t.close());

const captcha = async () => {
  const { code, uuid } = await t.solveCaptcha();
  return { code, uuid };
};
const login = async (extra: Record<string, unknown>) =>
  (
    await request(t.app)
      .post('/api/member/login')
      .send({ username: 'demo', password: t.encrypt('demo123'), ...(await captcha()), ...extra })
  ).body as {
    code: number;
    msg: string;
  };

describe('the proof of work', () => {
  it('is named in the capabilities and hands out signed PBKDF2 challenges, never cached', async () => {
    expect((await request(t.app).get('/api/ext/capabilities')).body.data).toContain('pow');
    const res = await request(t.app).get('/api/ext/pow/challenge');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.data.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: expect.any(Number) });
    expect(res.body.data.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is required by login and registration', async () => {
    expect(await login({})).toEqual({ code: 500, msg: MSG_POW_MISSING });
    const reg = await request(t.app)
      .post('/api/member/reg')
      .send({ username: 'no_pow_user', password: t.encrypt('abc12345'), ...(await captcha()) });
    expect(reg.body).toEqual({ code: 500, msg: MSG_POW_MISSING });
    expect((await login({ pow: await t.solvePow() })).code).toBe(200);
  });

  it('is good once', async () => {
    const pow = await t.solvePow();
    expect((await login({ pow })).code).toBe(200);
    expect(await login({ pow })).toEqual({ code: 500, msg: MSG_POW_INVALID });
  });

  it('refuses a wrong key, a forged challenge and garbage', async () => {
    const payload = JSON.parse(Buffer.from(await t.solvePow(), 'base64').toString()) as {
      challenge: { parameters: { cost: number } };
      solution: { derivedKey: string };
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    expect(await login({ pow: encode({ ...payload, solution: { ...payload.solution, derivedKey: '00'.repeat(32) } }) })).toEqual({
      code: 500,
      msg: MSG_POW_INVALID,
    });
    // A cheaper challenge of one's own making: the signature no longer covers it.
    const cheaper = { ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 1 } } };
    expect(await login({ pow: encode(cheaper) })).toEqual({ code: 500, msg: MSG_POW_INVALID });
    expect(await login({ pow: 'not base64 json' })).toEqual({ code: 500, msg: MSG_POW_INVALID });
  });

  it('expires 5 minutes after the challenge was handed out', async () => {
    const pow = await t.solvePow();
    t.clock.advance(POW_TTL_MS + 1000);
    expect(await login({ pow })).toEqual({ code: 500, msg: MSG_POW_INVALID });
  });
});

describe('without the proof of work', () => {
  it('a spec-only backend logs in with the captcha alone', async () => {
    const spec = await createTestBackend({ projects: 5, tenders: 5, extensions: false });
    try {
      expect((await request(spec.app).get('/api/ext/pow/challenge')).status).toBe(404);
      expect(await spec.login('demo', 'demo123')).toBeTruthy();
    } finally {
      spec.close();
    }
  });

  it('CAPTCHA_ENABLED=false asks for neither', async () => {
    const open = await createTestBackend({ projects: 5, tenders: 5, captchaEnabled: false });
    try {
      expect((await request(open.app).get('/api/ext/capabilities')).body.data).not.toContain('pow');
      const res = await request(open.app)
        .post('/api/member/login')
        .send({ username: 'demo', password: open.encrypt('demo123') });
      expect(res.body.code).toBe(200);
    } finally {
      open.close();
    }
  });
});
