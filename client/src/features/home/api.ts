/** Home module (spec §7): the newest projects and tenders, and today's counts. */
import { queryOptions } from '@tanstack/react-query';
import type { XmkListItem, ZbListItem } from '@shared/content/types';
import { HOME_ENDPOINTS } from '@shared/home/endpoints';
import type { HomeListParams, TodayCount, ZBHomeListParams } from '@shared/home/types';
import { toPaged, type Paged } from '../../lib/http/paged';
import { NO_TOKEN, type Http } from '../../lib/http/http';

/** `{x}` of the count calls: a region code, or 0 for the whole province. */
export const WHOLE_PROVINCE = '0';

export const homeKeys = {
  all: ['home'] as const,
  xmkList: (params: HomeListParams) => [...homeKeys.all, 'xmk', params] as const,
  zbList: (params: ZBHomeListParams) => [...homeKeys.all, 'zb', params] as const,
  todayXmk: (region: string) => [...homeKeys.all, 'today', 'xmk', region] as const,
  todayZb: (region: string) => [...homeKeys.all, 'today', 'zb', region] as const,
};

/** GET /api/cms/getHomeList/ — newest projects, optionally of one stage (the home tabs). */
export async function getHomeList(http: Http, params: HomeListParams): Promise<Paged<XmkListItem>> {
  return toPaged(await http.call(HOME_ENDPOINTS.homeList, { params, ...NO_TOKEN.publicRead }));
}

export const homeXmkQueryOptions = (http: Http, params: HomeListParams) =>
  queryOptions({ queryKey: homeKeys.xmkList(params), queryFn: () => getHomeList(http, params) });

/** GET /api/cms/selectZBHomeList/ — newest tenders, optionally of one notice type. */
export async function selectZBHomeList(http: Http, params: ZBHomeListParams): Promise<Paged<ZbListItem>> {
  return toPaged(await http.call(HOME_ENDPOINTS.zbHomeList, { params, ...NO_TOKEN.publicRead }));
}

export const homeZbQueryOptions = (http: Http, params: ZBHomeListParams) =>
  queryOptions({ queryKey: homeKeys.zbList(params), queryFn: () => selectZBHomeList(http, params) });

/** GET /api/cms/getTodayNum/{x} — projects published today, this week and in all. */
export async function getTodayNum(http: Http, region: string = WHOLE_PROVINCE): Promise<TodayCount> {
  const body = await http.call(HOME_ENDPOINTS.todayNum, { path: { x: region }, ...NO_TOKEN.publicRead });
  return body.data;
}

export const todayXmkQueryOptions = (http: Http, region: string = WHOLE_PROVINCE) =>
  queryOptions({ queryKey: homeKeys.todayXmk(region), queryFn: () => getTodayNum(http, region) });

/** GET /api/cms/getTodayZBNum/{x} — tenders published today, this week and in all. */
export async function getTodayZBNum(http: Http, region: string = WHOLE_PROVINCE): Promise<TodayCount> {
  const body = await http.call(HOME_ENDPOINTS.todayZBNum, { path: { x: region }, ...NO_TOKEN.publicRead });
  return body.data;
}

export const todayZbQueryOptions = (http: Http, region: string = WHOLE_PROVINCE) =>
  queryOptions({ queryKey: homeKeys.todayZb(region), queryFn: () => getTodayZBNum(http, region) });
