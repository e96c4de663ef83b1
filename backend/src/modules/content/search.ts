/**
 * Project and tender search, designed for a million rows (docs/decisions/search.md). Keyword and
 * filters become one FTS5 expression over the documents of search/tokens.ts, whose rowids are the
 * notices' keys in publish order (search/publish-order.ts); a date range becomes a key range;
 * amounts are checked on the key table (zb_order) or the joined row. For the default newest-first
 * order, one pass reads up to 10,001 keys in index order and yields both the page and the total
 * ("10000+" beyond that); only the page's keys are turned into ids.
 *
 * The keyword's words must all occur (AND), in the title only (`scope: 'title'`) or in any
 * keyword field; excluded words remove rows holding any of them in the same scope. The index
 * answers the all-fields case; the title scope narrows the index's answer by the title itself.
 */
import { withCompanyIds } from '../company/links';
import type { XmkListItem, ZbListItem } from '@shared/content/types';
import type { Params, Statements } from '../../db/connection';
import { isCityCode, isCountyCode } from '@shared/system/regions';
import { PROVINCE } from '../../reference/regions';
import type { ContentTable } from '../../search/fts-index';
import { ORDER_TABLE } from '../../search/publish-order';
import { excerpter, highlighter } from '../../search/highlight';
import { searchText, rawTextHolds, unitHolds } from '../../search/query';
import { PHRASE_JOIN, htmlText, normalize, runsMatch, runsMatchLoose, tagMatch, type TagKind } from '../../search/tokens';
import { offsetOf, type Page } from '@shared/contract/fields';
import type { ContentStats } from './content-stats';
import { maskTextContacts } from './contact-mask';
import * as q from './queries';

/** Totals above this are reported as capped (`totalCapped: true`). */
export const TOTAL_CAP = 10_000;

/** Where keyword and excluded words are looked for: the title, or every keyword field (default). */
export type SearchScope = 'title' | 'all';

/** The text part of a search, shared with alert subscriptions (`textMatches`). */
export interface TextQuery {
  /**
   * Words separated by spaces or punctuation; all must occur, except `-word` (left out) and with
   * `"…"` a phrase (shared/src/content/search-syntax.ts).
   */
  keyword?: string | undefined;
  /** Words separated by spaces or commas; a row holding any of them is left out. */
  exclude?: string | undefined;
  scope?: SearchScope | undefined;
}

/**
 * Whether a notice matches `query` (the same rule as the search, without the index): `title` and
 * the other keyword fields as plain text (`htmlText` for HTML content). For callers that check a
 * single new notice, such as alert subscriptions.
 */
export function textMatches(fields: { title: string; body: readonly string[] }, query: TextQuery): boolean {
  const { words, excluded, empty } = searchText(query.keyword, query.exclude);
  if (empty) return false;
  const inScope = query.scope === 'title' ? [fields.title] : [fields.title, ...fields.body];
  // Runs never span a field boundary: look in each field separately.
  const texts = inScope.map(normalize);
  const has = (unit: string) => texts.some((text) => unitHolds(text, unit));
  return words.every(has) && !excluded.some((units) => units.every(has));
}

export interface SearchFilters extends TextQuery {
  /**
   * City codes (each matches its counties too) or county codes, any of which matches; the province
   * code means any region.
   */
  areaCode?: string | readonly string[] | undefined;
  /** Filter values written as tags into the documents. */
  tags?: readonly (readonly [TagKind, string | undefined])[];
  /** Further FTS expressions that must match (the bidding subscription). */
  extraMatches?: readonly string[];
  /** inclusive `yyyy-MM-dd` (publish time) */
  beginDate?: string | undefined;
  endDate?: string | undefined;
  /** inclusive, 万元: xmk investment, zb amount (a result's winning amount when it states one) */
  minValue?: number | undefined;
  maxValue?: number | undefined;
  /** zb: only tenders whose 报名截止 is at or after this `yyyy-MM-dd HH:mm:ss` (未截止). */
  signupOpenAt?: string | undefined;
  /** zb: inclusive `yyyy-MM-dd` range of 开标时间. */
  openBegin?: string | undefined;
  openEnd?: string | undefined;
  /** `relevance`: rows whose title holds every word first, then newest (`asc` is ignored). */
  orderBy: 'time' | 'value' | 'views' | 'relevance';
  asc: boolean;
}

