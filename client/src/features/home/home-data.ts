/**
 * The data every home layout (/, /2, /index2) shows: the same queries, so the three pages are
 * three arrangements of one data set (DOMAIN.md). The newest lists are the page's content and
 * must load; counts, notices and labels degrade to placeholders if their calls fail.
 */
import type { HomeListParams, ZBHomeListParams } from '@shared/home/types';
import { DICT_TYPES } from '@shared/system/types';
import { noticeListQueryOptions } from '../support/api';
import { homeXmkQueryOptions, homeZbQueryOptions, todayXmkQueryOptions, todayZbQueryOptions } from './api';
import { prefetchDicts } from '../../lib/system';
import type { AppDeps } from '../../lib/page';

/** Rows per home list tab. */
export const HOME_LIST_SIZE = 10;
export const HOME_NOTICE_PARAMS = { pageNum: 1, pageSize: 6 } as const;

export const xmkTabParams = (stage?: string): HomeListParams =>
  stage ? { pageSize: HOME_LIST_SIZE, stage } : { pageSize: HOME_LIST_SIZE };
export const zbTabParams = (noticeType?: string): ZBHomeListParams =>
  noticeType ? { pageSize: HOME_LIST_SIZE, noticeType } : { pageSize: HOME_LIST_SIZE };

const HOME_DICTS = [DICT_TYPES.region, DICT_TYPES.industry, DICT_TYPES.xmkStage, DICT_TYPES.zbNoticeType] as const;

export async function loadHome({ queryClient, http }: AppDeps): Promise<void> {
  await Promise.all([
    queryClient.ensureQueryData(homeXmkQueryOptions(http, xmkTabParams())),
    queryClient.ensureQueryData(homeZbQueryOptions(http, zbTabParams())),
    queryClient.prefetchQuery(todayXmkQueryOptions(http)),
    queryClient.prefetchQuery(todayZbQueryOptions(http)),
    queryClient.prefetchQuery(noticeListQueryOptions(http, HOME_NOTICE_PARAMS)),
    prefetchDicts(queryClient, http, HOME_DICTS),
  ]);
}
