import { cleanup, screen, waitFor } from '@testing-library/react';
import { JSEncrypt } from 'jsencrypt';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONFIG_KEYS } from '@shared/system/types';
import { systemKeys } from '../../../lib/system';
import { ResetPasswordForm } from '../components/reset-password-form';
import { createMemberEnv, renderWith, where, type Answer, typist } from '../../../test/member-harness';

vi.mock('../../../lib/feedback', () => ({ feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn(), preload: vi.fn() } }));

let keys: { publicKey: string; decrypt: (cipher: string) => string | false };

beforeAll(() => {
  // A 1024-bit pair is enough to prove the form encrypts with the key it was given.
  const rsa = new JSEncrypt({ default_key_size: '1024' });
  const decrypter = new JSEncrypt();
  decrypter.setPrivateKey(rsa.getPrivateKey());
  keys = { publicKey: rsa.getPublicKey(), decrypt: (cipher) => decrypter.decrypt(cipher) };
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

function setup(reset: Answer) {
  const env = createMemberEnv({ 'PUT /cms/member/resetPassword': reset, 'POST /logout': () => ({ code: 200, msg: '退出成功' }) });
  env.deps.queryClient.setQueryData(systemKeys.config(CONFIG_KEYS.publicKey), keys.publicKey);
  renderWith(ResetPasswordForm, env, '/user/resetPassword');
  return env;
}

async function fill(values: { old: string; next: string; confirm: string }) {
  const user = typist();
  await user.type(screen.getByLabelText('原密码'), values.old);
  await user.type(screen.getByLabelText('新密码'), values.next);
  await user.type(screen.getByLabelText('确认新密码'), values.confirm);
  await user.click(screen.getByRole('button', { name: '确认修改' }));
}

describe('reset password form', () => {
  it('checks the new password in Chinese before sending anything', async () => {
    const env = setup(() => ({ code: 200, msg: '' }));
    await fill({ old: 'demo123', next: 'demo123', confirm: 'other12' });
    expect(await screen.findByText('新密码不能与原密码相同')).toBeInTheDocument();
    expect(await screen.findByText('两次输入的新密码不一致')).toBeInTheDocument();
    expect(env.callsTo('PUT /cms/member/resetPassword')).toHaveLength(0);
  });

  it('refuses the characters the login refuses, and empty fields', async () => {
    setup(() => ({ code: 200, msg: '' }));
    const user = typist();
    await user.type(screen.getByLabelText('新密码'), 'ab<c>d');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('请输入原密码')).toBeInTheDocument();
    expect(await screen.findByText('不能包含非法字符：< > " \' \\ |')).toBeInTheDocument();
    expect(await screen.findByText('请再次输入新密码')).toBeInTheDocument();
  });

  it('sends both passwords encrypted in the query, then ends the session and goes to login', async () => {
    const env = setup(() => ({ code: 200, msg: '修改成功，请重新登录' }));
    await fill({ old: 'demo123', next: 'newpass1', confirm: 'newpass1' });
    await waitFor(() => expect(where(screen)).toHaveTextContent(/^\/user_login$/));
    const query = env.callsTo('PUT /cms/member/resetPassword')[0]?.query;
    expect(keys.decrypt(query?.get('oldPassword') ?? '')).toBe('demo123');
    expect(keys.decrypt(query?.get('newPassword') ?? '')).toBe('newpass1');
    expect(env.callsTo('POST /logout')).toHaveLength(1);
    expect(env.deps.session.get().isLogin).toBe(false);
  });

  it('says why a reset failed beside the form and keeps what was typed', async () => {
    const env = setup(() => ({ code: 500, msg: '修改密码失败，旧密码错误' }));
    await fill({ old: 'wrong12', next: 'newpass1', confirm: 'newpass1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('修改密码失败，旧密码错误');
    expect(screen.getByLabelText('原密码')).toHaveValue('wrong12');
    expect(screen.getByLabelText('新密码')).toHaveValue('newpass1');
    expect(env.deps.session.get().isLogin).toBe(true);
    expect(where(screen)).toHaveTextContent('/user/resetPassword');
  });
});
