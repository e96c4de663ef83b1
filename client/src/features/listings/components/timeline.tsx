/**
 * The one timeline of the detail pages, desktop and mobile: a tender's process notices (招标进程,
 * oldest first, this notice marked) and a project's stages (项目进展, newest first, the current
 * stage marked). The cards around it are the page's own (detail-card on the desktop, m-card on
 * the phone); the entries come from the detail answer (`lifecycle`) or the stage history call.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RouteLink } from '../../../components/route-link';
import type { ZbDetail } from '@shared/content/types';
import { DICT_TYPES, type DictType } from '@shared/system/types';
import type { DateTimeString } from '@shared/contract/common';
import { parseTime } from '@shared/time';
import { xmkHistoryQueryOptions } from '../api';
import { useHttp } from '../../../lib/http/context';
import { DictTag } from '../../../components/dict-label';

export interface TimelineEntry {
  key: string | number;
  /** The entry's 公告类型 or 项目阶段, as a dictionary tag. */
  tag: { type: DictType; value: string };
  time: DateTimeString;
  text?: ReactNode;
  /** The marked entry: this very notice ('page') or the project's current stage ('step'), as aria-current says. */
  current?: 'page' | 'step';
}

/** The list itself; `currentLabel` names the marked entry (当前公告, 当前阶段); `empty` says there is none. */
export function Timeline({ entries, currentLabel, empty }: { entries: readonly TimelineEntry[]; currentLabel: string; empty?: string }) {
  if (entries.length === 0) return empty ? <p className="muted">{empty}</p> : null;
  return (
    <ol className="timeline">
      {entries.map((entry) => (
        <li key={entry.key} className={entry.current ? 'timeline-item is-current' : 'timeline-item'} aria-current={entry.current}>
          <span className="timeline-dot" aria-hidden="true" />
          <div className="timeline-head">
            <DictTag type={entry.tag.type} value={entry.tag.value} />
            <time dateTime={entry.time}>{parseTime(entry.time, 'YYYY-MM-DD HH:mm')}</time>
            {entry.current ? <span className="timeline-current">{currentLabel}</span> : null}
          </div>
          {entry.text ? <p className="timeline-text">{entry.text}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** 招标进程: the process's notices, oldest first, each linking to its page (`hrefOf`) but this one. */
export function ProcessTimeline({ item, hrefOf }: { item: ZbDetail; hrefOf: (id: number) => string }) {
  const entries = item.lifecycle.notices.map((notice) => {
    const current = notice.id === item.id;
    return {
      key: notice.id,
      tag: { type: DICT_TYPES.zbNoticeType, value: notice.noticeType },
      time: notice.publishTime,
      text: current ? notice.title : <RouteLink to={hrefOf(notice.id)}>{notice.title}</RouteLink>,
      current: current ? ('page' as const) : undefined,
    };
  });
  return <Timeline entries={entries} currentLabel="当前公告" />;
}

interface Stage {
  stage: string;
  changeTime: DateTimeString;
  summary: string | null;
}

/** 项目进展: the stages newest first, the newest being the current one. */
export function StageTimeline({ stages }: { stages: readonly Stage[] }) {
  const entries = stages.map((entry, index) => ({
    key: `${index}-${entry.stage}-${entry.changeTime}`,
    tag: { type: DICT_TYPES.xmkStage, value: entry.stage },
    time: entry.changeTime,
    text: entry.summary,
    current: index === 0 ? ('step' as const) : undefined,
  }));
  return <Timeline entries={entries} currentLabel="当前阶段" empty="暂无阶段变更记录" />;
}

/** 项目进展 from the stage history call (spec §7, any backend): every version, newest first. */
export function StageHistoryTimeline({ xmkId }: { xmkId: number }) {
  const history = useQuery(xmkHistoryQueryOptions(useHttp(), xmkId));
  const newestFirst = [...(history.data ?? [])].sort((a, b) => b.version - a.version);
  return <StageTimeline stages={newestFirst} />;
}
