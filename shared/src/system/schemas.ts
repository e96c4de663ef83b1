/** Request and response schemas of the system calls, keyed like SYSTEM_ENDPOINTS. */
import { ack, ajax, resultOf, type SchemasOf } from '../contract/envelopes';
import { matching, required, values } from '../contract/fields';
import type { SYSTEM_ENDPOINTS } from './endpoints';
import type { DictData, RefreshTokenResult } from './types';

export const SYSTEM_SCHEMAS = {
  configKey: {
    params: values({ key: required('key 必须是 1 到 100 个字母、数字、点或下划线', matching(/^[\w.-]{1,100}$/, 100)) }),
    /** RuoYi answers the value in `msg`. */
    response: ack,
  },
  dictData: {
    params: values({ type: required('type 必须是 1 到 100 个字母、数字或下划线', matching(/^\w{1,100}$/, 100)) }),
    response: ajax<DictData[]>(),
  },
  refreshToken: { response: resultOf<RefreshTokenResult>() },
  capabilities: { response: ajax<string[]>() },
} as const satisfies SchemasOf<typeof SYSTEM_ENDPOINTS>;
