/** /user/baifang-bak 客户卡片: the clients of /user/baifangClient as cards, same filters and paging. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import type { BaifangClient } from '@shared/visit/types';
import { DICT_TYPES } from '@shared/system/types';
import { parseTime } from '@shared/time';
import { useHttp } from '../../../lib/http/context';
import { baifangClientListQueryOptions } from '../api';
import { DictTag } from '../../../components/dict-label';
import { EmptyState } from '../../../components/empty-state';
import type { PageLoadArgs } from '../../../lib/page';
import { ClientFilters, ClientListActions } from '../components/client-filters';
import { ClientFormModal } from '../components/client-form';
import { QueryListFooter } from '../../../components/member-area/list-footer';
import { MemberPage, MemberSection } from '../../../components/member-area/member-page';
import { RecordFormModal } from '../components/record-form';
import { fetchFresh, loadMemberChrome } from '../../member/api';
import { isDue, shanghaiDay } from '../visit-dates';
import { readClientQuery } from '../visit-query';

const PATH = '/user/baifang-bak';

export async function load({ deps, url }: PageLoadArgs) {
  await Promise.all([
    fetchFresh(deps, baifangClientListQueryOptions(deps.http, readClientQuery(url.searchParams))),
    loadMemberChrome(deps, [DICT_TYPES.visitStatus, DICT_TYPES.visitWay]),
  ]);
}

function ClientCard({ client, today, onRecord }: { client: BaifangClient; today: string; onRecord: () => void }) {
  const due = isDue(client, today);
  return (
    <li className={due ? 'client-card is-due-card' : 'client-card'}>
      <div className="client-card-head">
        <RouteLink to={`/user/baifangClient?cid=${client.id}`} className="client-card-name" title={client.companyName}>
          {client.companyName}
        </RouteLink>
        <DictTag type={DICT_TYPES.visitStatus} value={client.status} />
      </div>
      <dl className="client-card-fields">
        <div>
          <dt>联系人</dt>
          <dd>
            {client.contact || '—'} {client.phone ? <span className="muted">{client.phone}</span> : null}
          </dd>
        </div>
        <div>
          <dt>下次拜访</dt>
          <dd className={due ? 'is-due' : undefined}>
            {client.nextVisitDate ?? '未安排'}
            {due ? '（待拜访）' : ''}
          </dd>
        </div>
        <div>
          <dt>拜访</dt>
          <dd>
            {client.recordCount} 次{client.lastVisitTime ? `，最近 ${parseTime(client.lastVisitTime, 'YYYY-MM-DD')}` : ''}
          </dd>
        </div>
      </dl>
      {client.sourceTitle ? (
        <p className="client-card-source" title={client.sourceTitle}>
          来源：{client.sourceTitle}
        </p>
      ) : null}
      <div className="client-card-actions">
        <RouteLink to={`/user/baifangClient?cid=${client.id}`}>查看详情</RouteLink>
        <button type="button" className="link-button" onClick={onRecord}>
          写拜访记录
        </button>
      </div>
    </li>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const q = useMemo(() => readClientQuery(search), [search]);
  const { data, dataUpdatedAt } = useSuspenseQuery(baifangClientListQueryOptions(useHttp(), q));
  const [dialog, setDialog] = useState<{ kind: 'new' } | { kind: 'record'; client: BaifangClient } | null>(null);
  const today = shanghaiDay(dataUpdatedAt);

  return (
    <MemberPage
      title="拜访客户（卡片）"
      intro="以卡片浏览拜访客户，待拜访的客户标红显示。"
      actions={
        <ClientListActions q={q} otherView={{ path: '/user/baifangClient', label: '表格视图' }} onNew={() => setDialog({ kind: 'new' })} />
      }
    >
      <MemberSection>
        <ClientFilters path={PATH} q={q} />
        {data.rows.length > 0 ? (
          <ul className="client-cards">
            {data.rows.map((client) => (
              <ClientCard key={client.id} client={client} today={today} onRecord={() => setDialog({ kind: 'record', client })} />
            ))}
          </ul>
        ) : null}
        {data.total === 0 ? (
          <EmptyState>
            <p>{q.keyword || q.status || q.due ? '没有符合条件的客户' : '还没有客户，点“新增客户”添加第一个。'}</p>
          </EmptyState>
        ) : null}
        <QueryListFooter page={data} path={PATH} query={q} />
      </MemberSection>
      {dialog?.kind === 'new' ? <ClientFormModal client={null} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'record' ? <RecordFormModal client={dialog.client} onClose={() => setDialog(null)} /> : null}
    </MemberPage>
  );
}
