/**
 * A CMS detail answer as an import record (shared/src/content/notices.ts), so what the companion
 * reads goes through the import like any file. The CMS's id is the record's sourceId (and the
 * notice's id here). Contacts are as the CMS shows them to whoever the follower reads as: a visitor
 * (masked), or the VIP member of CMS_SERVICE_TOKEN (unmasked; the companion masks per caller).
 */
import type { NoticeImportRecord } from '@shared/content/notices';
import type { ContactBlock, XmkDetail, XmkListItem, ZbDetail, ZbListItem } from '@shared/content/types';
import type { NoticeRecord } from '../content/notice-record';

const contactOf = (c: ContactBlock | undefined) => ({
  company: c?.company ?? '',
  name: c?.contact ?? '',
  phone: c?.phone ?? '',
  address: c?.address ?? '',
});

/** Fields a CMS with our extensions adds to a detail; a spec-only CMS leaves them out. */
const extras = (d: Partial<ZbDetail>) => {
  const out: Partial<NoticeImportRecord> = {};
  if (d.processCode != null) out.processCode = d.processCode;
  if (d.projectCode != null) out.projectCode = d.projectCode;
  if (d.winner != null) out.winner = d.winner;
  if (d.winAmount != null) out.winAmount = d.winAmount;
  if (d.winAmountText != null) out.winAmountText = d.winAmountText;
  return out;
};

export function zbRecord(d: ZbDetail): NoticeImportRecord {
  return {
    kind: 'zb',
    sourceId: String(d.id),
    title: d.title,
    noticeType: d.noticeType,
    areaCode: d.areaCode,
    industry: d.industry,
    amount: d.amount,
    publishTime: d.publishTime,
    signupDeadline: d.signupDeadline,
    openTime: d.openTime,
    tenderer: d.tenderer,
    agency: d.agency,
    contact: contactOf(d.contact),
    content: d.content,
    ...extras(d),
  };
}

export function xmkRecord(d: XmkDetail): NoticeImportRecord {
  return {
    kind: 'xmk',
    sourceId: String(d.id),
    ...(d.projectCode != null ? { projectCode: d.projectCode } : {}),
    title: d.title,
    noticeType: d.stage,
    areaCode: d.areaCode,
    industry: d.industry,
    amount: d.investment,
    publishTime: d.publishTime,
    tenderer: d.owner,
    contact: contactOf(d.contact),
    content: d.content,
  };
}

export type ListRow = ZbListItem | XmkListItem;

/** Whether a list row says something other than the record held here (then its detail is read again). */
export function listedDiffers(row: ListRow, held: NoticeRecord): boolean {
  const common =
    row.title !== held.title || row.areaCode !== held.areaCode || row.industry !== held.industry || row.publishTime !== held.publishTime;
  if ('stage' in row) return common || row.stage !== held.noticeType || row.investment !== held.amount || row.owner !== held.tenderer;
  return (
    common ||
    row.noticeType !== held.noticeType ||
    row.amount !== held.amount ||
    row.tenderer !== held.tenderer ||
    row.signupDeadline !== held.signupDeadline
  );
}