/** SQL function: the tokens' normalisation, so title checks agree with the index. */
const NORMALIZE_FN = 'search_normalize';
/** SQL function: the title holds a phrase (search/query.ts `unitHolds`), normalised like the index. */
const HOLDS_FN = 'search_holds';
/** SQL function: one of a row's keyword fields (content as plain text) holds a unit. */
const FIELDS_HOLD_FN = 'search_fields_hold';
/** The keyword fields given to FIELDS_HOLD_FN (title, two others, HTML content), as the index reads them. */
const ROW_FIELDS: Record<ContentTable, string> = { xmk: "t.title, t.owner, '', t.content", zb: 't.title, t.tenderer, t.agency, t.content' };
const isPhrase = (unit: string) => unit.includes(PHRASE_JOIN);
/**
 * SQL condition: the normalised title holds every unit (a run, or a phrase's runs), each bound to a
 * parameter named `prefix` and its index (set into `params`).
 */
function titleHolds(units: readonly string[], prefix: string, params: Params): string {
  return units
    .map((unit, i) => {
      params[`${prefix}${i}`] = unit;
      return isPhrase(unit) ? `${HOLDS_FN}(t.title, @${prefix}${i})` : `instr(${NORMALIZE_FN}(t.title), @${prefix}${i}) > 0`;
    })
    .join(' AND ');
}

export interface SearchResult {
  ids: number[];
  total: number;
  capped: boolean;
}

const EMPTY: SearchResult = { ids: [], total: 0, capped: false };

/**
 * A search as SQL: `SELECT <selected> FROM <from> <where> ORDER BY <order>` with its named params.
 * `selected` is the notice id, or (`keys`) the index's key, turned into ids for the page alone.
 */
interface SearchPlan {
  areas: string[];
  useIndex: boolean;
  /** The key in publish order: the index's rowid, or the key table's. */
  keyColumn: string;
  selected: string;
  keys: boolean;
  from: string;
  where: string;
  params: Params;
  order: string;
  orderBy: SearchFilters['orderBy'];
  /** Some condition narrows the rows (otherwise the table's total is the answer's). */
  filtered: boolean;
  /**
   * An index expression matching a superset of the rows, cheaper to evaluate (no phrase): when it
   * matches nothing within `range`, neither does the search. Null when there is none.
   */
  precheck: string | null;
  /** The key range of the date window. */
  range: [number, number] | null;
}

/**
 * The amount filtered and sorted on, and listed: xmk's investment (on the row); for zb a tender
 * result's winning amount when it states one, otherwise the notice's budget, kept beside the key in
 * zb_order by triggers, so checking it for the thousands of index matches an amount filter walks
 * reads 24-byte rows instead of each notice.
 */
const VALUE_COLUMN: Record<ContentTable, string> = { xmk: 't.investment', zb: 'o.value' };
/** Whether VALUE_COLUMN needs the content row joined. */
const VALUE_NEEDS_ROW: Record<ContentTable, boolean> = { xmk: true, zb: false };

export class ContentSearch {
  constructor(
    private readonly sql: Statements,
    private readonly stats: ContentStats,
    private readonly totalCap = TOTAL_CAP,
  ) {
    sql.db.function(NORMALIZE_FN, { deterministic: true }, (text: unknown) => normalize(String(text ?? '')));
    sql.db.function(HOLDS_FN, { deterministic: true }, (text: unknown, unit: unknown) =>
      rawTextHolds(String(text ?? ''), String(unit)) ? 1 : 0,
    );
    sql.db.function(FIELDS_HOLD_FN, { deterministic: true }, (unit: unknown, title: unknown, f1: unknown, f2: unknown, content: unknown) =>
      [title, f1, f2].some((field) => rawTextHolds(String(field ?? ''), String(unit))) ||
      rawTextHolds(htmlText(String(content ?? '')), String(unit))
        ? 1
        : 0,
    );
  }

