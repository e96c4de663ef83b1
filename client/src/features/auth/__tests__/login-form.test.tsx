import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpAnswer, captchaAnswers, createKeyPair, memberInfoAnswer, renderAuth, type Answer } from './auth-harness';

vi.mock('../../../lib/feedback', () => ({ feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn() } }));

let keys: ReturnType<typeof createKeyPair>;

beforeAll(() => {
  keys = createKeyPair();
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const loggedIn: Answer = () => ({ code: 200, msg: '操作成功', expiresIn: 1800, randomPassword: undefined });

function renderLogin(path: string, login: Answer = loggedIn, captchaEnabled = true) {
  return renderAuth(path, {
    publicKey: keys.publicKey,
    captchaEnabled,
    answers: { 'GET /captchaImage': captchaAnswers(), 'POST /api/member/login': login, 'GET /cms/member/getMemberInfo': memberInfoAnswer },
  });
}

async function fillAndSubmit(code: string | null = 'ab12') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('用户名'), 'zhanggong');
  await user.type(screen.getByLabelText('密码'), 'secret123');
  if (code !== null) {
    await screen.findByAltText('验证码图片');
    await user.type(screen.getByLabelText('验证码'), code);
  }
  await user.click(screen.getByRole('button', { name: /登\s*录/ }));
  return user;
}

const where = () => screen.getByLabelText('当前地址');

describe('login form', () => {
  it('sends the password encrypted with the published key, with the captcha answer and its uuid', async () => {
    const { calls } = renderLogin('/user_login');
    await fillAndSubmit();
    await waitFor(() => expect(where()).toHaveTextContent('/user'));
    const login = calls.find((c) => c.path === '/api/member/login');
    expect(login?.body).toMatchObject({
      username: 'zhanggong',
      code: 'ab12',
      uuid: '00000000-0000-4000-8000-000000000001',
      loginType: 'password',
    });
    expect(login?.body.password).not.toBe('secret123');
    expect(keys.decrypt(String(login?.body.password))).toBe('secret123');
  });

  it('logs the member in and goes to a same-site redirect target', async () => {
    const { session } = renderLogin('/user_login?redirect=%2Fxmk%2F3%3Ftab%3Dcontact');
    await fillAndSubmit();
    await waitFor(() => expect(where()).toHaveTextContent('/xmk/3?tab=contact'));
    expect(session.get()).toMatchObject({ isLogin: true, name: '张工', member_name: 'zhanggong' });
    expect(session.get().expires).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  it('goes back to the #hash the page had when the server sent the member to login', async () => {
    // The server's 302 has no hash; the browser carried the page's over to the login address.
    window.history.replaceState(null, '', '/user_login#row-17');
    try {
      const { router } = renderLogin('/user_login?redirect=%2Fuser%2Ffavorite%3Fpage%3D2');
      await fillAndSubmit();
      await waitFor(() => expect(where()).toHaveTextContent('/user/favorite?page=2'));
      expect(router.state.location.hash).toBe('#row-17');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('keeps the hash a client-side redirect target already holds', async () => {
    const { router } = renderLogin(`/user_login?redirect=${encodeURIComponent('/user/favorite#row-3')}`);
    await fillAndSubmit();
    await waitFor(() => expect(where()).toHaveTextContent('/user/favorite'));
    expect(router.state.location.hash).toBe('#row-3');
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example'])('goes to /user instead of %s', async (evil) => {
    renderLogin(`/user_login?redirect=${encodeURIComponent(evil)}`);
    await fillAndSubmit();
    await waitFor(() => expect(where()).toHaveTextContent(/^\/user$/));
  });

  it('shows a failure beside the form, keeps name and password, and replaces the used-up captcha', async () => {
    const { calls } = renderLogin('/user_login', () => ({ code: 500, msg: '验证码错误' }));
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('验证码错误');
    expect(screen.getByLabelText('用户名')).toHaveValue('zhanggong');
    expect(screen.getByLabelText('密码')).toHaveValue('secret123');
    expect(screen.getByLabelText('验证码')).toHaveValue('');
    await waitFor(() => expect(calls.filter((c) => c.path === '/captchaImage')).toHaveLength(2));
    expect(where()).toHaveTextContent('/user_login');
  });

  it("says how many tries are left, in the backend's words", async () => {
    renderLogin('/user_login', () => ({ code: 500, msg: '用户不存在/密码错误，还可尝试3次' }));
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('用户不存在/密码错误，还可尝试3次');
  });

  it('says so when the backend has more logins than it can check, and stays on the form', async () => {
    renderLogin('/user_login', () => new HttpAnswer(429, { code: 429, msg: '登录人数较多，请稍后再试' }, { 'retry-after': '2' }));
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('登录人数较多，请稍后再试');
    expect(screen.getByLabelText('密码')).toHaveValue('secret123');
    expect(where()).toHaveTextContent('/user_login');
  });

  it('without captcha: no captcha field, no image request and no code sent', async () => {
    const { calls } = renderLogin('/user_login', loggedIn, false);
    await fillAndSubmit(null);
    await waitFor(() => expect(where()).toHaveTextContent('/user'));
    expect(screen.queryByLabelText('验证码')).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain('/captchaImage');
    expect(calls.find((c) => c.path === '/api/member/login')?.body).not.toHaveProperty('code');
  });

  it('says in Chinese what is missing', async () => {
    renderLogin('/user_login');
    await screen.findByAltText('验证码图片');
    await userEvent.setup().click(screen.getByRole('button', { name: /登\s*录/ }));
    // Each field's message renders in its own pass (the captcha's through its outer item).
    expect(await screen.findByText('请输入您的账号')).toBeInTheDocument();
    expect(await screen.findByText('请输入您的密码')).toBeInTheDocument();
    expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
  });
});
