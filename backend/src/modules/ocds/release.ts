/**
 * One tender notice as OCDS 1.1 releases (docs/open-data.md "Mapping"): a release per stored
 * state of the notice (its kept versions, then its current state), and for a withdrawn notice a
 * last release that withdraws it. What the public detail page shows goes in, nothing more: the
 * contact block stays out and the body's contacts are masked as for a visitor.
 */
import { ZB_NOTICE_TYPES } from '@shared/content/zb-notice';
import { DICT_TYPES } from '@shared/system/types';
import { detailPath } from '@shared/content/paths';
import { PROVINCE } from '../../reference/regions';
import type { Statements } from '../../db/connection';
import { firmsOf } from '../company/consortium';
import { shownBody } from '../content/contact-mask';
import type { NoticeRecord } from '../content/notice-record';
import { dictEntries } from '../system/queries';

/** A JSON object of the release; the vendored schemas (backend/vendor/ocds) say what is valid. */
export type Json = { [key: string]: unknown };

/** Amounts: the notices hold 万元, OCDS values are in the currency's unit. */
export const YUAN_PER_WAN = 10_000;
export const CURRENCY = 'CNY';

/** Extensions the releases use (their extension.json), in the package's `extensions`. */
export const EXTENSIONS = [
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_bidOpening_extension/master/extension.json',
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_location_extension/master/extension.json',
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_bid_extension/master/extension.json',
];

/** Classification scheme of the notice's industry (dict cms_industry), and the gazetteer of its region. */
export const INDUSTRY_SCHEME = 'X-CMS-INDUSTRY';
export const REGION_GAZETTEER = 'X-GB2260';

/** Ids inside a release: `<notice key>/<part>`, unique within a process so a compiled release keeps each. */
export const PART = { notice: 'notice', source: 'source', attachment: 'attachment-', award: 'award', contract: 'contract' } as const;

const T = ZB_NOTICE_TYPES;

/** The release tag and tender status of each notice type. */
const TYPE_RULES: Record<string, { tag: string; status: string; documentType: string }> = {
  [T.intention]: { tag: 'planning', status: 'planning', documentType: 'plannedProcurementNotice' },
  [T.preview]: { tag: 'planning', status: 'planned', documentType: 'plannedProcurementNotice' },
  [T.announcement]: { tag: 'tender', status: 'active', documentType: 'tenderNotice' },
  [T.prequalification]: { tag: 'tender', status: 'active', documentType: 'tenderNotice' },
  [T.amendment]: { tag: 'tenderAmendment', status: 'active', documentType: 'tenderNotice' },
  [T.clarification]: { tag: 'tenderUpdate', status: 'active', documentType: 'clarifications' },
  [T.candidates]: { tag: 'tenderUpdate', status: 'active', documentType: 'evaluationReports' },
  [T.result]: { tag: 'award', status: 'complete', documentType: 'awardNotice' },
  [T.contract]: { tag: 'contract', status: 'complete', documentType: 'contractNotice' },
  [T.failed]: { tag: 'tenderCancellation', status: 'unsuccessful', documentType: 'cancellationDetails' },
  [T.terminated]: { tag: 'tenderCancellation', status: 'cancelled', documentType: 'cancellationDetails' },
};
const OTHER_TYPE = { tag: 'tenderUpdate', status: 'active', documentType: 'tenderNotice' };

/** The tag of a later state of the same notice (a publisher's correction re-imported). */
const UPDATE_TAG: Record<string, string> = {
  planning: 'planningUpdate',
  tender: 'tenderUpdate',
  tenderAmendment: 'tenderAmendment',
  tenderUpdate: 'tenderUpdate',
  award: 'awardUpdate',
  contract: 'contractUpdate',
  tenderCancellation: 'tenderCancellation',
};

/** `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai as an OCDS date-time. */
export const isoTime = (local: string) => `${local.slice(0, 10)}T${local.slice(11, 19) || '00:00:00'}+08:00`;

/** 万元 as a Value in 元 (cents kept exact). */
export const valueOf = (wan: number | null) =>
  wan === null ? undefined : { amount: Math.round(wan * YUAN_PER_WAN * 100) / 100, currency: CURRENCY };

/** A publisher's http(s) link as a URI (quotes, brackets and spaces percent-encoded). */
const href = (url: string) => new URL(url).href;

