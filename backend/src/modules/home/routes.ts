/**
 * Home module (spec §7): newest projects and tenders by tab, and today's counts. Days are
 * Asia/Shanghai days (clock.ts).
 */
import type { AjaxResult, TableDataInfo } from '@shared/contract/common';
import type { XmkListItem, ZbListItem } from '@shared/content/types';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { TodayCount } from '@shared/home/types';
import { addDays, formatDateTime, startOfDay } from '../../clock';
import type { AppContext } from '../../context';
import { success, table } from '../../envelope';
import type { Routes } from '../../routing';
import type { ContentTable } from '../../search/fts-index';
import { isCityCode } from '@shared/system/regions';
import { PROVINCE } from '../../reference/regions';
import { ContentSearch, xmkListItems, zbListItems } from '../content/search';

export function registerHomeRoutes(routes: Routes, ctx: AppContext): void {
  const { sql } = ctx;
  const search = new ContentSearch(sql, ctx.stats);

  routes.open(ENDPOINTS.homeList, (_req, { query: q }): TableDataInfo<XmkListItem> => {
    const result = search.search(
      'xmk',
      {
        tags: [
          ['stage', q.stage],
          ['industry', q.industry],
        ],
        orderBy: 'time',
        asc: false,
      },
      q,
    );
    return table(xmkListItems(sql, result.ids), result.total, { totalCapped: result.capped });
  });

  routes.open(ENDPOINTS.zbHomeList, (_req, { query: q }): TableDataInfo<ZbListItem> => {
    const result = search.search('zb', { tags: [['noticeType', q.noticeType]], orderBy: 'time', asc: false }, q);
    return table(zbListItems(sql, result.ids), result.total, { totalCapped: result.capped });
  });

  /**
   * Items published since `time`. Ids follow publish time, so a region's count is a range of its
   * (region, rowid) index from the first id published then.
   */
  const countSince = (t: ContentTable, region: string, time: string): number => {
    if (region === '0' || region === PROVINCE.code) {
      return sql.get<{ time: string }, { n: number }>(`SELECT count(*) AS n FROM ${t} WHERE publish_time >= @time`).get({ time })!.n;
    }
    const first = sql
      .get<{ time: string }, { id: number }>(`SELECT id FROM ${t} WHERE publish_time >= @time ORDER BY publish_time, id LIMIT 1`)
      .get({ time });
    if (!first) return 0;
    const column = isCityCode(region) ? 'city_code' : 'area_code';
    return sql
      .get<{ region: string; id: number }, { n: number }>(`SELECT count(*) AS n FROM ${t} WHERE ${column} = @region AND id >= @id`)
      .get({ region, id: first.id })!.n;
  };

  const todayCount = (t: ContentTable, region: string): TodayCount => {
    const today = startOfDay(ctx.clock());
    const province = region === '0' || region === PROVINCE.code;
    return {
      today: countSince(t, region, formatDateTime(today)),
      week: countSince(t, region, formatDateTime(addDays(today, -6))),
      total: ctx.stats.total(t, province ? undefined : region),
    };
  };

  routes.open(ENDPOINTS.todayNum, (_req, { params: { x } }): AjaxResult<TodayCount> => {
    return success(todayCount('xmk', x));
  });

  routes.open(ENDPOINTS.todayZBNum, (_req, { params: { x } }): AjaxResult<TodayCount> => {
    return success(todayCount('zb', x));
  });
}
