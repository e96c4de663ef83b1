/** The /zb list with three rows (published 11-26 09:00, 11-25 16:00, 11-20 08:00) for a member, over the member harness. */
import type { ZbListItem } from '@shared/content/types';
import { DICT_TYPES, type DictType } from '@shared/system/types';
import { systemKeys } from '../../../lib/system';
import { BASE_CAPABILITIES, createMemberEnv, ok, table, type Answer } from '../../../test/page-harness';

const row = (id: number, publishTime: string): ZbListItem => ({
  id,
  title: `济南市道路工程招标公告 ${id}`,
  highlightTitle: `济南市道路工程招标公告 ${id}`,
  areaCode: '370102',
  cityCode: '370100',
  industry: '1',
  publishTime,
  views: 3,
  noticeType: '2',
  amount: 120,
  tenderer: '济南市城市建设局',
  signupDeadline: null,
});

const ROWS = [row(801, '2026-11-26 09:00:00'), row(802, '2026-11-25 16:00:00'), row(803, '2026-11-20 08:00:00')];

export function setup({
  favorites = [802],
  capabilities = [...BASE_CAPABILITIES, 'favoriteIds'] as typeof BASE_CAPABILITIES,
  extra = {} as Record<string, Answer>,
} = {}) {
  const env = createMemberEnv(
    {
      'GET /api/zb/search': () => table(ROWS),
      'GET /cms/favorite/ids/zb': () => ok(favorites),
      'PUT /cms/favorite/changeStatus': (call) => ok({ type: call.body.type, dataId: call.body.id, favorited: call.body.isCancel === 0 }),
      ...extra,
    },
    undefined,
    capabilities,
  );
  // The list's filters label codes with every dictionary; none is needed here.
  for (const type of Object.values(DICT_TYPES) as DictType[]) {
    if (!env.deps.queryClient.getQueryData(systemKeys.dict(type))) env.deps.queryClient.setQueryData(systemKeys.dict(type), []);
  }
  return env;
}
