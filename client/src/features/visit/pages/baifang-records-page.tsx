/**
 * /user/baifangRecords 拜访记录: every visit, newest first, filtered by client and by date in the URL
 * (`getBaifangRecordsList`, or gathered from the clients' calls without it); add a record for any
 * client, edit one (capability `visitRecords`), delete one after confirming.
 */
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { RouteLink } from '../../../components/route-link';
import type { BaifangRecord } from '@shared/visit/types';
import { DICT_TYPES } from '@shared/system/types';
import { parseTime } from '@shared/time';
import { DictLabel } from '../../../components/dict-label';
import type { PageLoadArgs } from '../../../lib/page';
import { loadRecordPage, useRecordPage } from '../record-pages';
import { MemberTable, TwoLineCell } from '../../../components/member-area/member-table';
import { MemberPage, MemberSection } from '../../../components/member-area/member-page';
import { RecordDeleteButton } from '../components/record-delete';
import { RecordEditButton } from '../components/record-edit';
import { RecordFilters } from '../components/record-filters';
import { RecordFormModal } from '../components/record-form';
import { queryHref } from '../../../components/member-area/member-query';
import { ExportButton } from '../../export/components/export-button';

const PATH = '/user/baifangRecords';
const DICTS = [DICT_TYPES.visitWay, DICT_TYPES.visitStatus] as const;

export function load({ deps, url }: PageLoadArgs) {
  return loadRecordPage(deps, url, DICTS);
}

const COLUMNS: TableColumnsType<BaifangRecord> = [
  {
    title: '拜访时间',
    key: 'time',
    width: 150,
    render: (_, record) => <span className="next-date">{parseTime(record.visitTime, 'YYYY-MM-DD HH:mm')}</span>,
  },
  {
    title: '客户单位',
    key: 'client',
    width: 200,
    render: (_, record) => (
      <RouteLink to={`/user/baifangClient?cid=${record.clientId}`} className="client-cell-name">
        {record.companyName}
      </RouteLink>
    ),
  },
  {
    title: '方式',
    key: 'way',
    width: 70,
    render: (_, record) => (
      <span className={`way-tag way-${record.way}`}>
        <DictLabel type={DICT_TYPES.visitWay} value={record.way} />
      </span>
    ),
  },
  { title: '拜访内容', dataIndex: 'content', key: 'content', render: (content: string) => <span className="cell-text">{content}</span> },
  {
    title: '结果 / 下一步',
    key: 'result',
    width: 200,
    render: (_, record) => <TwoLineCell main={record.result || '—'} sub={record.nextStep && `下一步：${record.nextStep}`} />,
  },
  {
    title: '操作',
    key: 'actions',
    width: 100,
    render: (_, record) => (
      <span className="row-actions">
        <RecordEditButton record={record} />
        <RecordDeleteButton record={record} />
      </span>
    ),
  },
];

export function Component() {
  const { q, data, dataUpdatedAt, clients } = useRecordPage();
  const [adding, setAdding] = useState(false);
  const filtered = q.clientId !== undefined || q.beginDate !== undefined || q.endDate !== undefined;

  return (
    <MemberPage
      title="拜访记录"
      intro="每一次拜访的时间、方式、内容和结果，可按客户和日期查找。"
      actions={
        <>
          <ExportButton kind="visits" size="normal" params={{}} />
          <RouteLink className="button" to={queryHref('/user/baifangRecords-bak', q)}>
            时间线视图
          </RouteLink>
          <button type="button" className="button button-primary" onClick={() => setAdding(true)} disabled={clients.length === 0}>
            新增记录
          </button>
        </>
      }
    >
      <MemberSection>
        <RecordFilters path={PATH} q={q} clients={clients} now={dataUpdatedAt} />
        <MemberTable<BaifangRecord>
          columns={COLUMNS}
          page={data}
          path={PATH}
          query={q}
          empty={
            filtered ? (
              <p>
                这段时间没有拜访记录，<RouteLink to={PATH}>查看全部记录</RouteLink>
              </p>
            ) : clients.length === 0 ? (
              <p>
                还没有客户，先去<RouteLink to="/user/baifangClient">添加客户</RouteLink>，拜访后在这里记下要点。
              </p>
            ) : (
              <p>还没有拜访记录，点“新增记录”记下第一次拜访。</p>
            )
          }
        />
      </MemberSection>
      {adding ? (
        <RecordFormModal client={clients.find((c) => c.id === q.clientId) ?? null} clients={clients} onClose={() => setAdding(false)} />
      ) : null}
    </MemberPage>
  );
}
