/** /user/favorite 我的收藏: favourited projects and tenders, filtered by type in the URL. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import type { ContentType } from '@shared/contract/common';
import type { FavoriteListParams } from '@shared/content/types';
import { DICT_TYPES } from '@shared/system/types';
import { formatCount } from '@shared/format';
import { favoriteListQueryOptions } from '../../listings/api';
import { useHttp } from '../../../lib/http/context';
import { useDict } from '../../../components/dict-label';
import { EmptyState } from '../../../components/empty-state';
import { ExportButton } from '../../export/components/export-button';
import type { PageLoadArgs } from '../../../lib/page';
import { FavoriteList } from '../components/favorite-list';
import { QueryListFooter } from '../../../components/member-area/list-footer';
import { MemberPage, MemberSection } from '../../../components/member-area/member-page';
import { CONTENT_TYPE_LABEL } from '../../../lib/content-labels';
import { fetchFresh, loadMemberChrome } from '../api';
import { queryHref, readChoice, readPaging, withFilter, type Paging } from '../../../components/member-area/member-query';
import { compact } from '../../../lib/search-href';

const PATH = '/user/favorite';
const DICTS = [DICT_TYPES.region, DICT_TYPES.xmkStage, DICT_TYPES.zbNoticeType] as const;
const TYPES: readonly ContentType[] = ['xmk', 'zb'];

type FavoriteQuery = Paging & { type?: ContentType };

function readQuery(query: URLSearchParams): FavoriteQuery {
  return compact({ type: readChoice(query, 'type', TYPES), ...readPaging(query) });
}

/** Active favourites only: a cancelled one shows (with 撤销) until the page is left. */
const listParams = (q: FavoriteQuery): FavoriteListParams => ({ ...q, isCancel: 0 });

export async function load({ deps, url }: PageLoadArgs) {
  await Promise.all([
    fetchFresh(deps, favoriteListQueryOptions(deps.http, listParams(readQuery(url.searchParams)))),
    loadMemberChrome(deps, DICTS),
  ]);
}

export function Component() {
  const [search] = useSearchParams();
  const q = useMemo(() => readQuery(search), [search]);
  const { data } = useSuspenseQuery(favoriteListQueryOptions(useHttp(), listParams(q)));
  const regions = useDict(DICT_TYPES.region);
  const href = (patch: Partial<FavoriteQuery>) => queryHref(PATH, withFilter(q, patch));
  const tabs: { label: string; type: ContentType | undefined }[] = [
    { label: '全部', type: undefined },
    ...TYPES.map((type) => ({ label: CONTENT_TYPE_LABEL[type], type })),
  ];

  return (
    <MemberPage title="我的收藏" intro="收藏的项目和招标信息集中在这里；对感兴趣的单位可以一键加入客户跟进。">
      <MemberSection>
        <div className="member-toolbar">
          <nav className="member-tabs" aria-label="收藏类型">
            {tabs.map((tab) => (
              <RouteLink
                key={tab.label}
                to={href({ type: tab.type })}
                className={q.type === tab.type ? 'member-tab is-active' : 'member-tab'}
                aria-current={q.type === tab.type ? 'page' : undefined}
              >
                {tab.label}
              </RouteLink>
            ))}
          </nav>
          <span className="member-toolbar-summary">
            共 <strong>{formatCount(data.total)}</strong> 条收藏
            <ExportButton kind="favorites" params={q.type ? { type: q.type } : {}} />
          </span>
        </div>
        {data.rows.length > 0 ? (
          <FavoriteList rows={data.rows} regions={regions} />
        ) : data.total === 0 ? (
          <EmptyState>
            <p>{q.type ? `还没有收藏的${CONTENT_TYPE_LABEL[q.type]}` : '还没有收藏'}，在项目或招标详情页点“收藏”即可加入这里。</p>
            <p className="empty-links">
              <RouteLink to="/xmk">浏览项目库</RouteLink>
              <RouteLink to="/zb">浏览招标信息</RouteLink>
            </p>
          </EmptyState>
        ) : null}
        <QueryListFooter page={data} path={PATH} query={q} />
      </MemberSection>
    </MemberPage>
  );
}
