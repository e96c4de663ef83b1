import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG_RECOVERY_DONE, MSG_RECOVERY_REQUESTED } from '@shared/member/recovery';
import { captchaAnswers, createKeyPair, renderAuth, type Answer } from './auth-harness';

vi.mock('../../../lib/feedback', () => ({ feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn() } }));

let keys: ReturnType<typeof createKeyPair>;

beforeAll(() => {
  keys = createKeyPair();
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const TOKEN = 'A'.repeat(20) + '_-' + 'b'.repeat(21);
const requested: Answer = () => ({ code: 200, msg: MSG_RECOVERY_REQUESTED });

describe('忘记密码 on the login form', () => {
  it('leads to recovery by mail when the backend offers it', () => {
    renderAuth('/user_login', { publicKey: keys.publicKey, captchaEnabled: false, answers: {}, capabilities: ['passwordRecovery'] });
    expect(screen.getByRole('link', { name: '忘记密码？' })).toHaveAttribute('href', '/password/forgot');
  });

  it('leads to customer service otherwise', () => {
    renderAuth('/user_login', { publicKey: keys.publicKey, captchaEnabled: false, answers: {} });
    expect(screen.getByRole('link', { name: '忘记密码？联系客服' })).toHaveAttribute('href', '/support/service');
  });
});

describe('忘记密码 on the phone login form', () => {
  it('leads to the recovery page when offered, else to the hotline or the service page', () => {
    renderAuth('/m/pages/login/index', {
      publicKey: keys.publicKey,
      captchaEnabled: false,
      answers: {},
      capabilities: ['passwordRecovery'],
    });
    expect(screen.getByRole('link', { name: '忘记密码？' })).toHaveAttribute('href', '/password/forgot');
    cleanup();
    renderAuth('/m/pages/login/index', { publicKey: keys.publicKey, captchaEnabled: false, answers: {} });
    expect(screen.getByRole('link', { name: '忘记密码？联系客服' }).getAttribute('href')).toMatch(/^tel:|\/support\/service/);
  });

  it('shows a refused login beside the form and asks for a new captcha', async () => {
    const { calls } = renderAuth('/m/pages/login/index', {
      publicKey: keys.publicKey,
      captchaEnabled: true,
      answers: { 'GET /captchaImage': captchaAnswers(), 'POST /api/member/login': () => ({ code: 500, msg: '验证码错误' }) },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('用户名'), 'zhanggong');
    await user.type(screen.getByLabelText('密码'), 'secret123');
    await screen.findByAltText('验证码图片');
    await user.type(screen.getByLabelText('验证码'), 'zz99');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('验证码错误');
    await waitFor(() => expect(calls.filter((c) => c.path === '/captchaImage')).toHaveLength(2));
    expect(screen.getByLabelText('验证码')).toHaveValue('');
  });
});

describe('/password/forgot', () => {
  it('sends the account with the captcha answer and shows the backend’s one answer', async () => {
    const { calls } = renderAuth('/password/forgot', {
      publicKey: keys.publicKey,
      captchaEnabled: true,
      answers: { 'GET /captchaImage': captchaAnswers(), 'POST /api/ext/password/recover': requested },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('用户名或邮箱'), '  owner@example.com ');
    await screen.findByAltText('验证码图片');
    await user.type(screen.getByLabelText('验证码'), 'ab12');
    await user.click(screen.getByRole('button', { name: '发送重置链接' }));
    expect(await screen.findByText(MSG_RECOVERY_REQUESTED)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/ext/password/recover')?.body).toEqual({
      account: 'owner@example.com',
      code: 'ab12',
      uuid: '00000000-0000-4000-8000-000000000001',
    });
  });

  it('shows a refusal beside the form and asks for a new captcha', async () => {
    const captcha = captchaAnswers();
    const { calls } = renderAuth('/password/forgot', {
      publicKey: keys.publicKey,
      captchaEnabled: true,
      answers: { 'GET /captchaImage': captcha, 'POST /api/ext/password/recover': () => ({ code: 500, msg: '验证码错误' }) },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('用户名或邮箱'), 'owner');
    await screen.findByAltText('验证码图片');
    await user.type(screen.getByLabelText('验证码'), 'zz99');
    await user.click(screen.getByRole('button', { name: '发送重置链接' }));
    expect(await screen.findByText('验证码错误')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path === '/captchaImage')).toHaveLength(2));
    expect(screen.getByLabelText('验证码')).toHaveValue('');
  });
});

describe('/password/reset', () => {
  it('sets the new password, encrypted with the published key, with the link’s token', async () => {
    const { calls } = renderAuth(`/password/reset?token=${TOKEN}`, {
      publicKey: keys.publicKey,
      captchaEnabled: false,
      answers: { 'POST /api/ext/password/reset': () => ({ code: 200, msg: MSG_RECOVERY_DONE }) },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('新密码'), 'fresh-pass1');
    await user.type(screen.getByLabelText('确认新密码'), 'fresh-pass2');
    await user.click(screen.getByRole('button', { name: '保存新密码' }));
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/ext/password/reset')).toEqual([]);

    await user.clear(screen.getByLabelText('确认新密码'));
    await user.type(screen.getByLabelText('确认新密码'), 'fresh-pass1');
    await user.click(screen.getByRole('button', { name: '保存新密码' }));
    expect(await screen.findByText(MSG_RECOVERY_DONE)).toBeInTheDocument();
    const body = calls.find((c) => c.path === '/api/ext/password/reset')?.body;
    expect(body?.token).toBe(TOKEN);
    expect(body?.password).not.toBe('fresh-pass1');
    expect(keys.decrypt(String(body?.password))).toBe('fresh-pass1');
    expect(screen.getByRole('link', { name: '去登录' })).toHaveAttribute('href', '/user_login');
  });

  it('shows the backend’s refusal of a used link', async () => {
    renderAuth(`/password/reset?token=${TOKEN}`, {
      publicKey: keys.publicKey,
      captchaEnabled: false,
      answers: { 'POST /api/ext/password/reset': () => ({ code: 500, msg: '重置链接无效或已过期，请重新找回密码' }) },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('新密码'), 'fresh-pass1');
    await user.type(screen.getByLabelText('确认新密码'), 'fresh-pass1');
    await user.click(screen.getByRole('button', { name: '保存新密码' }));
    expect(await screen.findByText('重置链接无效或已过期，请重新找回密码')).toBeInTheDocument();
  });

  it('says a cut link is incomplete, without a form', () => {
    renderAuth('/password/reset?token=short', { publicKey: keys.publicKey, captchaEnabled: false, answers: {} });
    expect(screen.getByText('链接不完整，请从邮件中完整复制链接后再打开')).toBeInTheDocument();
    expect(screen.queryByLabelText('新密码')).toBeNull();
  });
});
