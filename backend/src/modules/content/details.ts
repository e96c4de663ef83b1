/**
 * Project and tender details (DOMAIN.md): the contact block is masked unless the caller may see it
 * (VIP tier, or an unlock bought with points); neighbours by publish order; related items.
 */
import type { ContactAccess, ContactBlock, XmkDetail, XmkHistoryEntry, ZbDetail } from '@shared/content/types';
import type { DateOnlyField, NoticeAttachment, NoticeCandidateRow, NoticeTimelineAnswer, NoticeWinner } from '@shared/content/notices';
import { CONFIG_KEYS } from '@shared/system/types';
import type { Statements } from '../../db/connection';
import { notFound } from '../../envelope';
import type { ContentTable } from '../../search/fts-index';
import { escapeHtml } from '../../search/highlight';
import { readCount } from '../system/settings';
import { companyIdsByName, withCompanyIds } from '../company/links';
import { firmsOf } from '../company/consortium';
import { shownBody, shownContact } from './contact-mask';
import type { CandidateRecord } from './notice-record';
import * as q from './queries';
import { xmkTimeline, zbTimeline } from './timeline';
import { isWithdrawn, withdrawnError } from './withdraw';

/** Who is looking: a visitor, or a member with the access decided for this item. */
export type Viewer = { kind: 'visitor' } | { kind: 'member'; access: 'vip' | 'unlocked' | 'locked' };

export const unlockCost = (sql: Statements) => readCount(sql, CONFIG_KEYS.unlockCost, 10);

/** Whether a contact block names anyone: without one there is nothing to unlock or mask. */
export const hasContact = (contact: ContactBlock) => Object.values(contact).some((part) => part.trim() !== '');

function contactFor(sql: Statements, viewer: Viewer, contact: ContactBlock): ContactAccess & { contact: ContactBlock } {
  const contactAccess = viewer.kind === 'visitor' ? 'visitor' : viewer.access;
  if (!hasContact(contact)) return { contactMasked: false, contactAccess, unlockCost: 0, hasContact: false, contact };
  const shown = shownContact(contactAccess, contact);
  return { contactMasked: shown.masked, contactAccess, unlockCost: unlockCost(sql), hasContact: true, contact: shown.contact };
}

const contactOfRow = (row: q.ContactColumns): ContactBlock => ({
  company: row.contactCompany,
  contact: row.contactName,
  phone: row.contactPhone,
  address: row.contactAddress,
});

/** The JSON and list columns the detail rows read as text. */
interface StoredNoticeColumns {
  attachments: string;
  dateOnly: string;
}

const noticeColumns = (row: StoredNoticeColumns) => ({
  attachments: JSON.parse(row.attachments) as NoticeAttachment[],
  dateOnly: (row.dateOnly === '' ? [] : row.dateOnly.split(',')) as DateOnlyField[],
});

/** Not (or no longer) there: 410 for a withdrawn notice, else 404. */
function missing(sql: Statements, table: ContentTable, id: number, notFoundMsg: string): never {
  if (isWithdrawn(sql, table, id)) throw withdrawnError();
  throw notFound(notFoundMsg);
}

const neighbours = (sql: Statements, table: ContentTable, id: number) => ({
  prev: q.neighbour(sql, table, id, 'prev'),
  next: q.neighbour(sql, table, id, 'next'),
});

/** What both detail answers make of their row rather than read as it is. */
type DerivedDetailFields =
  | 'highlightTitle'
  | 'contact'
  | 'prev'
  | 'next'
  | keyof ContactAccess
  | 'lifecycle'
  | 'changes'
  | 'changesAgainst'
  | 'attachments'
  | 'dateOnly';

interface XmkDetailRow extends Omit<XmkDetail, DerivedDetailFields | 'relatedZb'>, q.ContactColumns, StoredNoticeColumns {}

export const MSG_XMK_NOT_FOUND = '项目不存在或已删除';
export const MSG_ZB_NOT_FOUND = '招标信息不存在或已删除';

/** `pendingViews`: views counted but not yet written, so the figure includes this very view. */
export function xmkDetail(sql: Statements, id: number, viewer: Viewer, pendingViews: number): XmkDetail {
  const row = q.xmkDetailRow<XmkDetailRow>(sql, id);
  if (!row) missing(sql, 'xmk', id, MSG_XMK_NOT_FOUND);
  const { contactCompany: _c, contactName: _n, contactPhone: _p, contactAddress: _a, attachments, dateOnly, ...fields } = row;
  const relatedZb = q.tendersOfProject.all(sql, { id });
  const access = contactFor(sql, viewer, contactOfRow(row));
  const [companies] = withCompanyIds(sql, [fields], ['owner']);
  return {
    ...companies!,
    highlightTitle: escapeHtml(row.title),
    views: row.views + pendingViews,
    // Sanitised on import, and again on the way out in case other writers appear.
    content: shownBody(access.contactAccess, row.content),
    ...access,
    relatedZb,
    ...neighbours(sql, 'xmk', id),
    ...xmkTimeline(sql, id, row.projectCode, access.contactMasked),
    ...noticeColumns({ attachments, dateOnly }),
  };
}