/** What the mapping reads besides the notice: labels of codes, the portal's origin, the prefix. */
export interface ReleaseContext {
  prefix: string;
  base: string;
  typeLabel: (code: string) => string;
  industryLabel: (code: string) => string;
  regionLabel: (code: string) => string;
}

export function releaseContext(sql: Statements, prefix: string, base: string): ReleaseContext {
  const labels = (type: string) => {
    const map = new Map(dictEntries.all(sql, { type }).map((e) => [e.value, e.label]));
    return (code: string) => map.get(code) ?? code;
  };
  const regions = labels(DICT_TYPES.region);
  return {
    prefix,
    base,
    typeLabel: labels(DICT_TYPES.zbNoticeType),
    industryLabel: labels(DICT_TYPES.industry),
    regionLabel: (code) => (code === PROVINCE.code ? PROVINCE.name : regions(code)),
  };
}

/** The notice's key: the publisher's id, or `zb-<id>` for a notice that has none. */
export const noticeKey = (id: number, record: Pick<NoticeRecord, 'sourceId'>) => record.sourceId || `zb-${id}`;

/** The process a notice belongs to: its process code, else the notice alone. */
export const processIdOf = (id: number, record: NoticeRecord) => record.processCode ?? noticeKey(id, record);

export const ocidOf = (prefix: string, processId: string) => `${prefix}-${processId}`;

/** One stored state of a notice, where it stands among the notice's releases. */
export interface NoticeState {
  id: number;
  record: NoticeRecord;
  /** 1 for the first state */
  n: number;
  /** When this state was published or replaced the one before it, `yyyy-MM-dd HH:mm:ss` */
  date: string;
  /** For the last release of a withdrawn notice */
  withdrawn?: boolean;
  /** A 变更公告's link to the release it amends and what it changed, in words */
  amendment?: { amendsReleaseID: string; description: string };
}

export const releaseIdOf = (key: string, n: number) => `${key}#${n}`;

function party(parties: Map<string, Json>, name: string, role: string): Json {
  const id = name;
  const found = parties.get(id);
  if (found) {
    const roles = found.roles as string[];
    if (!roles.includes(role)) roles.push(role);
  } else parties.set(id, { id, name, roles: [role] });
  return { id, name };
}

