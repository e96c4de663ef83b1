/**
 * Project and tender details (DOMAIN.md): the contact block is masked unless the caller may see it
 * (VIP tier, or an unlock bought with points); neighbours by publish order; related items.
 */
import type { ContactAccess, ContactBlock, ContentLink, XmkDetail, XmkHistoryEntry, ZbDetail } from '@shared/content/types';
import { sanitizeBodyHtml } from '@shared/content/body-html';
import { CONFIG_KEYS } from '@shared/system/types';
import type { Statements } from '../../db/connection';
import { notFound } from '../../envelope';
import type { ContentTable } from '../../search/fts-index';
import { escapeHtml } from '../../search/highlight';
import { readCount } from '../system/settings';
import { withCompanyIds } from '../company/links';
import { shownContact } from './contact-mask';
import { xmkTimeline, zbTimeline } from './timeline';

/** Who is looking: a visitor, or a member with the access decided for this item. */
export type Viewer = { kind: 'visitor' } | { kind: 'member'; access: 'vip' | 'unlocked' | 'locked' };

export const unlockCost = (sql: Statements) => readCount(sql, CONFIG_KEYS.unlockCost, 10);

function contactFor(sql: Statements, viewer: Viewer, contact: ContactBlock): ContactAccess & { contact: ContactBlock } {
  const contactAccess = viewer.kind === 'visitor' ? 'visitor' : viewer.access;
  const shown = shownContact(contactAccess, contact);
  return { contactMasked: shown.masked, contactAccess, unlockCost: unlockCost(sql), contact: shown.contact };
}

function neighbours(sql: Statements, table: ContentTable, id: number): { prev: ContentLink | null; next: ContentLink | null } {
  const link = (op: '<' | '>', dir: 'ASC' | 'DESC') =>
    sql
      .get<[number], ContentLink>(`SELECT id, title, publish_time AS publishTime FROM ${table} WHERE id ${op} ? ORDER BY id ${dir} LIMIT 1`)
      .get(id) ?? null;
  // prev: the item published just before; next: just after.
  return { prev: link('<', 'DESC'), next: link('>', 'ASC') };
}

interface XmkDetailRow extends Omit<
  XmkDetail,
  'highlightTitle' | 'contact' | 'relatedZb' | 'prev' | 'next' | keyof ContactAccess | 'lifecycle' | 'changes' | 'changesAgainst'
> {
  contactCompany: string;
  contactName: string;
  contactPhone: string;
  contactAddress: string;
}

const XMK_DETAIL_SQL = `SELECT id, title, area_code AS areaCode, city_code AS cityCode, industry, publish_time AS publishTime, views,
    stage, nature, investment, owner, address, building_area AS buildingArea, owner_type AS ownerType,
    approval_authority AS approvalAuthority, plan_start_date AS planStartDate, plan_end_date AS planEndDate, content,
    update_time AS updateTime, contact_company AS contactCompany, contact_name AS contactName,
    contact_phone AS contactPhone, contact_address AS contactAddress, project_code AS projectCode, source_url AS sourceUrl
  FROM xmk WHERE id = ?`;

export const MSG_XMK_NOT_FOUND = '项目不存在或已删除';
export const MSG_ZB_NOT_FOUND = '招标信息不存在或已删除';

/** `pendingViews`: views counted but not yet written, so the figure includes this very view. */
export function xmkDetail(sql: Statements, id: number, viewer: Viewer, pendingViews: number): XmkDetail {
  const row = sql.get<[number], XmkDetailRow>(XMK_DETAIL_SQL).get(id);
  if (!row) throw notFound(MSG_XMK_NOT_FOUND);
  const { contactCompany, contactName, contactPhone, contactAddress, ...fields } = row;
  const relatedZb = sql
    .get<[number], ContentLink & { noticeType: string }>(
      `SELECT id, title, publish_time AS publishTime, notice_type AS noticeType FROM zb
       WHERE xmk_id = ? ORDER BY id DESC LIMIT 20`,
    )
    .all(id);
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

interface ZbDetailRow extends Omit<
  ZbDetail,
  'highlightTitle' | 'contact' | 'xmk' | 'prev' | 'next' | keyof ContactAccess | 'lifecycle' | 'changes' | 'changesAgainst' | 'changedBy'
> {
  xmkId: number | null;
  contactCompany: string;
  contactName: string;
  contactPhone: string;
  contactAddress: string;
}

const ZB_DETAIL_SQL = `SELECT id, title, area_code AS areaCode, city_code AS cityCode, industry, publish_time AS publishTime, views,
    notice_type AS noticeType, amount, tenderer, signup_deadline AS signupDeadline, agency, open_time AS openTime,
    content, update_time AS updateTime, xmk_id AS xmkId, contact_company AS contactCompany,
    contact_name AS contactName, contact_phone AS contactPhone, contact_address AS contactAddress,
    process_code AS processCode, project_code AS projectCode, winner, win_amount AS winAmount, source_url AS sourceUrl
  FROM zb WHERE id = ?`;

export function zbDetail(sql: Statements, id: number, viewer: Viewer, pendingViews: number): ZbDetail {
  const row = sql.get<[number], ZbDetailRow>(ZB_DETAIL_SQL).get(id);
  if (!row) throw notFound(MSG_ZB_NOT_FOUND);
  const { contactCompany, contactName, contactPhone, contactAddress, xmkId, ...fields } = row;
  const xmk =
    xmkId === null
      ? null
      : (sql.get<[number], ContentLink>('SELECT id, title, publish_time AS publishTime FROM xmk WHERE id = ?').get(xmkId) ?? null);
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
  if (!sql.get<[number], { id: number }>('SELECT id FROM xmk WHERE id = ?').get(id)) throw notFound(MSG_XMK_NOT_FOUND);
  return sql
    .get<[number], XmkHistoryEntry>(
      `SELECT id, xmk_id AS xmkId, version, stage, summary, change_time AS changeTime
       FROM xmk_version WHERE xmk_id = ? ORDER BY version DESC`,
    )
    .all(id);
}

/** The unmasked contact block of an item (after an unlock or for VIP). */
export function contactOf(sql: Statements, table: ContentTable, id: number): ContactBlock | undefined {
  return sql
    .get<[number], ContactBlock>(
      `SELECT contact_company AS company, contact_name AS contact, contact_phone AS phone, contact_address AS address
       FROM ${table} WHERE id = ?`,
    )
    .get(id);
}
