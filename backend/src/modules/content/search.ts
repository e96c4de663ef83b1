/**
 * Project and tender search (issue 3 §5, designed for issue 7's million rows; see
 * docs/decisions.md "Search"). Keyword and filters become one FTS5 expression over the documents
 * of search/tokens.ts; a date range becomes a rowid range (ids follow publish time); amounts are
 * checked on the joined row. For the default newest-first order, one pass reads up to 10,001
 * rowids in index order and yields both the page and the total ("10000+" beyond that).
 */
import type { XmkListItem, ZbListItem } from '@shared/contract/content';
import type { Statements } from '../../db/connection';
import { PROVINCE, isCityCode } from '../../db/seed/regions';
import type { ContentTable } from '../../search/fts-index';
import { highlighter } from '../../search/highlight';
import { keywordMatch, tagMatch, type TagKind } from '../../search/tokens';
import { offsetOf, type Page } from '@shared/contract/fields';
import type { ContentStats } from './content-stats';

/** Totals above this are reported as capped (`totalCapped: true`). */
export const TOTAL_CAP = 10_000;

export interface SearchFilters {
  keyword?: string | undefined;
  /** A city code (matches its counties too) or a county code; the province code means any. */
  areaCode?: string | undefined;
  /** Filter values written as tags into the documents. */
  tags?: readonly (readonly [TagKind, string | undefined])[];
  /** Further FTS expressions that must match (the bidding subscription). */
  extraMatches?: readonly string[];
  /** inclusive `yyyy-MM-dd` (publish time) */
  beginDate?: string | undefined;
  endDate?: string | undefined;
  /** inclusive, 万元: xmk investment, zb amount */
  minValue?: number | undefined;
  maxValue?: number | undefined;
  orderBy: 'time' | 'value' | 'views';
  asc: boolean;
}

export interface SearchResult {
  ids: number[];
  total: number;
  capped: boolean;
}

const EMPTY: SearchResult = { ids: [], total: 0, capped: false };

const VALUE_COLUMN: Record<ContentTable, string> = { xmk: 'investment', zb: 'amount' };

export class ContentSearch {
  constructor(
    private readonly sql: Statements,
    private readonly stats: ContentStats,
    private readonly totalCap = TOTAL_CAP,
  ) {}

