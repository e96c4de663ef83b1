import { useQuery } from '@tanstack/react-query';
import { DICT_TYPES } from '@shared/contract/system';
import { parseTime } from '@shared/time';
import { xmkHistoryQueryOptions } from '../../api/content';
import { useHttp } from '../../api/http-context';
import { DictTag } from '../../components/dict-label';

/** 项目进展: every stage version of the project, the newest first (empty until it has loaded). */
export function StageHistory({ xmkId }: { xmkId: number }) {
  const history = useQuery(xmkHistoryQueryOptions(useHttp(), xmkId));
  const newestFirst = [...(history.data ?? [])].sort((a, b) => b.version - a.version);
  return (
    <section className="detail-card" aria-labelledby="history-title">
      <h2 id="history-title" className="detail-card-title">
        项目进展
      </h2>
      {newestFirst.length === 0 ? (
        <p className="muted">暂无阶段变更记录</p>
      ) : (
        <ol className="timeline">
          {newestFirst.map((entry, index) => (
            <li key={entry.id} className={index === 0 ? 'timeline-item is-current' : 'timeline-item'}>
              <span className="timeline-dot" aria-hidden="true" />
              <div className="timeline-head">
                <DictTag type={DICT_TYPES.xmkStage} value={entry.stage} />
                <time dateTime={entry.changeTime}>{parseTime(entry.changeTime, 'YYYY-MM-DD HH:mm')}</time>
                {index === 0 ? <span className="timeline-current">当前阶段</span> : null}
              </div>
              <p className="timeline-text">{entry.summary}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
