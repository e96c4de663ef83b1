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

  /** Items published since `time`, province-wide or in a region: the (region, publish time) indexes. */
  const countSince = (t: ContentTable, region: string, time: string): number => {
    if (region === '0' || region === PROVINCE.code) {
      return sql.get<{ time: string }, { n: number }>(`SELECT count(*) AS n FROM ${t} WHERE publish_time >= @time`).get({ time })!.n;
    }
    const column = isCityCode(region) ? 'city_code' : 'area_code';
    return sql
      .get<{ region: string; time: string }, { n: number }>(
        `SELECT count(*) AS n FROM ${t} WHERE ${column} = @region AND publish_time >= @time`,
      )
      .get({ region, time })!.n;
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
