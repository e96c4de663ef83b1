/**
 * The exports' SQL: rows of a search's matches, of the favourites and of the visit CRM, each counted
 * no further than a limit and read one at a time; and the export log (db/migrations.ts V9), rows a
 * member exported per export, for the daily quota.
 */
import type { ContentType } from '@shared/contract/common';
import { Query, type Params, type Statements } from '../../db/connection';
import type { ContentTable } from '../../search/fts-index';
import { favoriteListFrom, type FavoriteFilter } from '../favorite/queries';
import { clientListWhere, type ClientFilter } from '../visit/queries';

/** An export's rows: how many there are (counted no further than a limit), and the rows. */
export interface ExportRows<R> {
  count(limit: number): number;
  rows(limit: number): Iterable<R>;
}

export interface ContactColumns {
  contactName: string;
  contactPhone: string;
  contactCompany: string;
  contactAddress: string;
}

export interface ZbRow extends ContactColumns {
  id: number;
  title: string;
  areaCode: string;
  cityCode: string;
  industry: string;
  noticeType: string;
  amount: number | null;
  tenderer: string;
  agency: string;
  winner: string | null;
  publishTime: string;
  signupDeadline: string | null;
  openTime: string | null;
}

export interface XmkRow extends ContactColumns {
  id: number;
  title: string;
  areaCode: string;
  cityCode: string;
  industry: string;
  stage: string;
  nature: string;
  investment: number | null;
  owner: string;
  publishTime: string;
}

const ROW_SQL: Record<ContentTable, string> = {
  zb: `SELECT id, title, area_code AS areaCode, city_code AS cityCode, industry, notice_type AS noticeType,
      coalesce(win_amount, amount) AS amount, tenderer, agency, winner, contact_name AS contactName,
      contact_phone AS contactPhone, contact_company AS contactCompany, contact_address AS contactAddress,
      publish_time AS publishTime, signup_deadline AS signupDeadline, open_time AS openTime
    FROM zb WHERE id = @id`,
  xmk: `SELECT id, title, area_code AS areaCode, city_code AS cityCode, industry, stage, nature, investment, owner,
      contact_name AS contactName, contact_phone AS contactPhone, contact_company AS contactCompany,
      contact_address AS contactAddress, publish_time AS publishTime
    FROM xmk WHERE id = @id`,
};

/** Reads one search match's row by id. */
export function searchRow<R>(sql: Statements, table: ContentTable): (id: number) => R | undefined {
  const statement = sql.get<{ id: number }, R>(ROW_SQL[table]);
  return (id) => statement.get({ id });
}

/** `SELECT <columns> FROM <from> ORDER BY <order>`, counted no further than a limit and read one row at a time. */
function exportRows<R>(sql: Statements, columns: string, from: string, order: string, params: Params): ExportRows<R> {
  return {
    count: (limit) =>
      sql.get<Params, { n: number }>(`SELECT count(*) AS n FROM (SELECT 1 FROM ${from} LIMIT @limit)`).get({ ...params, limit })!.n,
    rows: (limit) => sql.get<Params, R>(`SELECT ${columns} FROM ${from} ORDER BY ${order} LIMIT @limit`).iterate({ ...params, limit }),
  };
}

export interface FavoriteRow {
  type: ContentType;
  dataId: number;
  title: string;
  areaCode: string;
  cityCode: string;
  category: string;
  amount: number | null;
  publishTime: string;
  createTime: string;
}

/** The favourites of the list, most recently changed first. */
export function favoriteRows(sql: Statements, memberId: number, filter: FavoriteFilter): ExportRows<FavoriteRow> {
  const { from, params } = favoriteListFrom(memberId, filter);
  const columns = `f.type, f.data_id AS dataId, coalesce(x.title, z.title) AS title,
      coalesce(x.area_code, z.area_code) AS areaCode, coalesce(x.city_code, z.city_code) AS cityCode,
      coalesce(x.stage, z.notice_type) AS category, coalesce(x.investment, z.win_amount, z.amount) AS amount,
      coalesce(x.publish_time, z.publish_time) AS publishTime, f.create_time AS createTime`;
  return exportRows(sql, columns, from, 'f.update_time DESC, f.id DESC', params);
}

export interface VisitRow {
  companyName: string;
  contact: string;
  phone: string;
  status: string;
  nextVisitDate: string | null;
  remark: string;
  sourceType: ContentType | 'manual';
  sourceId: number | null;
  sourceTitle: string | null;
  visitTime: string | null;
  way: string | null;
  content: string | null;
  result: string | null;
  nextStep: string | null;
}

/**
 * Clients with their visit records, one line per record (a client without records has one line
 * with the record columns empty): the client list's filters and order, records newest first.
 */
export function visitRows(sql: Statements, memberId: number, filter: ClientFilter, today: string): ExportRows<VisitRow> {
  const { where, params } = clientListWhere(memberId, filter, today);
  const from = `visit_client c LEFT JOIN visit_record r ON r.client_id = c.id AND r.member_id = c.member_id WHERE ${where}`;
  const columns = `c.company_name AS companyName, c.contact, c.phone, c.status, c.next_visit_date AS nextVisitDate,
      c.remark, c.source_type AS sourceType, c.source_id AS sourceId, c.source_title AS sourceTitle,
      r.visit_time AS visitTime, r.way, r.content, r.result, r.next_step AS nextStep`;
  return exportRows(sql, columns, from, 'c.update_time DESC, c.id DESC, r.visit_time DESC, r.id DESC', params);
}

// ---- the export log -----------------------------------------------------------------------------

export interface ExportLogFields {
  memberId: number;
  kind: string;
  rows: number;
  time: string;
}

export const insertExportLog = new Query<ExportLogFields>(
  'INSERT INTO export_log (member_id, kind, rows, create_time) VALUES (@memberId, @kind, @rows, @time)',
);

export const setExportedRows = new Query<{ id: number; rows: number }>('UPDATE export_log SET rows = @rows WHERE id = @id');
