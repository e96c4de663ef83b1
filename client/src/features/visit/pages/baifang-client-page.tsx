/**
 * /user/baifangClient 拜访客户: the member's clients as a table — status tabs with counts, search,
 * paging in the URL — created from a project's companies or typed in, edited in place; `?cid=`
 * opens one client with its visit history (`getBaifangClientByCid`).
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import type { BaifangClient, BaifangClientListParams } from '@shared/visit/types';
import { DICT_TYPES } from '@shared/system/types';
import { parseTime } from '@shared/time';
import { useHttp } from '../../../lib/http/context';
import { baifangClientDetailQueryOptions, baifangClientListQueryOptions } from '../api';
import { DictTag } from '../../../components/dict-label';
import type { PageLoadArgs } from '../../../lib/page';
import { ClientDetail } from '../components/client-detail';
import { ClientFilters, ClientListActions } from '../components/client-filters';
import { ClientFormModal } from '../components/client-form';
import { MemberTable, TwoLineCell } from '../../../components/member-area/member-table';
import { MemberPage, MemberSection } from '../../../components/member-area/member-page';
import { RecordFormModal } from '../components/record-form';
import { fetchFresh, loadMemberChrome } from '../../member/api';
import { queryHref, readId } from '../../../components/member-area/member-query';
import { isDue, shanghaiDay } from '../visit-dates';
import { readClientQuery } from '../visit-query';

const PATH = '/user/baifangClient';
const DICTS = [DICT_TYPES.visitStatus, DICT_TYPES.visitWay] as const;

export async function load({ deps, url }: PageLoadArgs) {
  const cid = readId(url.searchParams, 'cid');
  await Promise.all([
    cid !== undefined
      ? fetchFresh(deps, baifangClientDetailQueryOptions(deps.http, cid))
      : fetchFresh(deps, baifangClientListQueryOptions(deps.http, readClientQuery(url.searchParams))),
    loadMemberChrome(deps, DICTS),
  ]);
}

type Dialog = { kind: 'new' } | { kind: 'edit'; client: BaifangClient } | { kind: 'record'; client: BaifangClient } | null;

function columns(today: string, detailHref: (id: number) => string, open: (dialog: Dialog) => void): TableColumnsType<BaifangClient> {
  return [
    {
      title: '客户单位',
      key: 'company',
      render: (_, client) => (
        <div className="client-cell">
          <RouteLink to={detailHref(client.id)} className="client-cell-name">
            {client.companyName}
          </RouteLink>
          {client.sourceTitle ? (
            <span className="client-cell-source" title={client.sourceTitle}>
              来源：{client.sourceTitle}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      title: '联系人',
      key: 'contact',
      width: 150,
      render: (_, client) => <TwoLineCell main={client.contact || '—'} sub={client.phone} />,
    },
    {
      title: '跟进状态',
      key: 'status',
      width: 96,
      render: (_, client) => <DictTag type={DICT_TYPES.visitStatus} value={client.status} />,
    },
    {
      title: '下次拜访',
      key: 'next',
      width: 120,
      render: (_, client) =>
        client.nextVisitDate ? (
          <span className={isDue(client, today) ? 'next-date is-due' : 'next-date'}>
            {client.nextVisitDate}
            {isDue(client, today) ? <span className="due-note">待拜访</span> : null}
          </span>
        ) : (
          <span className="muted">未安排</span>
        ),
    },
    {
      title: '拜访',
      key: 'visits',
      width: 120,
      render: (_, client) => (
        <TwoLineCell
          main={`${client.recordCount} 次`}
          sub={client.lastVisitTime ? `最近 ${parseTime(client.lastVisitTime, 'YYYY-MM-DD')}` : '未拜访'}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, client) => (
        <span className="row-actions">
          <RouteLink to={detailHref(client.id)}>详情</RouteLink>
          <button type="button" className="link-button" onClick={() => open({ kind: 'edit', client })}>
            编辑
          </button>
          <button type="button" className="link-button" onClick={() => open({ kind: 'record', client })}>
            写记录
          </button>
        </span>
      ),
    },
  ];
}

function ClientTable({ q }: { q: BaifangClientListParams }) {
  const { data, dataUpdatedAt } = useSuspenseQuery(baifangClientListQueryOptions(useHttp(), q));
  const [dialog, setDialog] = useState<Dialog>(null);
  const listHref = queryHref(PATH, q);
  const detailHref = (id: number) => queryHref(PATH, { cid: id, back: listHref === PATH ? undefined : listHref });
  const filtered = Boolean(q.keyword || q.status || q.due);

  return (
    <MemberPage
      title="拜访客户"
      intro="跟进中的客户单位、联系人和下次拜访安排；到期未拜访的客户会以红色提醒。"
      actions={
        <ClientListActions q={q} otherView={{ path: '/user/baifang-bak', label: '卡片视图' }} onNew={() => setDialog({ kind: 'new' })} />
      }
    >
      <MemberSection>
        <ClientFilters path={PATH} q={q} />
        <MemberTable<BaifangClient>
          columns={columns(shanghaiDay(dataUpdatedAt), detailHref, setDialog)}
          page={data}
          path={PATH}
          query={q}
          empty={
            filtered ? (
              <p>
                没有符合条件的客户，<RouteLink to={PATH}>查看全部客户</RouteLink>
              </p>
            ) : (
              <p>还没有客户。点“新增客户”，从项目的建设单位、招标人中选择，或直接填写。</p>
            )
          }
        />
      </MemberSection>
      {dialog?.kind === 'new' ? <ClientFormModal client={null} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'edit' ? <ClientFormModal client={dialog.client} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'record' ? <RecordFormModal client={dialog.client} onClose={() => setDialog(null)} /> : null}
    </MemberPage>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const cid = readId(search, 'cid');
  const q = useMemo(() => readClientQuery(search), [search]);
  if (cid === undefined) return <ClientTable q={q} />;
  // Back to the list the member came from (a same-page link only), else the whole list.
  const back = search.get('back');
  const backHref = back?.startsWith(`${PATH}?`) ? back : PATH;
  return (
    <MemberPage title="客户详情" intro="客户资料、跟进状态和全部拜访记录。">
      <ClientDetail cid={cid} backHref={backHref} />
    </MemberPage>
  );
}
