/**
 * /user/bidding 订阅招标: tenders matching the member's keywords and regions (set on /user/member),
 * newest first, narrowed by a keyword in the URL. Without a subscription the backend lists the
 * newest tenders, and the page says so.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import type { BiddingListParams } from '@shared/content/types';
import { DICT_TYPES } from '@shared/system/types';
import { KEYWORD_MAX_LENGTH } from '@shared/constants';
import { formatCount } from '@shared/format';
import { biddingListQueryOptions } from '../../listings/api';
import { useHttp } from '../../../lib/http/context';
import { useDict } from '../../../components/dict-label';
import { EmptyState } from '../../../components/empty-state';
import type { PageLoadArgs } from '../../../lib/page';
import { useSession } from '../../../lib/session';
import { BiddingList, SubscriptionSummary } from '../components/bidding-list';
import { QueryListFooter } from '../../../components/member-area/list-footer';
import { MemberPage, MemberSection } from '../../../components/member-area/member-page';
import { MemberSearch } from '../../../components/member-area/member-search';
import { fetchFresh, loadMemberChrome } from '../api';
import { queryHref, readPaging, readText, withFilter } from '../../../components/member-area/member-query';
import { compact } from '../../../lib/search-href';

const PATH = '/user/bidding';
const DICTS = [DICT_TYPES.region, DICT_TYPES.zbNoticeType] as const;

function readQuery(query: URLSearchParams): BiddingListParams {
  return compact({ keyword: readText(query, 'keyword', KEYWORD_MAX_LENGTH), ...readPaging(query) });
}

export async function load({ deps, url }: PageLoadArgs) {
  await Promise.all([fetchFresh(deps, biddingListQueryOptions(deps.http, readQuery(url.searchParams))), loadMemberChrome(deps, DICTS)]);
}

export function Component() {
  const [search] = useSearchParams();
  const q = useMemo(() => readQuery(search), [search]);
  const { data, dataUpdatedAt } = useSuspenseQuery(biddingListQueryOptions(useHttp(), q));
  const regions = useDict(DICT_TYPES.region);
  const user = useSession().member_info;

  return (
    <MemberPage
      title="订阅招标"
      intro="按您订阅的关键词和地区筛选的招标信息，最新发布的在前。"
      actions={
        <RouteLink className="button" to="/user/member#subscription">
          设置订阅
        </RouteLink>
      }
    >
      <MemberSection>
        <SubscriptionSummary user={user} regions={regions} />
        <div className="member-toolbar">
          <MemberSearch
            key={q.keyword ?? ''}
            action={PATH}
            keyword={q.keyword}
            label="在订阅结果中搜索"
            placeholder="在订阅结果中按标题、招标人搜索"
            hrefFor={(keyword) => queryHref(PATH, withFilter(q, { keyword }))}
          />
          <span className="member-toolbar-summary">
            共 <strong>{formatCount(data.total)}</strong> 条招标
          </span>
        </div>
        {data.rows.length > 0 ? <BiddingList rows={data.rows} regions={regions} now={dataUpdatedAt} /> : null}
        {data.total === 0 ? (
          <EmptyState>
            {q.keyword ? (
              <p>
                订阅范围内没有包含“{q.keyword}”的招标，<RouteLink to={PATH}>查看全部订阅结果</RouteLink>。
              </p>
            ) : (
              <p>
                暂时没有符合订阅条件的招标，可以<RouteLink to="/user/member#subscription">调整关键词或地区</RouteLink>。
              </p>
            )}
          </EmptyState>
        ) : null}
        <QueryListFooter page={data} path={PATH} query={q} />
      </MemberSection>
    </MemberPage>
  );
}
