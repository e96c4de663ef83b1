/**
 * The notice lifecycle on the detail pages: the notices of a tender's process, a project's stages and
 * tenders, 变更内容 (before → after) and the banner on a notice a 变更公告 changed. It comes with the
 * detail answer (`lifecycle`, `changes`, `changedBy`; docs/api.md "Notices"), or — a CMS's answer
 * lacks it — from the extensions' backend's `noticeTimeline` call, fetched with the detail; either
 * way it is server-rendered. A backend without the `lifecycle` capability sends none of it and none
 * shows.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RouteLink } from '../../../components/route-link';
import type { ContentType } from '@shared/contract/common';
import { detailPath, xmkDetailPath, zbDetailPath } from '@shared/content/paths';
import type { XmkDetail, ZbDetail } from '@shared/content/types';
import type { ChangesAgainst, NoticeChange } from '@shared/content/notices';
import { DICT_TYPES } from '@shared/system/types';
import { formatWan } from '@shared/format';
import { parseTime } from '@shared/time';
import { DictLabel, DictTag, useDict } from '../../../components/dict-label';
import { regionName } from '../../../lib/region';
import { hasCapability, useHasCapability } from '../../../lib/capabilities';
import { useHttp } from '../../../lib/http/context';
import type { AppDeps } from '../../../lib/page';
import type { Viewer } from '../../../lib/session';
import { noticeTimelineQueryOptions } from '../api';
import { ProcessTimeline, StageTimeline } from './timeline';

/** For loaders, after the detail: fetch what its answer lacks, so the server renders it too. */
export async function prefetchNoticeTimeline(deps: AppDeps, type: ContentType, item: XmkDetail | ZbDetail, viewer: Viewer) {
  if (item.lifecycle == null && hasCapability(deps, 'noticeTimeline'))
    await deps.queryClient.prefetchQuery(noticeTimelineQueryOptions(deps.http, type, item.id, viewer));
}

/** The detail with its lifecycle and changes: as answered, or with the extensions' backend's. */
export function useWithNoticeTimeline<Item extends XmkDetail | ZbDetail>(type: ContentType, item: Item, viewer: Viewer): Item {
  const http = useHttp();
  const wanted = useHasCapability('noticeTimeline') && item.lifecycle == null;
  const { data } = useQuery({ ...noticeTimelineQueryOptions(http, type, item.id, viewer), enabled: wanted });
  return useMemo(() => (wanted && data ? { ...item, ...data } : item), [item, data, wanted]);
}

