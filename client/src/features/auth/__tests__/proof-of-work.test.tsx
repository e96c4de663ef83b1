/**
 * The proof of work (ext 'pow'): with a backend that names it, the login and register forms send a
 * solved challenge as `pow` with the captcha answer, and a fresh one after a failed try; without
 * it (a spec-only backend) they fetch no challenge and send none.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createChallenge, verifySolution, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captchaAnswers, createKeyPair, memberInfoAnswer, renderAuth } from './auth-harness';

vi.mock('../../../lib/feedback', () => ({ feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn() } }));

const SECRET = 'test-signature-secret';
let keys: ReturnType<typeof createKeyPair>;
beforeAll(() => {
  keys = createKeyPair();
});
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

/** Signed challenges of a few PBKDF2 rounds, as the backend hands them out. */
async function challenges(count: number) {
  return Promise.all(
    Array.from({ length: count }, () =>
      createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 10, counter: 15, deriveKey, hmacSignatureSecret: SECRET }),
    ),
  );
}

async function verified(pow: unknown): Promise<boolean> {
  const payload = JSON.parse(atob(String(pow))) as Payload;
  return (await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: SECRET }))
    .verified;
}

async function submitLogin() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('用户名'), 'zhanggong');
  await user.type(screen.getByLabelText('密码'), 'secret123');
  await screen.findByAltText('验证码图片');
  await user.clear(screen.getByLabelText('验证码'));
  await user.type(screen.getByLabelText('验证码'), 'ab12');
  await user.click(screen.getByRole('button', { name: /登\s*录/ }));
}

describe('the proof of work', () => {
  it('goes with each login try, solved, and a failed try gets a new one', async () => {
    const issued = await challenges(3);
    let n = 0;
    let tries = 0;
    const { calls } = renderAuth('/user_login', {
      publicKey: keys.publicKey,
      captchaEnabled: true,
      capabilities: ['pow'],
      answers: {
        'GET /captchaImage': captchaAnswers(),
        'GET /api/ext/pow/challenge': () => ({ code: 200, msg: '操作成功', data: issued[n++] }),
        'POST /api/member/login': () =>
          ++tries === 1 ? { code: 500, msg: '验证码错误' } : { code: 200, msg: '操作成功', expiresIn: 1800 },
        'GET /cms/member/getMemberInfo': memberInfoAnswer,
      },
    });
    await submitLogin();
    await screen.findByText('验证码错误');
    await submitLogin();
    await waitFor(() => expect(screen.getByLabelText('当前地址')).toHaveTextContent('/user'));
    const logins = calls.filter((c) => c.path === '/api/member/login');
    expect(logins).toHaveLength(2);
    expect(await verified(logins[0]!.body.pow)).toBe(true);
    expect(await verified(logins[1]!.body.pow)).toBe(true);
    expect(logins[1]!.body.pow).not.toBe(logins[0]!.body.pow);
  });

  it('is neither fetched nor sent when the backend does not name it', async () => {
    const { calls } = renderAuth('/user_login', {
      publicKey: keys.publicKey,
      captchaEnabled: true,
      answers: {
        'GET /captchaImage': captchaAnswers(),
        'POST /api/member/login': () => ({ code: 200, msg: '操作成功', expiresIn: 1800 }),
        'GET /cms/member/getMemberInfo': memberInfoAnswer,
      },
    });
    await submitLogin();
    await waitFor(() => expect(screen.getByLabelText('当前地址')).toHaveTextContent('/user'));
    expect(calls.some((c) => c.path === '/api/ext/pow/challenge')).toBe(false);
    expect(calls.find((c) => c.path === '/api/member/login')?.body).not.toHaveProperty('pow');
  });

  it('goes with a registration', async () => {
    const [challenge] = await challenges(1);
    const { calls } = renderAuth('/user_register', {
      publicKey: keys.publicKey,
      captchaEnabled: true,
      capabilities: ['pow'],
      answers: {
        'GET /captchaImage': captchaAnswers(),
        'GET /api/ext/pow/challenge': () => ({ code: 200, msg: '操作成功', data: challenge }),
        'POST /api/member/checkUserNameUnique': () => ({ code: 200, msg: '用户名可用', data: true }),
        'POST /api/member/reg': () => ({ code: 200, msg: '注册成功' }),
      },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('用户名'), 'lisi_gong');
    await user.type(screen.getByLabelText('密码'), 'secret123');
    await user.type(screen.getByLabelText('确认密码'), 'secret123');
    await screen.findByAltText('验证码图片');
    await user.type(screen.getByLabelText('验证码'), 'ab12');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /注\s*册/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/member/reg')).toBe(true));
    expect(await verified(calls.find((c) => c.path === '/api/member/reg')!.body.pow)).toBe(true);
  });
});
