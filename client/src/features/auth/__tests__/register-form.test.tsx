import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captchaAnswers, createKeyPair, memberInfoAnswer, renderAuth, type Answer } from './auth-harness';

vi.mock('../../../lib/feedback', () => ({ feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn() } }));

let keys: ReturnType<typeof createKeyPair>;

beforeAll(() => {
  keys = createKeyPair();
  // antd builds each component's styles on its first render (about 0.8 s of CPU, 5 s by the clock
  // on a loaded machine): once here, so that no test's time budget pays for it.
  renderRegister(false);
  cleanup();
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const nameIsFree: Answer = (call) => ({ code: 200, msg: '', data: call.body.username !== 'taken' });

function renderRegister(captchaEnabled: boolean, path = '/user_register', now?: () => number) {
  return renderAuth(path, {
    publicKey: keys.publicKey,
    captchaEnabled,
    now,
    answers: {
      'GET /captchaImage': captchaAnswers(),
      'POST /api/member/checkUserNameUnique': nameIsFree,
      'POST /api/member/reg': () => ({ code: 200, msg: '注册成功' }),
      'POST /api/member/login': () => ({ code: 200, msg: '操作成功', expiresIn: 1800 }),
      'GET /cms/member/getMemberInfo': memberInfoAnswer,
    },
  });
}

async function fill(values: { username: string; password: string; confirm: string; code?: string; agree?: boolean }) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('用户名'), values.username);
  await user.type(screen.getByLabelText('密码'), values.password);
  await user.type(screen.getByLabelText('确认密码'), values.confirm);
  if (values.code) {
    await screen.findByAltText('验证码图片');
    await user.type(screen.getByLabelText('验证码'), values.code);
  }
  if (values.agree !== false) await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: /注\s*册/ }));
}

const where = () => screen.getByLabelText('当前地址');

describe('register form', () => {
  it('says while typing that a name is taken', async () => {
    renderRegister(false);
    await userEvent.setup().type(screen.getByLabelText('用户名'), 'taken');
    expect(await screen.findByText('该用户名已被注册')).toBeInTheDocument();
  });

  it('checks the name without tripping the duplicate-submit guard', async () => {
    // The request layer's clock stands still, so the second check of the same name falls inside the
    // guard's 1000 ms however slow the machine: were the check guarded, it would be refused. The name
    // is pasted, one change each time, so each round is one debounced check and little work (typing
    // re-renders the form per key); each step waits for what the user sees, not for a request.
    const { calls } = renderRegister(false, '/user_register', () => 1_700_000_000_000);
    const user = userEvent.setup();
    const username = screen.getByLabelText('用户名');
    await user.click(username);
    await user.paste('taken');
    await screen.findByText('该用户名已被注册');
    await user.clear(username);
    await screen.findByText('请输入您的账号');
    // antd lets the old message fade out (its motion ends on a timer in jsdom): wait until it has
    // gone, so that the message found below can only be the answer to the second check.
    await waitFor(() => expect(screen.queryByText('该用户名已被注册')).not.toBeInTheDocument());
    await user.paste('taken');
    expect(await screen.findByText('该用户名已被注册')).toBeInTheDocument();
    const checks = calls.filter((c) => c.path === '/api/member/checkUserNameUnique');
    expect(checks.map((c) => c.body.username)).toEqual(['taken', 'taken']);
  });

  it('needs the same password twice and the agreement', async () => {
    const { calls } = renderRegister(false);
    await fill({ username: 'lisi', password: 'secret123', confirm: 'secret124', agree: false });
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(await screen.findByText('请阅读并同意《服务协议》')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).not.toContain('/api/member/reg');
  });

  it('links the agreement to /support/fwxy in a new tab, so the form is kept', () => {
    renderRegister(false);
    const link = screen.getByRole('link', { name: '《服务协议》' });
    expect(link).toHaveAttribute('href', '/support/fwxy');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('without captcha: registers, logs in with the same credentials and goes on', async () => {
    const { calls, session } = renderRegister(false, '/user_register?redirect=%2Fzb%2F8');
    await fill({ username: 'lisi', password: 'secret123', confirm: 'secret123' });
    await waitFor(() => expect(where()).toHaveTextContent('/zb/8'));
    const reg = calls.find((c) => c.path === '/api/member/reg');
    expect(reg?.body.username).toBe('lisi');
    expect(keys.decrypt(String(reg?.body.password))).toBe('secret123');
    expect(calls.find((c) => c.path === '/api/member/login')?.body).toMatchObject({ username: 'lisi', password: reg?.body.password });
    expect(session.get().isLogin).toBe(true);
  });

  it('with captcha: registers and sends the member to log in, name filled in', async () => {
    const { calls } = renderRegister(true, '/user_register?redirect=%2Fzb%2F8');
    await fill({ username: 'lisi', password: 'secret123', confirm: 'secret123', code: 'zz99' });
    await waitFor(() => expect(where()).toHaveTextContent('/user_login?redirect=%2Fzb%2F8'));
    expect(calls.find((c) => c.path === '/api/member/reg')?.body).toMatchObject({
      code: 'zz99',
      uuid: '00000000-0000-4000-8000-000000000001',
    });
    expect(calls.map((c) => c.path)).not.toContain('/api/member/login');
    expect(await screen.findByText('注册成功，请登录')).toBeInTheDocument();
    expect(screen.getByLabelText('用户名')).toHaveValue('lisi');
  });
});
