/** Request and response schemas of the home calls, keyed like HOME_ENDPOINTS. */
import { ajax, tableOf, type SchemasOf } from '../contract/envelopes';
import { dictCode, matching, pageFields, required, values } from '../contract/fields';
import type { XmkListItem, ZbListItem } from '../content/types';
import type { HOME_ENDPOINTS } from './endpoints';
import type { TodayCount } from './types';

/** `{x}` of the count calls: 0 (whole province) or a region code. */
const regionParams = values({ x: required('x 必须是 0（全省）或 6 位地区编码', matching(/^(0|\d{6})$/, 6)) });

export const HOME_SCHEMAS = {
  homeList: {
    query: values({ ...pageFields, stage: dictCode('stage'), industry: dictCode('industry') }),
    response: tableOf<XmkListItem>(),
  },
  todayZBNum: { params: regionParams, response: ajax<TodayCount>() },
  todayNum: { params: regionParams, response: ajax<TodayCount>() },
  zbHomeList: { query: values({ ...pageFields, noticeType: dictCode('noticeType') }), response: tableOf<ZbListItem>() },
} as const satisfies SchemasOf<typeof HOME_ENDPOINTS>;
