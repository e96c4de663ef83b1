/** Pieces of the phone CRM pages: a client's row and a visit record's card. */
import { Link } from 'react-router-dom';
import type { BaifangClient, BaifangRecord } from '@shared/visit/types';
import { DICT_TYPES } from '@shared/system/types';
import { MOBILE_PATHS } from '@shared/routes';
import { parseTime } from '@shared/time';
import { DictLabel } from '../../../components/dict-label';
import { isDue } from '../visit-due';

export const mobileClientPath = (id: number) => `${MOBILE_PATHS.client}?id=${id}`;

export function ClientRow({ client, today }: { client: BaifangClient; today: string }) {
  return (
    <li className="m-row">
      <Link to={mobileClientPath(client.id)} className="m-row-link">
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
      </Link>
    </li>
  );
}

/** One visit: when, how, with whom (`showClient`), what was said, the result and the next step. */
export function RecordCard({ record, showClient }: { record: BaifangRecord; showClient: boolean }) {
  return (
    <li className="m-card m-visit">
      <p className="m-row-meta">
        <time dateTime={record.visitTime}>{parseTime(record.visitTime, 'YYYY-MM-DD HH:mm')}</time>
        <span className="m-tag">
          <DictLabel type={DICT_TYPES.visitWay} value={record.way} />
        </span>
      </p>
      {showClient ? (
        <p className="m-visit-client">
          <Link to={mobileClientPath(record.clientId)}>{record.companyName}</Link>
        </p>
      ) : null}
      <p className="m-visit-content">{record.content}</p>
      {record.result || record.nextStep ? (
        <dl className="m-fields">
          {record.result ? (
            <div>
              <dt>结果</dt>
              <dd>{record.result}</dd>
            </div>
          ) : null}
          {record.nextStep ? (
            <div>
              <dt>下一步</dt>
              <dd>{record.nextStep}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </li>
  );
}
