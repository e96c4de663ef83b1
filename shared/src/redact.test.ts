import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from './redact';

describe('redactUrl', () => {
  it('hides the QR login code and resetPassword’s passwords, keeping everything else', () => {
    expect(redactUrl('/m/pages/login/index?loginType=randomPassword&username=demo&password=Abc123xyz_-QrCode')).toBe(
      `/m/pages/login/index?loginType=randomPassword&username=demo&password=${REDACTED}`,
    );
    expect(redactUrl('/prod-api/cms/member/resetPassword?oldPassword=RSA%2Bold%3D%3D&newPassword=RSA%2Bnew')).toBe(
      `/prod-api/cms/member/resetPassword?oldPassword=${REDACTED}&newPassword=${REDACTED}`,
    );
  });

  it('sees through case, escapes and array brackets', () => {
    const line = redactUrl('/x?PassWord=a1&%70assword=a2&password[]=a3&password%5B0%5D=a4&NEWPASSWORD=a5&keep=a6');
    expect(line).not.toMatch(/a[1-5]/);
    expect(line).toContain('keep=a6');
  });

  it('hides a feed token in a portal or backend path', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    expect(redactUrl(`/feeds/${token}.atom`)).toBe(`/feeds/${REDACTED}.atom`);
    expect(redactUrl(`/api/ext/feeds/${token}.ics?x=1`)).toBe(`/api/ext/feeds/${REDACTED}.ics?x=1`);
  });

  it('leaves addresses without credentials alone', () => {
    for (const url of ['/zb?keyword=道路&page=2', '/prod-api/api/zb/search', '/', '/x?password', '/x?a=1&&b'])
      expect(redactUrl(url)).toBe(url);
  });
});
