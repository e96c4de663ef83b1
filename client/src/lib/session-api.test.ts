import { describe, expect, it } from 'vitest';
import { recordingHttp as setup } from '../test/recording-http';
import { getMemberInfo } from './session-api';

describe('session calls (spec §7)', () => {
  it('asks for member info with the bearer (the proxy adds it)', async () => {
    const { http, header } = setup({ code: 200, msg: '', roles: [], permissions: [] });
    await getMemberInfo(http);
    expect(header(0, 'istoken')).toBeUndefined();
  });
});