  /**
   * The search as SQL parts (one definition for the paged search and the export's row stream), or
   * null when nothing can match. `ids`: select ids for every match, not keys.
   */
  private plan(table: ContentTable, filters: SearchFilters, options: { ids: boolean }): SearchPlan | null {
    const matches: string[] = [];
    const text = searchText(filters.keyword, filters.exclude);
    const words = text.words;
    // Only punctuation or symbols: there is no text to find.
    if (text.empty) return null;
    // Every word is in the index's document; in the title scope that only narrows the candidates.
    const areas = areaList(filters.areaCode);
    const tags = (filters.tags ?? []).flatMap(([kind, value]) => (value ? [[kind, value] as const] : []));
    // Counties only: words and tags are looked up in the county-scoped tokens, which
    // read just those counties' postings and imply the region, so no region tag is needed.
    const byCounty = (words.length > 0 || tags.length > 0) && areas.length > 0 && areas.every(isCountyCode);
    // The conditions, given how the words are matched (exactly, or loosely for the precheck below).
    const conditionsWith = (wordsMatch: (county?: string) => string): string[] => {
      const parts: string[] = [];
      if (byCounty) {
        const inCounty = (county: string) =>
          [...(words.length > 0 ? [wordsMatch(county)] : []), ...tags.map(([kind, value]) => tagMatch(kind, value, county))]
            .map((m) => `(${m})`)
            .join(' AND ');
        parts.push(areas.map((county) => `(${inCounty(county)})`).join(' OR '));
      } else {
        if (words.length > 0) parts.push(wordsMatch());
        if (areas.length > 0) parts.push(areas.map((code) => tagMatch('area', code)).join(' OR '));
        for (const [kind, value] of tags) parts.push(tagMatch(kind, value));
      }
      parts.push(...(filters.extraMatches ?? []));
      return parts;
    };
    matches.push(...conditionsWith((county) => runsMatch(words, county)));
    // A phrase with other conditions: the same conditions with each phrase loosened to one bigram
    // match a superset, found without position checks. When even that is empty, so is the search
    // (a phrase that never meets a notice type walked all its postings to prove it).
    const others = areas.length + tags.length + (filters.extraMatches?.length ?? 0) + words.length - 1;
    const loose = words.length > 0 && others > 0 ? runsMatchLoose(words) : null;
    const precheck =
      loose === null
        ? null
        : conditionsWith((county) => runsMatchLoose(words, county)!)
            .map((m) => `(${m})`)
            .join(' AND ');
    const titleScope = filters.scope === 'title';
    const excluded = text.excluded;
    // The index's answer for a phrase is a superset (search/tokens.ts): in scope all, phrases are
    // checked on the row's fields, and excluded words with a phrase are left out by that check.
    const phraseCheck = !titleScope && (words.some(isPhrase) || excluded.some((units) => units.some(isPhrase)));

    const range = this.keyRange(table, filters.beginDate, filters.endDate);
    if (range === 'empty') return null;

    const useIndex = matches.length > 0;
    const order = ORDER_TABLE[table];
    const keyColumn = useIndex ? 'f.rowid' : 'o.seq';
    const dateFilter = table === 'zb' && Boolean(filters.signupOpenAt || filters.openBegin || filters.openEnd);
    const hasValueFilter = filters.minValue !== undefined || filters.maxValue !== undefined;
    const valueColumn = VALUE_COLUMN[table];
    const conditions: string[] = [];
    const params: Params = {};
    const indexExcluded = titleScope ? [] : excluded.filter((units) => !units.some(isPhrase));
    const indexExclusion = indexExcluded.length > 0 ? indexExcluded.map((runs) => `(${runsMatch(runs)})`).join(' OR ') : null;
    if (useIndex) {
      conditions.push(`f.${table}_fts MATCH @match`);
      const all = matches.map((m) => `(${m})`).join(' AND ');
      params['match'] = indexExclusion ? `(${all}) NOT (${indexExclusion})` : all;
    } else if (indexExclusion) {
      // FTS5's NOT needs something to subtract from: without other matches, subtract the rows.
      conditions.push(`o.seq NOT IN (SELECT rowid FROM ${table}_fts WHERE ${table}_fts MATCH @exclusion)`);
      params['exclusion'] = indexExclusion;
    }
    // The words' parameters (@w0, @w1, …), bound once for the title scope and the relevance order.
    const wordsInTitle = words.length > 0 ? titleHolds(words, 'w', params) : '';
    if (titleScope) {
      if (words.length > 0) conditions.push(wordsInTitle);
      excluded.forEach((runs, i) => conditions.push(`NOT (${titleHolds(runs, `x${i}_`, params)})`));
    } else if (phraseCheck) {
      const fieldsHold = (unit: string, name: string) => {
        params[name] = unit;
        return `${FIELDS_HOLD_FN}(@${name}, ${ROW_FIELDS[table]})`;
      };
      words.forEach((unit, i) => {
        if (isPhrase(unit)) conditions.push(fieldsHold(unit, `p${i}`));
      });
      excluded.forEach((units, i) => {
        if (units.some(isPhrase)) conditions.push(`NOT (${units.map((unit, j) => fieldsHold(unit, `px${i}_${j}`)).join(' AND ')})`);
      });
    }
    if (range) {
      conditions.push(`${keyColumn} BETWEEN @low AND @high`);
      params['low'] = range[0];
      params['high'] = range[1];
    }
    if (filters.minValue !== undefined) {
      conditions.push(`${valueColumn} >= @minValue`);
      params['minValue'] = filters.minValue;
    }
    if (filters.maxValue !== undefined) {
      conditions.push(`${valueColumn} <= @maxValue`);
      params['maxValue'] = filters.maxValue;
    }
    if (dateFilter) {
      if (filters.signupOpenAt) {
        conditions.push('t.signup_deadline >= @signupOpenAt');
        params['signupOpenAt'] = filters.signupOpenAt;
      }
      if (filters.openBegin) {
        conditions.push('t.open_time >= @openBegin');
        params['openBegin'] = `${filters.openBegin} 00:00:00`;
      }
      if (filters.openEnd) {
        conditions.push('t.open_time <= @openEnd');
        params['openEnd'] = `${filters.openEnd} 23:59:59`;
      }
    }
    const relevance = filters.orderBy === 'relevance' && words.length > 0;
    // Without a keyword every row is equally relevant: newest first.
    const orderBy = filters.orderBy === 'relevance' && !relevance ? 'time' : filters.orderBy;
    const valueUsed = hasValueFilter || orderBy === 'value';
    const needsRow =
      dateFilter ||
      orderBy === 'views' ||
      relevance ||
      (valueUsed && VALUE_NEEDS_ROW[table]) ||
      phraseCheck ||
      (titleScope && (words.length > 0 || excluded.length > 0));
    // The key table is joined (CROSS JOIN keeps the index the outer loop, so the cap still stops
    // the walk) for the row, the amount, or when ids are wanted for every match.
    const joinOrder = !useIndex || needsRow || valueUsed || options.ids;
    const from =
      (useIndex ? `${table}_fts f${joinOrder ? ` CROSS JOIN ${order} o ON o.seq = f.rowid` : ''}` : `${order} o`) +
      (needsRow ? ` JOIN ${table} t ON t.id = o.id` : '');
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const dir = filters.asc ? 'ASC' : 'DESC';
    const sort = relevance
      ? `(${wordsInTitle}) DESC, ${keyColumn} DESC`
      : orderBy === 'time'
        ? `${keyColumn} ${filters.orderBy === 'relevance' ? 'DESC' : dir}`
        : orderBy === 'value'
          ? `${valueColumn} ${dir} NULLS LAST, ${keyColumn} DESC`
          : // Ties by id: without the index, the views index then gives the order without a sort.
            `t.views ${dir}, t.id DESC`;
    return {
      areas,
      useIndex,
      keyColumn,
      selected: joinOrder ? 'o.id' : 'f.rowid',
      keys: !joinOrder,
      from,
      where,
      params,
      order: sort,
      orderBy,
      filtered: conditions.length > 0,
      precheck,
      range,
    };
  }

