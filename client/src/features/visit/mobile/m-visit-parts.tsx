/** Pieces of the phone CRM pages: a client's row and a visit record's card. */
import { useState } from 'react';
import { RouteLink } from '../../../components/route-link';
import type { BaifangClient, BaifangRecord } from '@shared/visit/types';
import { DICT_TYPES } from '@shared/system/types';
import { MOBILE_PATHS } from '@shared/routes';
import { parseTime } from '@shared/time';
import { DictLabel } from '../../../components/dict-label';
import { useHasCapability } from '../../../lib/capabilities';
import { RecordNotes } from '../components/record-notes';
import { isDue } from '../visit-due';
import { MobileRecordForm } from './m-record-form';

export const mobileClientPath = (id: number) => `${MOBILE_PATHS.client}?id=${id}`;

export function ClientRow({ client, today }: { client: BaifangClient; today: string }) {
  return (
    <li className="m-row">
      <RouteLink to={mobileClientPath(client.id)} className="m-row-link">
        <span className="m-row-title">{client.companyName}</span>
        <span className="m-row-meta">
          <span className="m-tag">
            <DictLabel type={DICT_TYPES.visitStatus} value={client.status} />
          </span>
          {isDue(client, today) ? <span className="m-row-deadline">待拜访</span> : null}
          {client.contact ? <span>{client.contact}</span> : null}
          <span>拜访 {client.recordCount} 次</span>
          {client.nextVisitDate ? <span>下次 {parseTime(client.nextVisitDate, 'MM-DD')}</span> : null}
        </span>
      </RouteLink>
    </li>
  );
}

/**
 * One visit: when, how, with whom (`showClient`), what was said, the result and the next step. 编辑
 * turns the card into the record's form in place (ext `updateBaifangRecords`, capability
 * `visitRecords`: nothing without it).
 */
export function RecordCard({ record, showClient }: { record: BaifangRecord; showClient: boolean }) {
  const editable = useHasCapability('visitRecords');
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <li className="m-visit-editing">
        <MobileRecordForm record={record} onDone={() => setEditing(false)} />
      </li>
    );
  }
  return (
    <li className="m-card m-visit">
      <p className="m-row-meta">
        <time dateTime={record.visitTime}>{parseTime(record.visitTime, 'YYYY-MM-DD HH:mm')}</time>
        <span className="m-tag">
          <DictLabel type={DICT_TYPES.visitWay} value={record.way} />
        </span>
        {editable ? (
          <button type="button" className="m-button m-button-plain m-visit-edit" onClick={() => setEditing(true)}>
            编辑
          </button>
        ) : null}
      </p>
      {showClient ? (
        <p className="m-visit-client">
          <RouteLink to={mobileClientPath(record.clientId)}>{record.companyName}</RouteLink>
        </p>
      ) : null}
      <p className="m-visit-content">{record.content}</p>
      <RecordNotes record={record} className="m-fields" />
    </li>
  );
}