  search(table: ContentTable, filters: SearchFilters, page: Page): SearchResult {
    const matches: string[] = [];
    if (filters.keyword) {
      const keyword = keywordMatch(filters.keyword);
      // Only punctuation or symbols: there is no text to find.
      if (keyword === null) return EMPTY;
      matches.push(keyword);
    }
    if (filters.areaCode && filters.areaCode !== PROVINCE.code) matches.push(tagMatch('area', filters.areaCode));
    for (const [kind, value] of filters.tags ?? []) if (value) matches.push(tagMatch(kind, value));
    matches.push(...(filters.extraMatches ?? []));

    const range = this.idRange(table, filters.beginDate, filters.endDate);
    if (range === 'empty') return EMPTY;

    const useIndex = matches.length > 0;
    const valueColumn = `t.${VALUE_COLUMN[table]}`;
    const idColumn = useIndex ? 'f.rowid' : 't.id';
    const conditions: string[] = [];
    const params: (string | number)[] = [];
    if (useIndex) {
      conditions.push(`f.${table}_fts MATCH ?`);
      params.push(matches.map((m) => `(${m})`).join(' AND '));
    }
    if (range) {
      conditions.push(`${idColumn} BETWEEN ? AND ?`);
      params.push(range[0], range[1]);
    }
    if (filters.minValue !== undefined) {
      conditions.push(`${valueColumn} >= ?`);
      params.push(filters.minValue);
    }
    if (filters.maxValue !== undefined) {
      conditions.push(`${valueColumn} <= ?`);
      params.push(filters.maxValue);
    }
    const needsRow =
      !useIndex || filters.orderBy !== 'time' || filters.minValue !== undefined || filters.maxValue !== undefined;
    const from = !useIndex
      ? `${table} t`
      : needsRow
        ? `${table}_fts f JOIN ${table} t ON t.id = f.rowid`
        : `${table}_fts f`;
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const dir = filters.asc ? 'ASC' : 'DESC';
    const order =
      filters.orderBy === 'time'
        ? `${idColumn} ${dir}`
        : filters.orderBy === 'value'
          ? `${valueColumn} ${dir} NULLS LAST, t.id DESC`
          : `t.views ${dir}, t.id DESC`;
    const offset = offsetOf(page);
    const pageIds = () =>
      this.sql
        .get<(string | number)[], { id: number }>(
          `SELECT ${idColumn} AS id FROM ${from} ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
        )
        .all(...params, page.pageSize, offset)
        .map((r) => r.id);

    // Nothing to filter: the exact total is known without counting.
    if (conditions.length === 0) return { ids: pageIds(), total: this.stats.total(table), capped: false };

    if (filters.orderBy === 'time') {
      // FTS5 reads a term's postings backwards by walking all of them first, so newest-first costs
      // about twice oldest-first. When a county bounds the matches under the cap, they are all read
      // anyway: read them forwards and turn the list round.
      const forwards = !filters.asc && useIndex && this.withinCap(table, filters.areaCode);
      const first = this.sql
        .get<(string | number)[], { id: number }>(
          `SELECT ${idColumn} AS id FROM ${from} ${where} ORDER BY ${forwards ? `${idColumn} ASC` : order} LIMIT ?`,
        )
        .all(...params, this.totalCap + 1)
        .map((r) => r.id);
      if (forwards) first.reverse();
      const capped = first.length > this.totalCap;
      const ids = offset + page.pageSize <= this.totalCap ? first.slice(offset, offset + page.pageSize) : pageIds();
      return { ids, total: Math.min(first.length, this.totalCap), capped };
    }

    const counted = this.sql
      .get<(string | number)[], { n: number }>(`SELECT count(*) AS n FROM (SELECT 1 FROM ${from} ${where} LIMIT ?)`)
      .get(...params, this.totalCap + 1)!.n;
    const capped = counted > this.totalCap;
    return { ids: capped || offset < counted ? pageIds() : [], total: Math.min(counted, this.totalCap), capped };
  }

  /** Whether the region `areaCode` (a county) holds no more rows than the total cap. */
  private withinCap(table: ContentTable, areaCode: string | undefined): boolean {
    if (!areaCode || areaCode === PROVINCE.code || isCityCode(areaCode)) return false;
    return this.stats.total(table, areaCode) <= this.totalCap;
  }

  /**
   * The id range published within [begin, end] (ids follow publish time), null for no bound,
   * 'empty' when nothing was published then.
   */
  private idRange(table: ContentTable, begin?: string, end?: string): [number, number] | null | 'empty' {
    if (!begin && !end) return null;
    let low = 0;
    let high = Number.MAX_SAFE_INTEGER;
    if (begin) {
      const row = this.sql
        .get<[string], { id: number }>(
          `SELECT id FROM ${table} WHERE publish_time >= ? ORDER BY publish_time, id LIMIT 1`,
        )
        .get(`${begin} 00:00:00`);
      if (!row) return 'empty';
      low = row.id;
    }
    if (end) {
      const row = this.sql
        .get<[string], { id: number }>(
          `SELECT id FROM ${table} WHERE publish_time <= ? ORDER BY publish_time DESC, id DESC LIMIT 1`,
        )
        .get(`${end} 23:59:59`);
      if (!row) return 'empty';
      high = row.id;
    }
    return low <= high ? [low, high] : 'empty';
  }
}

// ---- list rows ------------------------------------------------------------------------------

type XmkListRow = Omit<XmkListItem, 'highlightTitle'>;
type ZbListRow = Omit<ZbListItem, 'highlightTitle'>;

const XMK_LIST_SQL = `SELECT id, title, area_code AS areaCode, city_code AS cityCode, industry, publish_time AS publishTime,
    views, stage, nature, investment, owner
  FROM xmk WHERE id IN (SELECT value FROM json_each(?))`;

const ZB_LIST_SQL = `SELECT id, title, area_code AS areaCode, city_code AS cityCode, industry, publish_time AS publishTime,
    views, notice_type AS noticeType, amount, tenderer, signup_deadline AS signupDeadline
  FROM zb WHERE id IN (SELECT value FROM json_each(?))`;

/** Rows of `ids`, in that order. */
function inOrder<R extends { id: number }>(ids: number[], rows: R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function xmkListItems(sql: Statements, ids: number[], keyword?: string): XmkListItem[] {
  if (ids.length === 0) return [];
  const highlight = highlighter(keyword);
  const rows = sql.get<[string], XmkListRow>(XMK_LIST_SQL).all(JSON.stringify(ids));
  return inOrder(ids, rows).map((row) => ({ ...row, highlightTitle: highlight(row.title) }));
}

export function zbListItems(sql: Statements, ids: number[], keyword?: string): ZbListItem[] {
  if (ids.length === 0) return [];
  const highlight = highlighter(keyword);
  const rows = sql.get<[string], ZbListRow>(ZB_LIST_SQL).all(JSON.stringify(ids));
  return inOrder(ids, rows).map((row) => ({ ...row, highlightTitle: highlight(row.title) }));
}
