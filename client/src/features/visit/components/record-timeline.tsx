/**
 * Visit records as a timeline grouped by day, newest first: the client detail's history and the
 * /user/baifangRecords-bak view. Each entry: time, way, client, what was said, result, next step.
 */
import { RouteLink } from '../../../components/route-link';
import type { BaifangRecord } from '@shared/visit/types';
import { DICT_TYPES } from '@shared/system/types';
import { parseTime } from '@shared/time';
import { DictLabel } from '../../../components/dict-label';
import { RecordDeleteButton } from './record-delete';
import { RecordEditButton } from './record-edit';
import { RecordNotes } from './record-notes';

function byDay(records: readonly BaifangRecord[]): [string, BaifangRecord[]][] {
  const days = new Map<string, BaifangRecord[]>();
  for (const record of records) {
    const day = parseTime(record.visitTime, 'YYYY-MM-DD');
    days.set(day, [...(days.get(day) ?? []), record]);
  }
  return [...days];
}

export function RecordTimeline({ records, showClient }: { records: readonly BaifangRecord[]; showClient: boolean }) {
  return (
    <ol className="timeline">
      {byDay(records).map(([day, entries]) => (
        <li key={day} className="timeline-day">
          <p className="timeline-date">
            <time dateTime={day}>{parseTime(day, 'YYYY年MM月DD日')}</time>
            <span>{parseTime(day, 'dddd')}</span>
          </p>
          <ul className="timeline-entries">
            {entries.map((record) => (
              <li key={record.id} className="timeline-entry">
                <span className={`timeline-dot way-${record.way}`} aria-hidden="true" />
                <div className="timeline-card">
                  <p className="timeline-head">
                    <time dateTime={record.visitTime}>{parseTime(record.visitTime, 'HH:mm')}</time>
                    <span className={`way-tag way-${record.way}`}>
                      <DictLabel type={DICT_TYPES.visitWay} value={record.way} />
                    </span>
                    {showClient ? (
                      <RouteLink to={`/user/baifangClient?cid=${record.clientId}`} className="timeline-client">
                        {record.companyName}
                      </RouteLink>
                    ) : null}
                    <span className="timeline-actions">
                      <RecordEditButton record={record} />
                      <RecordDeleteButton record={record} />
                    </span>
                  </p>
                  <p className="timeline-content">{record.content}</p>
                  <RecordNotes record={record} className="timeline-notes" />
                </div>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
