/**
 * One client on the phone (/m/pages/user/client?id=): how to reach them (the phone number dials),
 * the follow-up state, every visit newest first (`getBaifangClientByCid`), and 写拜访记录.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import { DICT_TYPES } from '@shared/system/types';
import { mobileDetailPath } from '@shared/content/paths';
import { MOBILE_PATHS, parsePositiveId } from '@shared/routes';
import { requireId } from '../../../components/detail-parts';
import { DictLabel } from '../../../components/dict-label';
import { MobileHead } from '../../../components/mobile/m-parts';
import { useHttp } from '../../../lib/http/context';
import type { PageLoadArgs } from '../../../lib/page';
import { prefetchDicts } from '../../../lib/system';
import { baifangClientDetailQueryOptions } from '../api';
import { isDue, shanghaiDay } from '../visit-due';
import { ClientFields } from '../components/client-fields';
import { MobileRecordForm } from './m-record-form';
import { RecordCard } from './m-visit-parts';

export async function load({ deps: { queryClient, http }, url }: PageLoadArgs) {
  const id = requireId(parsePositiveId(url.searchParams.get('id') ?? undefined));
  await Promise.all([
    queryClient.ensureQueryData(baifangClientDetailQueryOptions(http, id)),
    prefetchDicts(queryClient, http, [DICT_TYPES.visitStatus, DICT_TYPES.visitWay]),
  ]);
}

export function Component() {
  const id = parsePositiveId(useSearchParams()[0].get('id') ?? undefined) ?? 0;
  const { data, dataUpdatedAt } = useSuspenseQuery(baifangClientDetailQueryOptions(useHttp(), id));
  const { client, records } = data;
  const [writing, setWriting] = useState(false);
  const due = isDue(client, shanghaiDay(dataUpdatedAt));
  return (
    <div className="m-member">
      <MobileHead title={client.companyName} noindex />
      <p className="m-back">
        <RouteLink to={MOBILE_PATHS.clients}>‹ 拜访客户</RouteLink>
      </p>
      <section className="m-card" aria-labelledby="m-client-name">
        <h1 id="m-client-name" className="m-detail-title">
          {client.companyName}
        </h1>
        <p className="m-row-meta">
          <span className="m-tag">
            <DictLabel type={DICT_TYPES.visitStatus} value={client.status} />
          </span>
          {due ? <span className="m-row-deadline">待拜访</span> : null}
        </p>
        <ClientFields client={client} due={due} sourceHref={mobileDetailPath} className="m-fields" />
      </section>
      {writing ? (
        <MobileRecordForm client={client} onDone={() => setWriting(false)} />
      ) : (
        <button type="button" className="m-button m-button-primary m-button-block" onClick={() => setWriting(true)}>
          写拜访记录
        </button>
      )}
      <h2 className="m-section-title">{`拜访记录（${records.length}）`}</h2>
      {records.length === 0 ? (
        <p className="m-empty">还没有拜访记录，拜访后记下要点，下次跟进心中有数。</p>
      ) : (
        <ul className="m-visits">
          {records.map((record) => (
            <RecordCard key={record.id} record={record} showClient={false} />
          ))}
        </ul>
      )}
    </div>
  );
}
