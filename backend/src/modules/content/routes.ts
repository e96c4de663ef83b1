/**
 * Content module (spec §7): xmk and zb search, public and member details, project history, and the
 * member's bidding subscription list.
 */
import type { XmkDetail, XmkListItem, ZbDetail, ZbListItem } from '@shared/content/types';
import type { TableDataInfo } from '@shared/contract/common';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { AppContext } from '../../context';
import { ApiError, invalid, notFound, success, table } from '../../envelope';
import type { Routes } from '../../routing';
import type { Session } from '../auth/tokens';
import { contactAccessFor, memberAccess } from '../member/access';
import {
  MSG_XMK_NOT_FOUND,
  MSG_ZB_NOT_FOUND,
  noticeTimeline,
  withoutTimeline,
  xmkDetail,
  xmkHistory,
  zbDetail,
  type Viewer,
} from './details';
import { ImportError } from './import';
import { withdrawNotice } from './withdraw';
import { xmkSearchFilters, zbSearchFilters } from './inputs';
import { subscribedTenders } from './bidding';
import { ContentSearch, xmkListItems, zbListItems, type SearchResult } from './search';
import type { ContentTable } from '../../search/fts-index';

function page<T>(result: SearchResult, rows: T[], msg?: string): TableDataInfo<T> {
  return table(rows, result.total, { totalCapped: result.capped, ...(msg ? { msg } : {}) });
}

export function registerContentRoutes(routes: Routes, ctx: AppContext): void {
  const { sql } = ctx;
  const search = new ContentSearch(sql, ctx.stats);

  routes.open(ENDPOINTS.xmkSearch, (_req, { query: q }): TableDataInfo<XmkListItem> => {
    const result = search.search('xmk', xmkSearchFilters(q), q);
    return page(result, xmkListItems(sql, result.ids, q));
  });

  routes.open(ENDPOINTS.zbSearch, (_req, { query: q }): TableDataInfo<ZbListItem> => {
    const result = search.search('zb', zbSearchFilters(q, ctx.clock()), q);
    return page(result, zbListItems(sql, result.ids, q));
  });

  /** With the extensions off, the answer a Java CMS gives: nothing about the notice over time. */
  const detail = <D extends XmkDetail | ZbDetail>(answer: D) => success(ctx.config.extensions ? answer : withoutTimeline(answer));

  const memberViewer = (session: Session, type: ContentTable, id: number): Viewer => ({
    kind: 'member',
    access: contactAccessFor(sql, memberAccess(sql, session.memberId, ctx.clock()), type, id),
  });

  routes.open(ENDPOINTS.xmkDetailPublic, (_req, { params: { id } }) => {
    return detail(xmkDetail(sql, id, { kind: 'visitor' }, ctx.views.record('xmk', id)));
  });

  routes.member(ENDPOINTS.xmkDetailMember, (_req, session, { params: { id } }) => {
    return detail(xmkDetail(sql, id, memberViewer(session, 'xmk', id), ctx.views.record('xmk', id)));
  });

  routes.open(ENDPOINTS.xmkHistory, (_req, { params: { id } }) => {
    return success(xmkHistory(sql, id));
  });

  /** The lifecycle and changes alone, masked for the caller as the detail: for a CMS's detail without them. */
  routes.optional(ENDPOINTS.noticeTimeline, async (req, session, { params: { kind, id } }) => {
    const answer = () => noticeTimeline(sql, kind, id, session ? memberViewer(session, kind, id) : { kind: 'visitor' });
    const timeline = answer();
    // Beside a CMS, an unlock made there is asked for when something here would be masked.
    const maskable = timeline.changes.length > 0 || timeline.bodyDiff !== null;
    const viewer = session && memberViewer(session, kind, id);
    if (session && viewer?.kind === 'member' && viewer.access === 'locked' && maskable && ctx.mirrorUnlock) {
      if (await ctx.mirrorUnlock(session, req.get('authorization'), kind, id)) return success(answer());
    }
    return success(timeline);
  });

  routes.open(ENDPOINTS.zbDetailPublic, (_req, { params: { id } }) => {
    return detail(zbDetail(sql, id, { kind: 'visitor' }, ctx.views.record('zb', id)));
  });

  routes.member(ENDPOINTS.biddingData, (_req, session, { params: { id } }) => {
    return detail(zbDetail(sql, id, memberViewer(session, 'zb', id), ctx.views.record('zb', id)));
  });

  /**
   * Staff tools push a file (JSON Lines, or CSV as text/csv; UTF-8 or GBK); the same import as
   * `npm run import`, recorded as 'admin', run in a worker thread so readers are not kept waiting.
   */
  routes.admin(ENDPOINTS.importNotices, async (req, { query }) => {
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!bytes.some((byte) => byte > 0x20)) throw invalid('请求体必须是 JSON Lines 文本，每行一条记录');
    const format = req.is('text/csv') ? 'csv' : 'jsonl';
    try {
      const run = await ctx.imports.run({
        bytes,
        format,
        changedBy: 'admin',
        now: ctx.clock().getTime(),
        skipInvalid: query.skipInvalid,
        // A companion keeps the CMS's ids: a pushed notice is the CMS's notice of that id.
        idsFromSource: ctx.config.cmsUrl !== undefined,
      });
      ctx.stats.invalidate();
      const { result, timings } = run;
      ctx.log.info(
        `backend: admin import of ${result.total} records (${run.encoding}): checked in ${Math.round(timings.checkMs)} ms, ` +
          `written in ${Math.round(timings.writeMs)} ms`,
      );
      return success(result, result.rejected > 0 ? `导入成功，${result.rejected} 行有误已跳过` : '导入成功');
    } catch (err) {
      if (err instanceof ImportError) throw new ApiError(500, err.message, 200, { rejected: err.rejected, rejects: err.rejects });
      throw err;
    }
  });

  /** Withdraw a notice by its id (staff): answered with whether it was still published. */
  routes.admin(ENDPOINTS.withdrawNotice, (_req, { params: { kind, id } }) => {
    const withdrawal = withdrawNotice(ctx.db, kind, id, ctx.clock());
    if (!withdrawal) throw notFound(kind === 'zb' ? MSG_ZB_NOT_FOUND : MSG_XMK_NOT_FOUND);
    ctx.stats.invalidate();
    return success(withdrawal, withdrawal.withdrawn ? '已撤销' : '该公告此前已撤销');
  });

  /** Tenders matching the member's subscription (DOMAIN.md: keywords and regions), newest first. */
  routes.member(ENDPOINTS.biddingList, (_req, session, { query }): TableDataInfo<ZbListItem> => {
    const { result, rows, subscribed } = subscribedTenders(sql, search, session.memberId, query);
    return page(result, rows, subscribed ? undefined : '未设置订阅关键词和地区，显示最新招标信息');
  });
}
