import { describe, expect, it } from 'vitest';
import { recordingHttp as setup } from '../../../test/recording-http';
import { resetPassword } from '../api';

describe('member area calls (spec §7)', () => {
  it('resets the password with both values in the query (spec §7)', async () => {
    const { http, sent } = setup({ code: 200, msg: '修改成功' });
    await resetPassword(http, { oldPassword: 'o+1/', newPassword: 'n=2' });
    expect(sent[0]).toMatchObject({ method: 'put', url: '/cms/member/resetPassword?oldPassword=o%2B1%2F&newPassword=n%3D2' });
  });
});