export function releaseOf(ctx: ReleaseContext, state: NoticeState): Json {
  const { record: r, id } = state;
  const key = noticeKey(id, r);
  const rule = TYPE_RULES[r.noticeType] ?? OTHER_TYPE;
  const baseTag = state.n === 1 ? rule.tag : (UPDATE_TAG[rule.tag] ?? rule.tag);
  const tag = state.withdrawn ? 'tenderCancellation' : baseTag;
  const parties = new Map<string, Json>();
  const buyer = r.tenderer ? party(parties, r.tenderer, 'buyer') : undefined;
  const procuringEntity = r.agency ? party(parties, r.agency, 'procuringEntity') : undefined;

  const documents: Json[] = [
    {
      id: `${key}/${PART.notice}`,
      documentType: rule.documentType,
      title: r.title,
      description: ctx.typeLabel(r.noticeType),
      url: `${ctx.base}${detailPath('zb', id)}`,
      datePublished: isoTime(r.publishTime),
      format: 'text/html',
      language: 'zh',
    },
  ];
  if (r.sourceUrl)
    documents.push({ id: `${key}/${PART.source}`, documentType: rule.documentType, title: '原文链接', url: href(r.sourceUrl) });
  r.attachments.forEach((a, i) =>
    documents.push({ id: `${key}/${PART.attachment}${i + 1}`, documentType: 'biddingDocuments', title: a.name, url: href(a.url) }),
  );

  const tender: Json = {
    id: processIdOf(id, r),
    title: r.title,
    status: state.withdrawn ? 'withdrawn' : rule.status,
    items: [
      {
        id: '1',
        description: r.title,
        classification: { scheme: INDUSTRY_SCHEME, id: r.industry, description: ctx.industryLabel(r.industry) },
        deliveryLocation: {
          description: ctx.regionLabel(r.areaCode),
          gazetteer: { scheme: REGION_GAZETTEER, identifiers: [r.areaCode] },
        },
      },
    ],
    documents,
  };
  const description = shownBody('visitor', r.content);
  if (description) tender.description = description;
  const value = r.noticeType === T.result || r.noticeType === T.contract ? undefined : valueOf(r.amount);
  if (value) tender.value = value;
  if (procuringEntity) tender.procuringEntity = procuringEntity;
  if (r.signupDeadline) tender.tenderPeriod = { endDate: isoTime(r.signupDeadline) };
  if (r.openTime) tender.bidOpening = { date: isoTime(r.openTime) };
  if (state.amendment) {
    tender.amendments = [
      {
        id: key,
        date: isoTime(state.date),
        amendsReleaseID: state.amendment.amendsReleaseID,
        releaseID: releaseIdOf(key, state.n),
        description: state.amendment.description,
      },
    ];
  }

  const release: Json = {
    ocid: ocidOf(ctx.prefix, processIdOf(id, r)),
    id: releaseIdOf(key, state.n),
    date: isoTime(state.date),
    tag: [tag],
    initiationType: 'tender',
    language: 'zh',
  };
  if (r.candidates.length > 0) {
    tender.tenderers = r.candidates.map((c) => party(parties, c.name, 'tenderer'));
    tender.numberOfTenderers = r.candidates.length;
    release.bids = {
      details: r.candidates.map((c) => ({
        id: `${key}/${c.rank}`,
        status: 'valid',
        tenderers: [{ id: c.name, name: c.name }],
        ...(c.price !== null ? { value: valueOf(c.price) } : {}),
        ...(c.priceText ? { description: c.priceText } : {}),
      })),
    };
  }
  const awardsSomeone = r.winner !== null || r.winAmount !== null || r.winAmountText !== null;
  if (awardsSomeone) {
    // A 中标候选人公示 proposes its first candidate (pending); a 中标结果 or 合同公告 is in force.
    const status = state.withdrawn ? 'cancelled' : r.noticeType === T.candidates ? 'pending' : 'active';
    const award: Json = { id: `${key}/${PART.award}`, status, date: isoTime(r.publishTime) };
    if (r.winner) {
      award.title = r.winner;
      const firms = firmsOf(r.winner);
      award.suppliers = (firms.length > 0 ? firms.map((f) => f.name) : [r.winner]).map((name) =>
        party(parties, name, r.noticeType === T.candidates ? 'tenderer' : 'supplier'),
      );
    }
    const won = valueOf(r.winAmount);
    if (won) award.value = won;
    if (r.winAmountText) award.description = r.winAmountText;
    release.awards = [award];
    if (r.noticeType === T.contract) {
      release.contracts = [
        {
          id: `${key}/${PART.contract}`,
          awardID: award.id,
          title: r.title,
          status: state.withdrawn ? 'cancelled' : 'active',
          ...(won ? { value: won } : {}),
        },
      ];
    }
  }
  if (parties.size > 0) release.parties = [...parties.values()];
  if (buyer) release.buyer = buyer;
  if (r.projectCode) release.planning = { budget: { projectID: r.projectCode } };
  release.tender = tender;
  return release;
}

/**
 * OCDS merge (the standard's "Merging"): later releases overwrite fields; arrays of objects with
 * ids merge item by item; other arrays are replaced. Release id, date and tag are left out.
 */
export function compiledRelease(ocid: string, releases: readonly Json[]): Json {
  const merge = (into: Json, from: Json) => {
    for (const [k, v] of Object.entries(from)) {
      if (v === null || v === undefined) continue;
      const at = into[k];
      if (Array.isArray(v) && v.every((item) => typeof item === 'object' && item !== null && 'id' in item)) {
        const list = Array.isArray(at) ? (at as Json[]) : [];
        for (const item of v as Json[]) {
          const same = list.find((e) => e.id === item.id);
          if (same) merge(same, item);
          else list.push(structuredClone(item));
        }
        into[k] = list;
      } else if (typeof v === 'object' && !Array.isArray(v)) {
        const obj = typeof at === 'object' && at !== null && !Array.isArray(at) ? (at as Json) : {};
        merge(obj, v as Json);
        into[k] = obj;
      } else into[k] = structuredClone(v);
    }
  };
  const compiled: Json = {};
  for (const release of releases) {
    const { id: _id, date: _date, tag: _tag, ...rest } = release;
    merge(compiled, rest);
  }
  const last = releases.at(-1)!;
  return { ...compiled, ocid, id: `${ocid}-${String(last.date)}`, date: last.date, tag: ['compiled'] };
}
