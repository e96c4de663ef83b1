import { AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { createHttp } from './http-axios';
import { getMemberInfo } from './member';
import { checkUserNameUnique, getCaptchaImage, login } from './member-auth';
import { createRandomPassword, resetPassword } from './member-area';

function setup(data: object) {
  const sent: InternalAxiosRequestConfig[] = [];
  const http = createHttp({ baseURL: '/prod-api', storage: window.sessionStorage });
  http.axios.defaults.adapter = async (config): Promise<AxiosResponse> => {
    sent.push(config);
    return { data, status: 200, statusText: 'OK', headers: {}, config };
  };
  return { http, sent, header: (i: number, name: string) => AxiosHeaders.from(sent[i]?.headers).get(name) };
}

describe('member API (spec §7)', () => {
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

  it('asks for member info with the bearer (the proxy adds it)', async () => {
    const { http, header } = setup({ code: 200, msg: '', roles: [], permissions: [] });
    await getMemberInfo(http);
    expect(header(0, 'istoken')).toBeUndefined();
  });

  it('may ask whether a name is free twice in a second (not a duplicate submit)', async () => {
    const { http, sent } = setup({ code: 200, msg: '', data: true });
    await expect(checkUserNameUnique(http, 'lisi')).resolves.toBe(true);
    await expect(checkUserNameUnique(http, 'lisi')).resolves.toBe(true);
    expect(sent).toHaveLength(2);
  });

  it('resets the password with both values in the query (spec §7)', async () => {
    const { http, sent } = setup({ code: 200, msg: '修改成功' });
    await resetPassword(http, { oldPassword: 'o+1/', newPassword: 'n=2' });
    expect(sent[0]).toMatchObject({ method: 'put', url: '/cms/member/resetPassword?oldPassword=o%2B1%2F&newPassword=n%3D2' });
  });

  it('rotates the random password at a URL no cache has seen', async () => {
    const { http, sent } = setup({ code: 200, msg: '', data: { randomPassword: 'x', createTime: '' } });
    await createRandomPassword(http, 1);
    await createRandomPassword(http, 2);
    expect(sent.map((c) => c.url)).toEqual(['/cms/member/createRandomPassword/1', '/cms/member/createRandomPassword/2']);
  });
});
