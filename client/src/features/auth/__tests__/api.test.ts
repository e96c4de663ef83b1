import { describe, expect, it } from 'vitest';
import { recordingHttp as setup } from '../../../test/recording-http';
import { checkUserNameUnique, createRandomPassword, getCaptchaImage, login } from '../api';

describe('sign-in calls (spec §7)', () => {
  it('asks for the captcha without a bearer and waits 20 s for it', async () => {
    const { http, sent, header } = setup({ code: 200, msg: '', captchaEnabled: false });
    await getCaptchaImage(http);
    expect(sent[0]).toMatchObject({ method: 'get', url: '/captchaImage', timeout: 20_000 });
    expect(header(0, 'istoken')).toBe('false');
  });

  it('logs in without a bearer', async () => {
    const { http, sent, header } = setup({ code: 200, msg: '', expiresIn: 1800 });
    await login(http, { username: 'a', password: 'b', loginType: 'password' });
    expect(sent[0]).toMatchObject({ method: 'post', url: '/api/member/login' });
    expect(header(0, 'istoken')).toBe('false');
  });

  it('may ask whether a name is free twice in a second (not a duplicate submit)', async () => {
    const { http, sent } = setup({ code: 200, msg: '', data: true });
    await expect(checkUserNameUnique(http, 'lisi')).resolves.toBe(true);
    await expect(checkUserNameUnique(http, 'lisi')).resolves.toBe(true);
    expect(sent).toHaveLength(2);
  });

  it('rotates the random password at a URL no cache has seen', async () => {
    const { http, sent } = setup({ code: 200, msg: '', data: { randomPassword: 'x', createTime: '' } });
    await createRandomPassword(http, 1);
    await createRandomPassword(http, 2);
    expect(sent.map((c) => c.url)).toEqual(['/cms/member/createRandomPassword/1', '/cms/member/createRandomPassword/2']);
  });
});
