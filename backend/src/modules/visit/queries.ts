/**
 * 拜访 (visit) data: a member's client companies and visit records. Every query is scoped by
 * member id, so one member can never read or change another's rows.
 */
import type { BaifangClient, BaifangRecord, VisitStatus } from '@shared/visit/types';
import type { ContentType } from '@shared/contract/common';
import { formatDateTime } from '../../clock';
import type { Statements } from '../../db/connection';
import { invalid } from '../../envelope';

export const MSG_CLIENT_NOT_FOUND = '客户不存在';
export const MSG_CLIENT_EXISTS = '客户已存在';

export const CLIENT_COLUMNS = `c.id, c.company_name AS companyName, c.contact, c.phone, c.status,
  c.next_visit_date AS nextVisitDate, c.remark, c.source_type AS sourceType, c.source_id AS sourceId,
  c.source_title AS sourceTitle,
  (SELECT count(*) FROM visit_record r WHERE r.client_id = c.id) AS recordCount,
  (SELECT max(r.visit_time) FROM visit_record r WHERE r.client_id = c.id) AS lastVisitTime,
  c.create_time AS createTime, c.update_time AS updateTime`;

export const RECORD_COLUMNS = `r.id, r.client_id AS clientId, c.company_name AS companyName, r.visit_time AS visitTime,
  r.way, r.content, r.result, r.next_step AS nextStep, r.create_time AS createTime`;

/** LIKE pattern matching `text` literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The client list's filters (getBaifangClientList, and its export): a WHERE over `visit_client c`. */
export function clientListWhere(
  memberId: number,
  q: { keyword?: string | undefined; status?: VisitStatus | undefined; due?: boolean | undefined },
  today: string,
): { where: string; params: (string | number)[] } {
  const conditions = ['c.member_id = ?'];
  const params: (string | number)[] = [memberId];
  if (q.keyword) {
    conditions.push("(c.company_name LIKE ? ESCAPE '\\' OR c.contact LIKE ? ESCAPE '\\' OR c.phone LIKE ? ESCAPE '\\')");
    const pattern = containing(q.keyword);
    params.push(pattern, pattern, pattern);
  }
  if (q.status) {
    conditions.push('c.status = ?');
    params.push(q.status);
  }
  if (q.due) {
    conditions.push("c.status IN ('0', '1') AND c.next_visit_date <= ?");
    params.push(today);
  }
  return { where: conditions.join(' AND '), params };
}

export function findClient(sql: Statements, memberId: number, id: number): BaifangClient | undefined {
  return sql
    .get<[number, number], BaifangClient>(`SELECT ${CLIENT_COLUMNS} FROM visit_client c WHERE c.id = ? AND c.member_id = ?`)
    .get(id, memberId);
}

export function findClientByName(sql: Statements, memberId: number, companyName: string): BaifangClient | undefined {
  return sql
    .get<[string, number], BaifangClient>(`SELECT ${CLIENT_COLUMNS} FROM visit_client c WHERE c.company_name = ? AND c.member_id = ?`)
    .get(companyName, memberId);
}

export function recordsOfClient(sql: Statements, memberId: number, clientId: number): BaifangRecord[] {
  return sql
    .get<[number, number], BaifangRecord>(
      `SELECT ${RECORD_COLUMNS} FROM visit_record r JOIN visit_client c ON c.id = r.client_id
       WHERE r.client_id = ? AND r.member_id = ? ORDER BY r.visit_time DESC, r.id DESC`,
    )
    .all(clientId, memberId);
}

export interface NewClient {
  companyName: string;
  contact: string;
  phone: string;
  status: VisitStatus;
  nextVisitDate: string | null;
  remark: string;
  sourceType: ContentType | 'manual';
  sourceId: number | null;
  sourceTitle: string | null;
}

/** Insert a client; a company the member already follows is refused with "客户已存在". */
export function insertClient(sql: Statements, memberId: number, client: NewClient, now: Date): number {
  const time = formatDateTime(now);
  const row = sql
    .get<(string | number | null)[], { id: number }>(
      `INSERT INTO visit_client (member_id, company_name, contact, phone, status, next_visit_date, remark,
         source_type, source_id, source_title, create_time, update_time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (member_id, company_name) DO NOTHING RETURNING id`,
    )
    .get(
      memberId,
      client.companyName,
      client.contact,
      client.phone,
      client.status,
      client.nextVisitDate,
      client.remark,
      client.sourceType,
      client.sourceId,
      client.sourceTitle,
      time,
      time,
    );
  if (!row) throw invalid(MSG_CLIENT_EXISTS);
  return row.id;
}