interface ZbDetailRow
  extends Omit<ZbDetail, DerivedDetailFields | 'xmk' | 'changedBy' | 'winners' | 'candidates'>, q.ContactColumns, StoredNoticeColumns {
  xmkId: number | null;
  /** JSON of the candidates table */
  candidates: string;
}

/** The firms of a winner or candidate text, each with its company page when it has one. */
function firmsWithIds(sql: Statements, texts: readonly (string | null)[]): (text: string | null) => NoticeWinner[] {
  const firms = new Map(texts.map((t) => [t, firmsOf(t)] as const));
  const idOf = companyIdsByName(
    sql,
    [...firms.values()].flat().map((f) => f.name),
  );
  return (text) =>
    (firms.get(text) ?? []).map((firm) => {
      const companyId = idOf(firm.name);
      return companyId === undefined ? firm : { ...firm, companyId };
    });
}

export function zbDetail(sql: Statements, id: number, viewer: Viewer, pendingViews: number): ZbDetail {
  const row = q.zbDetailRow<ZbDetailRow>(sql, id);
  if (!row) missing(sql, 'zb', id, MSG_ZB_NOT_FOUND);
  const {
    contactCompany: _c,
    contactName: _n,
    contactPhone: _p,
    contactAddress: _a,
    xmkId,
    attachments,
    dateOnly,
    candidates: table,
    ...fields
  } = row;
  const stored = JSON.parse(table) as CandidateRecord[];
  const members = firmsWithIds(sql, [row.winner, ...stored.map((c) => c.name)]);
  const candidates: NoticeCandidateRow[] = stored.map((c) => ({ ...c, members: members(c.name) }));
  const xmk = xmkId === null ? null : (q.contentLink(sql, 'xmk', xmkId) ?? null);
  const access = contactFor(sql, viewer, contactOfRow(row));
  const [companies] = withCompanyIds(sql, [fields], ['tenderer', 'agency', 'winner']);
  return {
    ...companies!,
    highlightTitle: escapeHtml(row.title),
    views: row.views + pendingViews,
    content: shownBody(access.contactAccess, row.content),
    ...access,
    xmk,
    ...neighbours(sql, 'zb', id),
    ...zbTimeline(sql, row, access.contactMasked),
    ...noticeColumns({ attachments, dateOnly }),
    winners: members(row.winner),
    candidates,
  };
}

/**
 * A notice over time alone (ext `noticeTimeline`), masked for the viewer as its detail would be:
 * what a portal adds to a detail answer that lacks it. Counts no view.
 */
export function noticeTimeline(sql: Statements, kind: ContentTable, id: number, viewer: Viewer): NoticeTimelineAnswer {
  if (kind === 'zb') {
    const row = q.zbDetailRow<ZbDetailRow>(sql, id);
    if (!row) missing(sql, 'zb', id, MSG_ZB_NOT_FOUND);
    return zbTimeline(sql, row, contactFor(sql, viewer, contactOfRow(row)).contactMasked);
  }
  const row = q.xmkDetailRow<XmkDetailRow>(sql, id);
  if (!row) missing(sql, 'xmk', id, MSG_XMK_NOT_FOUND);
  return xmkTimeline(sql, id, row.projectCode, contactFor(sql, viewer, contactOfRow(row)).contactMasked);
}

/** What the detail answers add about a notice over time. */
const TIMELINE_FIELDS = ['lifecycle', 'changes', 'changesAgainst', 'bodyDiff', 'changedBy'] as const;

/**
 * A detail answer without the notice over time: a backend with the extensions off answers as a
 * Java CMS does, so a portal beside a companion takes them from the companion (`noticeTimeline`).
 */
export function withoutTimeline<D extends XmkDetail | ZbDetail>(detail: D): Omit<D, (typeof TIMELINE_FIELDS)[number]> {
  const rest: Partial<D> = { ...detail };
  for (const field of TIMELINE_FIELDS) delete rest[field as keyof D];
  return rest as Omit<D, (typeof TIMELINE_FIELDS)[number]>;
}

/** The stage history of a project, newest version first. */
export function xmkHistory(sql: Statements, id: number): XmkHistoryEntry[] {
  if (!q.exists(sql, 'xmk', id)) missing(sql, 'xmk', id, MSG_XMK_NOT_FOUND);
  return q.stageHistory.all(sql, { id });
}