  search(table: ContentTable, filters: SearchFilters, page: Page): SearchResult {
    const plan = this.plan(table, filters, { ids: false });
    if (!plan) return EMPTY;
    const { areas, useIndex, keyColumn, selected, from, where, params, order, orderBy } = plan;
    const offset = offsetOf(page);
    const ids = (selection: number[]) => (plan.keys ? q.idsOfKeys(this.sql, table, selection) : selection);
    const pageIds = () =>
      ids(
        this.sql
          .get<Params, number>(`SELECT ${selected} AS id FROM ${from} ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
          .pluck()
          .all({ ...params, limit: page.pageSize, offset }),
      );

    // Nothing to filter: the exact total is known without counting.
    if (!plan.filtered) return { ids: pageIds(), total: this.stats.total(table), capped: false };
    if (plan.precheck !== null && !this.anyMatch(table, plan.precheck, plan.range)) return EMPTY;

    if (orderBy === 'time') {
      // FTS5 reads a term's postings backwards by walking all of them first, so newest-first costs
      // about twice oldest-first. When a county bounds the matches under the cap, they are all read
      // anyway: read them forwards and turn the list round.
      const newestFirst = !filters.asc || filters.orderBy === 'relevance';
      const forwards = newestFirst && useIndex && areas.length === 1 && this.withinCap(table, areas[0]);
      // Up to 10,001 keys or ids, plucked as numbers, not wrapped in a row object each (matchingIds,
      // whose statement may have the same text, plucks too).
      const first = this.sql
        .get<Params, number>(
          `SELECT ${selected} AS id FROM ${from} ${where} ORDER BY ${forwards ? `${keyColumn} ASC` : order} LIMIT @limit`,
        )
        .pluck()
        .all({ ...params, limit: this.totalCap + 1 });
      if (forwards) first.reverse();
      const capped = first.length > this.totalCap;
      const onPage = offset + page.pageSize <= this.totalCap ? ids(first.slice(offset, offset + page.pageSize)) : pageIds();
      return { ids: onPage, total: Math.min(first.length, this.totalCap), capped };
    }

    const counted = this.countWithin(plan, this.totalCap + 1);
    const capped = counted > this.totalCap;
    return { ids: capped || offset < counted ? pageIds() : [], total: Math.min(counted, this.totalCap), capped };
  }

  /**
   * The ids of every match in the search's order, read one at a time (the Excel export): at most
   * `limit`. The iterator holds a read on its connection until it ends or is returned, so callers
   * that await between rows use a connection of their own (export/reader.ts).
   */
  *matchingIds(table: ContentTable, filters: SearchFilters, limit: number): Generator<number> {
    const plan = this.plan(table, filters, { ids: true });
    if (!plan || limit <= 0) return;
    const { selected, from, where, params, order } = plan;
    // Plucked, like the first page's ids in `search`: the two share this text, so one cached statement.
    yield* this.sql
      .get<Params, number>(`SELECT ${selected} AS id FROM ${from} ${where} ORDER BY ${order} LIMIT @limit`)
      .pluck()
      .iterate({ ...params, limit });
  }

  /** How many rows match, counting no further than `limit`. */
  countUpTo(table: ContentTable, filters: SearchFilters, limit: number): number {
    const plan = this.plan(table, filters, { ids: false });
    if (!plan || limit <= 0) return 0;
    return this.countWithin(plan, limit);
  }

  private countWithin({ from, where, params }: SearchPlan, limit: number): number {
    return this.sql
      .get<Params, { n: number }>(`SELECT count(*) AS n FROM (SELECT 1 FROM ${from} ${where} LIMIT @limit)`)
      .get({ ...params, limit })!.n;
  }

  /**
   * Whether the index expression `match` matches some row within the key range `range`, read oldest
   * first: when nothing matches, every posting is read either way, and forwards costs ~25 % less.
   */
  private anyMatch(table: ContentTable, match: string, range: [number, number] | null): boolean {
    const sql = `SELECT 1 FROM ${table}_fts WHERE ${table}_fts MATCH @match${range ? ' AND rowid BETWEEN @low AND @high' : ''} LIMIT 1`;
    const params: Params = range ? { match, low: range[0], high: range[1] } : { match };
    return this.sql.get<Params, number>(sql).get(params) !== undefined;
  }

  /** Whether the region `areaCode` (a county) holds no more rows than the total cap. */
  private withinCap(table: ContentTable, areaCode: string | undefined): boolean {
    if (!areaCode || areaCode === PROVINCE.code || isCityCode(areaCode)) return false;
    return this.stats.total(table, areaCode) <= this.totalCap;
  }

  /**
   * The keys (publish order) of what was published within [begin, end], null for no bound, 'empty'
   * when nothing was published then.
   */
  private keyRange(table: ContentTable, begin?: string, end?: string): [number, number] | null | 'empty' {
    if (!begin && !end) return null;
    let low = Number.MIN_SAFE_INTEGER;
    let high = Number.MAX_SAFE_INTEGER;
    if (begin) {
      const key = q.firstKeyFrom(this.sql, table, `${begin} 00:00:00`);
      if (key === undefined) return 'empty';
      low = key;
    }
    if (end) {
      const key = q.lastKeyUntil(this.sql, table, `${end} 23:59:59`);
      if (key === undefined) return 'empty';
      high = key;
    }
    return low <= high ? [low, high] : 'empty';
  }
}

// ---- list rows ------------------------------------------------------------------------------

/** The region codes to match, none for "any region". */
function areaList(areaCode: string | readonly string[] | undefined): string[] {
  const codes = typeof areaCode === 'string' ? [areaCode] : [...(areaCode ?? [])];
  return codes.includes(PROVINCE.code) ? [] : [...new Set(codes)];
}

/** Rows of `ids`, in that order. */
function inOrder<R extends { id: number }>(ids: number[], rows: R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Highlighted titles, and for a row whose title has no hit an excerpt of the field that has one
 * so a body-only hit says why it was found. Only the page's rows are read.
 */
function withHits<R extends { id: number; title: string }>(
  sql: Statements,
  table: ContentTable,
  rows: R[],
  text: TextQuery,
): (R & { highlightTitle: string; snippet?: string })[] {
  const shown = searchText(text.keyword, text.exclude).shown;
  const highlight = highlighter(shown);
  const items = rows.map((row) => ({ ...row, highlightTitle: highlight(row.title) }));
  if (!text.keyword || text.scope === 'title') return items;
  const bodyOnly = items.filter((item) => !item.highlightTitle.includes('<em>')).map((item) => item.id);
  if (bodyOnly.length === 0) return items;
  const excerpt = excerpter(shown);
  const snippets = new Map<number, string>();
  for (const body of q.bodies(sql, table, bodyOnly)) {
    // A list shows no contacts: the body's are masked for everyone, as on a locked detail.
    for (const field of [maskTextContacts(htmlText(body.content)), body.f1, body.f2]) {
      const snippet = excerpt(field);
      if (snippet) {
        snippets.set(body.id, snippet);
        break;
      }
    }
  }
  return items.map((item) => {
    const snippet = snippets.get(item.id);
    return snippet ? { ...item, snippet } : item;
  });
}

const textOf = (text: TextQuery | string | undefined): TextQuery => (typeof text === 'string' ? { keyword: text } : (text ?? {}));

export function xmkListItems(sql: Statements, ids: number[], text?: TextQuery | string): XmkListItem[] {
  if (ids.length === 0) return [];
  const rows = q.listRows<q.XmkListRow>(sql, 'xmk', ids);
  return withCompanyIds(sql, withHits(sql, 'xmk', inOrder(ids, rows), textOf(text)), ['owner']);
}

export function zbListItems(sql: Statements, ids: number[], text?: TextQuery | string): ZbListItem[] {
  if (ids.length === 0) return [];
  const rows = q.listRows<q.ZbListRow>(sql, 'zb', ids);
  return withCompanyIds(sql, withHits(sql, 'zb', inOrder(ids, rows), textOf(text)), ['tenderer']);
}