/** The answer carries the lifecycle fields and the backend says it offers them. */
export function useLifecycle<Item extends XmkDetail | ZbDetail>(item: Item): boolean {
  const offered = useHasCapability('lifecycle');
  return offered && item.lifecycle != null;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/;
const MONEY_FIELDS = new Set(['amount', 'winAmount', 'investment']);
const TEXT_PREVIEW = 120;

/** One side of a change, as a reader wants it: 万元, dates without seconds, labels for codes. */
export function ChangeValue({ field, value, type }: { field: string; value: NoticeChange['before']; type: 'zb' | 'xmk' }) {
  const regions = useDict(DICT_TYPES.region);
  if (value === null || value === '') return <span className="muted">—</span>;
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return <>{formatWan(value)}</>;
  const text = String(value);
  if (field === 'noticeType') return <DictLabel type={type === 'zb' ? DICT_TYPES.zbNoticeType : DICT_TYPES.xmkStage} value={text} />;
  if (field === 'industry') return <DictLabel type={DICT_TYPES.industry} value={text} />;
  if (field === 'areaCode') return <>{regionName(regions, text)}</>;
  if (DATE_TIME.test(text)) return <time dateTime={text}>{parseTime(text, 'YYYY-MM-DD HH:mm')}</time>;
  return <>{text.length > TEXT_PREVIEW ? `${text.slice(0, TEXT_PREVIEW)}…` : text}</>;
}

/** What the changes compare against; `hrefOf` is the site's detail path (the phone links to its own pages). */
export function AgainstLine({
  against,
  type,
  hrefOf = detailPath,
}: {
  against: ChangesAgainst;
  type: ContentType;
  hrefOf?: (type: ContentType, id: number) => string;
}) {
  if (against.kind === 'notice') {
    return (
      <p className="changes-against">
        对比原公告：<RouteLink to={hrefOf(type, against.id)}>{against.title}</RouteLink>（
        <time dateTime={against.publishTime}>{parseTime(against.publishTime, 'YYYY-MM-DD')}</time>）
      </p>
    );
  }
  return (
    <p className="changes-against">
      与 <time dateTime={against.changeTime}>{parseTime(against.changeTime, 'YYYY-MM-DD HH:mm')}</time>{' '}
      {against.changedBy === 'admin' ? '本站编辑更正' : '发布单位更新公告'}前的内容相比
    </p>
  );
}

/** 变更内容: the fields that changed, before → after. Nothing when nothing changed. */
export function ChangesCard({ item, type }: { item: XmkDetail | ZbDetail; type: ContentType }) {
  if (item.changes.length === 0 || !item.changesAgainst) return null;
  return (
    <section className="detail-card changes-card" aria-labelledby="changes-title">
      <h2 id="changes-title" className="detail-card-title">
        变更内容
      </h2>
      <AgainstLine against={item.changesAgainst} type={type} />
      <div className="changes-scroll">
        <table className="changes-table">
          <thead>
            <tr>
              <th scope="col">变更项</th>
              <th scope="col">变更前</th>
              <th scope="col">变更后</th>
            </tr>
          </thead>
          <tbody>
            {item.changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">{change.label}</th>
                <td className="changes-before">
                  <ChangeValue field={change.field} value={change.before} type={type} />
                </td>
                <td className="changes-after">
                  <ChangeValue field={change.field} value={change.after} type={type} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * "本公告已于 … 变更": on a notice a later 变更公告 changed, linking to it (`hrefOf`: the site's
 * tender detail path).
 */
export function ChangedByBanner({ item, hrefOf = zbDetailPath }: { item: ZbDetail; hrefOf?: (id: number) => string }) {
  if (!item.changedBy) return null;
  return (
    <p className="changed-banner" role="note">
      本公告已于 <time dateTime={item.changedBy.publishTime}>{parseTime(item.changedBy.publishTime, 'YYYY-MM-DD HH:mm')}</time>{' '}
      变更，请以变更后的内容为准。<RouteLink to={hrefOf(item.changedBy.id)}>查看变更公告 ›</RouteLink>
    </p>
  );
}

/** 招标进程: the process's notices, oldest first, this one marked; and the project it belongs to. */
export function ZbLifecycleCard({ item }: { item: ZbDetail }) {
  return (
    <section className="detail-card" aria-labelledby="lifecycle-title">
      <h2 id="lifecycle-title" className="detail-card-title">
        招标进程
        {item.lifecycle.processCode ? <span className="detail-card-note">标段编号 {item.lifecycle.processCode}</span> : null}
      </h2>
      <ProcessTimeline item={item} hrefOf={zbDetailPath} />
      <p className="lifecycle-project">
        所属项目：
        {item.xmk ? <RouteLink to={xmkDetailPath(item.xmk.id)}>{item.xmk.title}</RouteLink> : <span className="muted">暂无关联项目</span>}
      </p>
    </section>
  );
}

/** 项目进展 from the detail answer: every stage with its date (newest first), and the project's tenders. */
export function XmkLifecycleCard({ item }: { item: XmkDetail }) {
  const stages = [...item.lifecycle.stages].reverse();
  const tenders = [...item.lifecycle.tenders].reverse();
  return (
    <>
      <section className="detail-card" aria-labelledby="history-title">
        <h2 id="history-title" className="detail-card-title">
          项目进展
        </h2>
        <StageTimeline stages={stages} />
      </section>
      <section className="detail-card" aria-labelledby="project-tenders-title">
        <h2 id="project-tenders-title" className="detail-card-title">
          项目招标
        </h2>
        {tenders.length === 0 ? (
          <p className="muted">该项目暂无招标公告</p>
        ) : (
          <ul className="lifecycle-tenders">
            {tenders.map((tender) => (
              <li key={tender.id}>
                <DictTag type={DICT_TYPES.zbNoticeType} value={tender.noticeType} />
                <RouteLink to={zbDetailPath(tender.id)}>{tender.title}</RouteLink>
                <time dateTime={tender.publishTime}>{parseTime(tender.publishTime, 'YYYY-MM-DD')}</time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
