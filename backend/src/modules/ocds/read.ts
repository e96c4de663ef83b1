/**
 * An OCDS release package as import records (docs/open-data.md "Import"): each release a notice of
 * the process its ocid names, read the way `release.ts` writes one, so our own feed comes back as
 * the notices it was made from; another publisher's releases come in with what they carry.
 * Several releases of one notice (its versions) give its latest state, withdrawn when the last
 * one withdraws it. The record check (content/notice-record.ts) then judges each like a line.
 */
import { createHash } from 'node:crypto';
import type { NoticeImportRecord } from '@shared/content/notices';
import { PROVINCE } from '../../reference/regions';
import { CURRENCY, INDUSTRY_SCHEME, PART, REGION_GAZETTEER, YUAN_PER_WAN, type Json } from './release';

/** Whether a parsed JSON value is a release package (what `releases.json` answers). */
export const isReleasePackage = (value: unknown): value is { releases: unknown[] } =>
  typeof value === 'object' && value !== null && Array.isArray((value as { releases?: unknown }).releases);

/** Notice types by release tag, for releases that do not name ours. */
const TYPE_OF_TAG: Record<string, string> = {
  planning: '招标预告',
  planningUpdate: '招标预告',
  tender: '招标公告',
  tenderUpdate: '澄清/答疑',
  tenderAmendment: '变更公告',
  tenderCancellation: '终止公告',
  award: '中标结果',
  awardUpdate: '中标结果',
  contract: '合同公告',
  contractUpdate: '合同公告',
};

/** The industry of a release without our classification (dict cms_industry's 其他). */
const OTHER_INDUSTRY = '其他';

const obj = (value: unknown): Json => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {});
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(obj) : []);
const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** An OCDS date-time as the stored local time; `00:00:00` reads as a day (how a date-only time is written). */
function localTime(value: unknown): string | undefined {
  const text = str(value);
  if (!text) return undefined;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  const shanghai = new Date(date.getTime() + 8 * 3600_000).toISOString();
  const local = `${shanghai.slice(0, 10)} ${shanghai.slice(11, 19)}`;
  return local.endsWith(' 00:00:00') ? local.slice(0, 10) : local;
}

/** A Value in 元 as 万元 (CNY only). */
function wan(value: unknown): number | undefined {
  const v = obj(value);
  if (typeof v.amount !== 'number' || (v.currency !== undefined && v.currency !== CURRENCY)) return undefined;
  return Math.round((v.amount / YUAN_PER_WAN) * 1e6) / 1e6;
}

/** The notice a release is a state of: our `<key>#<n>`, else the release id (hashed when too long for a source id). */
function sourceIdOf(releaseId: string): string {
  const ours = /^(.+)#\d+$/.exec(releaseId);
  const id = ours ? ours[1]! : releaseId;
  return id.length <= 64 ? id : createHash('sha256').update(id).digest('hex').slice(0, 64);
}

/** The part after the notice key in an id `<key>/<part>`. */
const partOf = (id: unknown) => String(id ?? '').slice(String(id ?? '').lastIndexOf('/') + 1);

export function importRecordOfRelease(value: unknown): NoticeImportRecord {
  const release = obj(value);
  const tender = obj(release.tender);
  const releaseId = str(release.id) ?? '';
  const sourceId = sourceIdOf(releaseId);
  const documents = list(tender.documents);
  const notice = documents.find((d) => partOf(d.id) === PART.notice);
  const item = list(tender.items)[0] ?? {};
  const classification = obj(item.classification);
  const gazetteer = obj(obj(item.deliveryLocation).gazetteer);
  const award = list(release.awards)[0];
  const tags = Array.isArray(release.tag) ? release.tag.map(String) : [];
  const processId = str(tender.id);
  const bids = list(obj(release.bids).details);
  const attachments = documents.filter((d) => d !== notice && partOf(d.id) !== PART.source && str(d.url));

  const record: NoticeImportRecord = {
    kind: 'zb',
    sourceId,
    processCode: processId && processId !== sourceId ? processId : undefined,
    projectCode: str(obj(obj(release.planning).budget).projectID),
    title: str(tender.title) ?? str(notice?.title) ?? '',
    noticeType: str(notice?.description) ?? TYPE_OF_TAG[tags.find((t) => t in TYPE_OF_TAG) ?? ''] ?? '',
    areaCode:
      (gazetteer.scheme === REGION_GAZETTEER && Array.isArray(gazetteer.identifiers) ? str(gazetteer.identifiers[0]) : undefined) ??
      PROVINCE.code,
    industry: (classification.scheme === INDUSTRY_SCHEME ? str(classification.id) : undefined) ?? OTHER_INDUSTRY,
    amount: wan(tender.value) ?? null,
    publishTime: localTime(notice?.datePublished) ?? localTime(release.date) ?? '',
    signupDeadline: localTime(obj(tender.tenderPeriod).endDate) ?? null,
    openTime: localTime(obj(tender.bidOpening).date) ?? null,
    tenderer: str(obj(release.buyer).name) ?? '',
    agency: str(obj(tender.procuringEntity).name) ?? '',
    winner: award
      ? (str(award.title) ??
        (list(award.suppliers)
          .map((s) => str(s.name))
          .filter(Boolean)
          .join('、') ||
          null))
      : null,
    winAmount: award ? (wan(award.value) ?? null) : null,
    winAmountText: award ? (str(award.description) ?? null) : null,
    candidates: bids.map((bid, i) => {
      const rank = Number(partOf(bid.id));
      return {
        rank: Number.isInteger(rank) && rank > 0 ? rank : i + 1,
        name: list(bid.tenderers)
          .map((t) => str(t.name))
          .filter(Boolean)
          .join('、'),
        price: wan(bid.value) ?? null,
        priceText: str(bid.description) ?? null,
      };
    }),
    content: str(tender.description) ?? '',
    sourceUrl: str(documents.find((d) => partOf(d.id) === PART.source)?.url) ?? null,
    attachments: attachments.map((d) => ({ name: str(d.title) ?? str(d.url)!, url: str(d.url)! })),
  };
  if (tender.status === 'withdrawn') record.withdrawn = true;
  return record;
}

/**
 * The notices of a package, one per notice: the latest release of each (by date, file order among
 * equal dates), with the index (1-based) of the release it came from.
 */
export function noticesOfPackage(pkg: { releases: unknown[] }): { index: number; release: unknown; record: NoticeImportRecord }[] {
  const latest = new Map<string, { index: number; date: string; release: unknown; record: NoticeImportRecord }>();
  pkg.releases.forEach((release, i) => {
    const record = importRecordOfRelease(release);
    const date = str(obj(release).date) ?? '';
    const kept = latest.get(record.sourceId);
    if (!kept || new Date(date).getTime() >= new Date(kept.date).getTime() || kept.date === '')
      latest.set(record.sourceId, { index: i + 1, date, release, record });
  });
  return [...latest.values()].sort((a, b) => a.index - b.index);
}
