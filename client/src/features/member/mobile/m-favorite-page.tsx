/** 我的收藏 on the phone: the first 20 favourites, newest first, with 导出Excel. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { RouteLink } from '../../../components/route-link';
import { mobileDetailPath } from '@shared/content/paths';
import { parseTime } from '@shared/time';
import { MobileExport } from '../../export/components/m-export';
import { favoriteListQueryOptions } from '../../listings/api';
import { FIRST_PAGE, MobileMemberPage } from '../../../components/mobile/m-member-page';
import { CONTENT_TYPE_LABEL } from '../../../lib/content-labels';
import { useHttp } from '../../../lib/http/context';
import type { PageLoadArgs } from '../../../lib/page';

const FAVORITES = { ...FIRST_PAGE, isCancel: 0 } as const;

export function load({ deps: { queryClient, http } }: PageLoadArgs) {
  return queryClient.ensureQueryData(favoriteListQueryOptions(http, FAVORITES));
}

export function Component() {
  const { rows, total } = useSuspenseQuery(favoriteListQueryOptions(useHttp(), FAVORITES)).data;
  return (
    <MobileMemberPage title="我的收藏" desktop="/user/favorite">
      <div className="m-toolbar">
        <p className="m-count">{`共 ${total} 条`}</p>
        {total > 0 ? <MobileExport kind="favorites" params={{}} /> : null}
      </div>
      {rows.length === 0 ? <p className="m-empty">还没有收藏，打开项目或招标详情点“收藏”即可</p> : null}
      <ul className="m-list">
        {rows.map((row) => (
          <li key={row.id} className="m-row">
            <RouteLink to={mobileDetailPath(row.type, row.dataId)} className="m-row-link">
              <span className="m-row-title">{row.title}</span>
              <span className="m-row-meta">
                <span className="m-tag">{CONTENT_TYPE_LABEL[row.type]}</span>
                <time dateTime={row.publishTime}>{parseTime(row.publishTime, 'YYYY-MM-DD')}</time>
              </span>
            </RouteLink>
          </li>
        ))}
      </ul>
    </MobileMemberPage>
  );
}
