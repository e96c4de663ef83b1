/**
 * What each export holds: its rows, read one at a time from the export's own connection,
 * and its columns (Chinese headers, amounts in 万元, dates, a link to the portal's page).
 *
 * Contact data goes through `shownContact`, the rule the detail pages use: a VIP or an unlocked
 * item shows it as stored, everything else masked exactly as the API masks it.
 */
import { DICT_TYPES } from '@shared/system/types';
import type { ContentType } from '@shared/contract/common';
import { detailPath } from '@shared/content/paths';
import type { Statements } from '../../db/connection';
import { PROVINCE } from '../../reference/regions';
import type { ContentTable } from '../../search/fts-index';
import { shownContact } from '../content/contact-mask';
import type { ContentSearch, SearchFilters } from '../content/search';
import { contactAccessFor, type MemberAccess } from '../member/access';
import type { FavoriteFilter } from '../favorite/queries';
import { dictEntries } from '../system/queries';
import type { ClientFilter } from '../visit/queries';
import * as q from './queries';
import type { Column } from './workbook';

/** A dictionary's labels by value (staff may rename them, so they come from the database). */
function labels(sql: Statements, type: string): Labels {
  return new Map(dictEntries.all(sql, { type }).map((r) => [r.value, r.label]));
}

/** 济南市 历城区 for a county, 济南市 for a city, 山东省（省本级） for the province's own notices. */
function regionLabel(regions: Labels, areaCode: string, cityCode: string): string {
  if (areaCode === PROVINCE.code) return `${PROVINCE.name}（省本级）`;
  const city = regions.get(cityCode) ?? '';
  return areaCode === cityCode ? city : [city, regions.get(areaCode) ?? areaCode].filter(Boolean).join(' ');
}

/** The portal's pages an export links to. */
export interface Links {
  /** `https://www.example.com` (SITE_URL, or the host the request came to) */
  base: string;
}

const itemLink = (links: Links, type: ContentType, id: number) => `${links.base}${detailPath(type, id)}`;

type Labels = Map<string, string>;

/** A dictionary value's label; the value itself when the dictionary no longer has it. */
const labelOf = (labels: Labels, value: string) => labels.get(value) ?? value;

/** Columns several sheets share, each defined once: the same header, width and cell everywhere. */
const COLUMNS = {
  title: <R extends { title: string }>(header: string): Column<R> => ({ header, kind: 'text', width: 48, value: (r) => r.title }),
  region: <R extends { areaCode: string; cityCode: string }>(regions: Labels): Column<R> => ({
    header: '地区',
    kind: 'text',
    width: 16,
    value: (r) => regionLabel(regions, r.areaCode, r.cityCode),
  }),
  industry: <R extends { industry: string }>(industries: Labels): Column<R> => ({
    header: '行业',
    kind: 'text',
    width: 8,
    value: (r) => labelOf(industries, r.industry),
  }),
  amount: <R>(header: string, value: (row: R) => number | null): Column<R> => ({ header, kind: 'amount', width: 16, value }),
  contact: <R>(value: (row: R) => string): Column<R> => ({ header: '联系人', kind: 'text', width: 10, value }),
  phone: <R>(value: (row: R) => string): Column<R> => ({ header: '联系电话', kind: 'text', width: 16, value }),
  time: <R>(header: string, value: (row: R) => string | null): Column<R> => ({ header, kind: 'dateTime', width: 18, value }),
  link: <R>(header: string, value: (row: R) => string): Column<R> => ({ header, kind: 'link', width: 36, value }),
};

export interface ExportContext {
  sql: Statements;
  links: Links;
  access: MemberAccess;
}

// ---- searches ------------------------------------------------------------------------------

/** The search's matches as rows, contact data as this member may see it. */
function* searchRows<R extends q.ContactColumns>(
  ctx: ExportContext,
  search: ContentSearch,
  table: ContentTable,
  filters: SearchFilters,
  limit: number,
): Generator<R> {
  const row = q.searchRow<R>(ctx.sql, table);
  for (const id of search.matchingIds(table, filters, limit)) {
    const found = row(id);
    if (!found) continue;
    const { contact } = shownContact(contactAccessFor(ctx.sql, ctx.access, table, id), {
      company: found.contactCompany,
      contact: found.contactName,
      phone: found.contactPhone,
      address: found.contactAddress,
    });
    yield { ...found, contactName: contact.contact, contactPhone: contact.phone };
  }
}

/** A search's export: its columns, its count and its rows, from the search's own query. */
function searchExport<R extends q.ContactColumns & { id: number }>(
  ctx: ExportContext,
  search: ContentSearch,
  table: ContentTable,
  filters: SearchFilters,
  columns: Column<R>[],
) {
  return {
    columns,
    count: (limit: number) => search.countUpTo(table, filters, limit),
    rows: (limit: number) => searchRows<R>(ctx, search, table, filters, limit),
  };
}

/** The columns both searches have: where, which trade, whom to call, when, and the item's page. */
function searchColumns<
  R extends q.ContactColumns & { id: number; publishTime: string; areaCode: string; cityCode: string; industry: string },
>(ctx: ExportContext, table: ContentTable) {
  return {
    region: COLUMNS.region<R>(labels(ctx.sql, DICT_TYPES.region)),
    industry: COLUMNS.industry<R>(labels(ctx.sql, DICT_TYPES.industry)),
    contact: [COLUMNS.contact<R>((r) => r.contactName), COLUMNS.phone<R>((r) => r.contactPhone)],
    published: COLUMNS.time<R>('发布时间', (r) => r.publishTime),
    link: COLUMNS.link<R>('详情链接', (r) => itemLink(ctx.links, table, r.id)),
  };
}

