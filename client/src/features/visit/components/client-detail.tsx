/**
 * One client (`getBaifangClientByCid`): who, how to reach them, the follow-up state and where they
 * came from, and every visit so far, with editing and a new record one click away.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RouteLink } from '../../../components/route-link';
import { DICT_TYPES } from '@shared/system/types';
import { parseTime } from '@shared/time';
import { useHttp } from '../../../lib/http/context';
import { baifangClientDetailQueryOptions } from '../api';
import { DictTag } from '../../../components/dict-label';
import { EmptyState } from '../../../components/empty-state';
import { detailPath } from '@shared/content/paths';
import { isDue, shanghaiDay } from '../visit-dates';
import { ClientFields } from './client-fields';
import { ClientFormModal } from './client-form';
import { MemberSection } from '../../../components/member-area/member-page';
import { RecordFormModal } from './record-form';
import { RecordTimeline } from './record-timeline';

export function ClientDetail({ cid, backHref }: { cid: number; backHref: string }) {
  const { data, dataUpdatedAt } = useSuspenseQuery(baifangClientDetailQueryOptions(useHttp(), cid));
  const { client, records } = data;
  const [dialog, setDialog] = useState<'edit' | 'record' | null>(null);
  const due = isDue(client, shanghaiDay(dataUpdatedAt));

  return (
    <>
      <RouteLink to={backHref} className="back-link">
        ‹ 返回客户列表
      </RouteLink>
      <MemberSection className="client-detail">
        <div className="client-detail-head">
          <div>
            <h2 className="client-detail-name">{client.companyName}</h2>
            <p className="client-detail-tags">
              <DictTag type={DICT_TYPES.visitStatus} value={client.status} />
              {due ? <span className="tag tag-danger">待拜访</span> : null}
              <span className="muted">添加于 {parseTime(client.createTime, 'YYYY-MM-DD')}</span>
            </p>
          </div>
          <div className="client-detail-actions">
            <button type="button" className="button" onClick={() => setDialog('edit')}>
              编辑客户
            </button>
            <button type="button" className="button button-primary" onClick={() => setDialog('record')}>
              写拜访记录
            </button>
          </div>
        </div>
        <ClientFields client={client} due={due} sourceHref={detailPath} className="client-fields" />
      </MemberSection>
      <MemberSection title={`拜访记录（${records.length}）`}>
        {records.length > 0 ? (
          <RecordTimeline records={records} showClient={false} />
        ) : (
          <EmptyState compact>
            <p>还没有拜访记录，拜访后记下要点，下次跟进心中有数。</p>
          </EmptyState>
        )}
      </MemberSection>
      {dialog === 'edit' ? <ClientFormModal client={client} onClose={() => setDialog(null)} /> : null}
      {dialog === 'record' ? <RecordFormModal client={client} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
