/** /user/baifangRecords-bak 拜访时间线: the records of /user/baifangRecords as a timeline by day. */
import { RouteLink } from '../../../components/route-link';
import { DICT_TYPES } from '@shared/system/types';
import { formatCount } from '@shared/format';
import { EmptyState } from '../../../components/empty-state';
import type { PageLoadArgs } from '../../../lib/page';
import { loadRecordPage, useRecordPage } from '../record-pages';
import { QueryListFooter } from '../../../components/member-area/list-footer';
import { MemberPage, MemberSection } from '../../../components/member-area/member-page';
import { RecordFilters } from '../components/record-filters';
import { RecordTimeline } from '../components/record-timeline';
import { queryHref } from '../../../components/member-area/member-query';

const PATH = '/user/baifangRecords-bak';

export function load({ deps, url }: PageLoadArgs) {
  return loadRecordPage(deps, url, [DICT_TYPES.visitWay]);
}

export function Component() {
  const { q, data, dataUpdatedAt, clients } = useRecordPage();

  return (
    <MemberPage
      title="拜访记录（时间线）"
      intro="按日期回顾每一次拜访，看清客户跟进的来龙去脉。"
      actions={
        <RouteLink className="button" to={queryHref('/user/baifangRecords', q)}>
          表格视图
        </RouteLink>
      }
    >
      <MemberSection>
        <RecordFilters path={PATH} q={q} clients={clients} now={dataUpdatedAt} />
        <p className="member-toolbar-summary timeline-summary">
          共 <strong>{formatCount(data.total)}</strong> 次拜访
        </p>
        {data.rows.length > 0 ? <RecordTimeline records={data.rows} showClient /> : null}
        {data.total === 0 ? (
          <EmptyState>
            <p>
              没有拜访记录。<RouteLink to="/user/baifangRecords">去写拜访记录</RouteLink>
            </p>
          </EmptyState>
        ) : null}
        <QueryListFooter page={data} path={PATH} query={q} />
      </MemberSection>
    </MemberPage>
  );
}