export function zbExport(ctx: ExportContext, search: ContentSearch, filters: SearchFilters) {
  type Row = q.ZbRow;
  const shared = searchColumns<Row>(ctx, 'zb');
  const noticeTypes = labels(ctx.sql, DICT_TYPES.zbNoticeType);
  return searchExport<Row>(ctx, search, 'zb', filters, [
    COLUMNS.title('标题'),
    { header: '公告类型', kind: 'text', width: 14, value: (r) => labelOf(noticeTypes, r.noticeType) },
    shared.region,
    shared.industry,
    COLUMNS.amount('金额（万元）', (r) => r.amount),
    { header: '招标人', kind: 'text', width: 28, value: (r) => r.tenderer },
    { header: '代理机构', kind: 'text', width: 28, value: (r) => r.agency },
    { header: '中标人', kind: 'text', width: 28, value: (r) => r.winner },
    ...shared.contact,
    shared.published,
    COLUMNS.time('报名截止', (r) => r.signupDeadline),
    COLUMNS.time('开标时间', (r) => r.openTime),
    shared.link,
  ]);
}

export function xmkExport(ctx: ExportContext, search: ContentSearch, filters: SearchFilters) {
  type Row = q.XmkRow;
  const shared = searchColumns<Row>(ctx, 'xmk');
  const stages = labels(ctx.sql, DICT_TYPES.xmkStage);
  const natures = labels(ctx.sql, DICT_TYPES.xmkNature);
  return searchExport<Row>(ctx, search, 'xmk', filters, [
    COLUMNS.title('项目名称'),
    { header: '项目阶段', kind: 'text', width: 10, value: (r) => labelOf(stages, r.stage) },
    { header: '项目性质', kind: 'text', width: 10, value: (r) => labelOf(natures, r.nature) },
    shared.region,
    shared.industry,
    COLUMNS.amount('总投资（万元）', (r) => r.investment),
    { header: '建设单位', kind: 'text', width: 28, value: (r) => r.owner },
    ...shared.contact,
    shared.published,
    shared.link,
  ]);
}

// ---- favourites ------------------------------------------------------------------------------

export function favoriteExport(ctx: ExportContext, filter: FavoriteFilter) {
  const regions = labels(ctx.sql, DICT_TYPES.region);
  const stages = labels(ctx.sql, DICT_TYPES.xmkStage);
  const noticeTypes = labels(ctx.sql, DICT_TYPES.zbNoticeType);
  const columns: Column<q.FavoriteRow>[] = [
    { header: '类型', kind: 'text', width: 8, value: (r) => (r.type === 'xmk' ? '项目' : '招标') },
    COLUMNS.title('标题'),
    COLUMNS.region(regions),
    { header: '阶段/公告类型', kind: 'text', width: 14, value: (r) => labelOf(r.type === 'xmk' ? stages : noticeTypes, r.category) },
    COLUMNS.amount('金额（万元）', (r) => r.amount),
    COLUMNS.time('发布时间', (r) => r.publishTime),
    COLUMNS.time('收藏时间', (r) => r.createTime),
    COLUMNS.link('详情链接', (r) => itemLink(ctx.links, r.type, r.dataId)),
  ];
  return { columns, ...q.favoriteRows(ctx.sql, ctx.access.memberId, { ...filter, isCancel: filter.isCancel ?? 0 }) };
}

// ---- the visit CRM ---------------------------------------------------------------------------

/** The portal path of the visit CRM, where a manually added client links. */
export const CLIENTS_PATH = '/user/baifangClient';

export function visitExport(ctx: ExportContext, filter: ClientFilter, today: string) {
  const statuses = labels(ctx.sql, DICT_TYPES.visitStatus);
  const ways = labels(ctx.sql, DICT_TYPES.visitWay);
  const columns: Column<q.VisitRow>[] = [
    { header: '客户名称', kind: 'text', width: 30, value: (r) => r.companyName },
    COLUMNS.contact((r) => r.contact),
    COLUMNS.phone((r) => r.phone),
    { header: '跟进状态', kind: 'text', width: 10, value: (r) => labelOf(statuses, r.status) },
    { header: '下次拜访', kind: 'date', width: 12, value: (r) => r.nextVisitDate },
    { header: '备注', kind: 'text', width: 24, value: (r) => r.remark },
    { header: '来源', kind: 'text', width: 36, value: (r) => r.sourceTitle ?? (r.sourceType === 'manual' ? '手动添加' : '') },
    COLUMNS.time('拜访时间', (r) => r.visitTime),
    { header: '拜访方式', kind: 'text', width: 10, value: (r) => (r.way === null ? null : labelOf(ways, r.way)) },
    { header: '拜访内容', kind: 'text', width: 36, value: (r) => r.content },
    { header: '拜访结果', kind: 'text', width: 24, value: (r) => r.result },
    { header: '下一步', kind: 'text', width: 24, value: (r) => r.nextStep },
    COLUMNS.link('链接', (r) =>
      r.sourceType !== 'manual' && r.sourceId !== null ? itemLink(ctx.links, r.sourceType, r.sourceId) : `${ctx.links.base}${CLIENTS_PATH}`,
    ),
  ];
  return { columns, ...q.visitRows(ctx.sql, ctx.access.memberId, filter, today) };
}
