import { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { IS_TOKEN_HEADER } from '@shared/constants';
import { createHttp } from '../../../lib/http/axios-http';
import { getTestToken } from '../api';

describe('GET /api/cmsData/testToken (spec §7: no token)', () => {
  it('goes without the bearer, even from a render that holds the member token', async () => {
    const seen: AxiosHeaders[] = [];
    const http = createHttp({ baseURL: 'http://backend.test', token: 'member-token', log: () => undefined });
    http.axios.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      seen.push(AxiosHeaders.from(config.headers));
      return {
        data: { code: 200, msg: '操作成功', data: { serverTime: '2026-01-01 00:00:00', authenticated: false } },
        status: 200,
        statusText: 'OK',
        headers: {},
        config,
      };
    };
    await getTestToken(http);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.has('Authorization')).toBe(false);
    expect(seen[0]!.get(IS_TOKEN_HEADER)).toBe('false');
  });
});
