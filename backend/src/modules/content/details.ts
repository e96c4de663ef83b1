/**
 * Project and tender details (DOMAIN.md): the contact block is masked unless the caller may see it
 * (VIP tier, or an unlock bought with points); neighbours by publish order; related items.
 */
import type { ContactAccess, ContactBlock, XmkDetail, XmkHistoryEntry, ZbDetail } from '@shared/content/types';
import { sanitizeBodyHtml } from '@shared/content/body-html';
import { CONFIG_KEYS } from '@shared/system/types';
import type { Statements } from '../../db/connection';
import { notFound } from '../../envelope';
import type { ContentTable } from '../../search/fts-index';
import { escapeHtml } from '../../search/highlight';
import { readCount } from '../system/settings';
import { withCompanyIds } from '../company/links';
import { shownContact } from './contact-mask';
import * as q from './queries';
import { xmkTimeline, zbTimeline } from './timeline';

/** Who is looking: a visitor, or a member with the access decided for this item. */
export type Viewer = { kind: 'visitor' } | { kind: 'member'; access: 'vip' | 'unlocked' | 'locked' };

export const unlockCost = (sql: Statements) => readCount(sql, CONFIG_KEYS.unlockCost, 10);

function contactFor(sql: Statements, viewer: Viewer, contact: ContactBlock): ContactAccess & { contact: ContactBlock } {
  const contactAccess = viewer.kind === 'visitor' ? 'visitor' : viewer.access;
  const shown = shownContact(contactAccess, contact);
  return { contactMasked: shown.masked, contactAccess, unlockCost: unlockCost(sql), contact: shown.contact };
}

const neighbours = (sql: Statements, table: ContentTable, id: number) => ({
  prev: q.neighbour(sql, table, id, 'prev'),
  next: q.neighbour(sql, table, id, 'next'),
});

interface XmkDetailRow
  extends
    Omit<
      XmkDetail,
      'highlightTitle' | 'contact' | 'relatedZb' | 'prev' | 'next' | keyof ContactAccess | 'lifecycle' | 'changes' | 'changesAgainst'
    >,
    q.ContactColumns {}

export const MSG_XMK_NOT_FOUND = '项目不存在或已删除';
export const MSG_ZB_NOT_FOUND = '招标信息不存在或已删除';

/** `pendingViews`: views counted but not yet written, so the figure includes this very view. */
export function xmkDetail(sql: Statements, id: number, viewer: Viewer, pendingViews: number): XmkDetail {
  const row = q.xmkDetailRow<XmkDetailRow>(sql, id);
  if (!row) throw notFound(MSG_XMK_NOT_FOUND);
  const { contactCompany, contactName, contactPhone, contactAddress, ...fields } = row;
  const relatedZb = q.tendersOfProject.all(sql, { id });
  const access = contactFor(sql, viewer, {
    company: contactCompany,
    contact: contactName,
    phone: contactPhone,
    address: contactAddress,
  });
  const [companies] = withCompanyIds(sql, [fields], ['owner']);
  return {
    ...companies!,
    highlightTitle: escapeHtml(row.title),
    views: row.views + pendingViews,
    // Generated sanitised, and cleaned again on the way out in case other writers appear.
    content: sanitizeBodyHtml(row.content),
    ...access,
    relatedZb,
    ...neighbours(sql, 'xmk', id),
    ...xmkTimeline(sql, id, row.projectCode, access.contactMasked),
  };
}

interface ZbDetailRow
  extends
    Omit<
      ZbDetail,
      | 'highlightTitle'
      | 'contact'
      | 'xmk'
      | 'prev'
      | 'next'
      | keyof ContactAccess
      | 'lifecycle'
      | 'changes'
      | 'changesAgainst'
      | 'changedBy'
    >,
    q.ContactColumns {
  xmkId: number | null;
}

export function zbDetail(sql: Statements, id: number, viewer: Viewer, pendingViews: number): ZbDetail {
  const row = q.zbDetailRow<ZbDetailRow>(sql, id);
  if (!row) throw notFound(MSG_ZB_NOT_FOUND);
  const { contactCompany, contactName, contactPhone, contactAddress, xmkId, ...fields } = row;
  const xmk = xmkId === null ? null : (q.contentLink(sql, 'xmk', xmkId) ?? null);
  const access = contactFor(sql, viewer, {
    company: contactCompany,
    contact: contactName,
    phone: contactPhone,
    address: contactAddress,
  });
  const [companies] = withCompanyIds(sql, [fields], ['tenderer', 'agency', 'winner']);
  return {
    ...companies!,
    highlightTitle: escapeHtml(row.title),
    views: row.views + pendingViews,
    content: sanitizeBodyHtml(row.content),
    ...access,
    xmk,
    ...neighbours(sql, 'zb', id),
    ...zbTimeline(sql, row, access.contactMasked),
  };
}

/** The stage history of a project, newest version first. */
export function xmkHistory(sql: Statements, id: number): XmkHistoryEntry[] {
  if (!q.exists(sql, 'xmk', id)) throw notFound(MSG_XMK_NOT_FOUND);
  return q.stageHistory.all(sql, { id });
}
