/**
 * 拜访 (visit) data: a member's client companies and visit records. Every query is scoped by
 * member id, so one member can never read or change another's rows.
 */
import type { BaifangClient, BaifangRecord, VisitStatus } from '@shared/visit/types';
import type { ContentType } from '@shared/contract/common';
import { Query, type Params, type Statements } from '../../db/connection';
import type { PagedQuery } from '../../db/paging';

const CLIENT_COLUMNS = `c.id, c.company_name AS companyName, c.contact, c.phone, c.status,
  c.next_visit_date AS nextVisitDate, c.remark, c.source_type AS sourceType, c.source_id AS sourceId,
  c.source_title AS sourceTitle,
  (SELECT count(*) FROM visit_record r WHERE r.client_id = c.id) AS recordCount,
  (SELECT max(r.visit_time) FROM visit_record r WHERE r.client_id = c.id) AS lastVisitTime,
  c.create_time AS createTime, c.update_time AS updateTime`;

const RECORD_COLUMNS = `r.id, r.client_id AS clientId, c.company_name AS companyName, r.visit_time AS visitTime,
  r.way, r.content, r.result, r.next_step AS nextStep, r.create_time AS createTime`;

/** LIKE pattern matching `text` literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ClientFilter {
  keyword?: string | undefined;
  status?: VisitStatus | undefined;
  /** next visit due by `today` */
  due?: boolean | undefined;
}

/** The client list's filters (getBaifangClientList, and its export): a WHERE over `visit_client c`. */
export function clientListWhere(memberId: number, q: ClientFilter, today: string): { where: string; params: Params } {
  const conditions = ['c.member_id = @memberId'];
  const params: Params = { memberId };
  if (q.keyword) {
    conditions.push(
      "(c.company_name LIKE @pattern ESCAPE '\\' OR c.contact LIKE @pattern ESCAPE '\\' OR c.phone LIKE @pattern ESCAPE '\\')",
    );
    params['pattern'] = containing(q.keyword);
  }
  if (q.status) {
    conditions.push('c.status = @status');
    params['status'] = q.status;
  }
  if (q.due) {
    conditions.push("c.status IN ('0', '1') AND c.next_visit_date <= @today");
    params['today'] = today;
  }
  return { where: conditions.join(' AND '), params };
}

/** The client list, most recently changed first. */
export function clientList(memberId: number, q: ClientFilter, today: string): PagedQuery {
  const { where, params } = clientListWhere(memberId, q, today);
  return {
    count: `SELECT count(*) AS n FROM visit_client c WHERE ${where}`,
    rows: `SELECT ${CLIENT_COLUMNS} FROM visit_client c WHERE ${where}
           ORDER BY c.update_time DESC, c.id DESC LIMIT @pageSize OFFSET @offset`,
    params,
  };
}

export interface RecordFilter {
  clientId?: number | undefined;
  /** inclusive `yyyy-MM-dd` */
  beginDate?: string | undefined;
  endDate?: string | undefined;
}

/** The member's visit records, newest first. */
export function recordList(memberId: number, q: RecordFilter): PagedQuery {
  const conditions = ['r.member_id = @memberId'];
  const params: Params = { memberId };
  if (q.clientId) {
    conditions.push('r.client_id = @clientId');
    params['clientId'] = q.clientId;
  }
  if (q.beginDate) {
    conditions.push('r.visit_time >= @begin');
    params['begin'] = `${q.beginDate} 00:00:00`;
  }
  if (q.endDate) {
    conditions.push('r.visit_time <= @end');
    params['end'] = `${q.endDate} 23:59:59`;
  }
  const where = conditions.join(' AND ');
  return {
    count: `SELECT count(*) AS n FROM visit_record r WHERE ${where}`,
    rows: `SELECT ${RECORD_COLUMNS} FROM visit_record r JOIN visit_client c ON c.id = r.client_id
           WHERE ${where} ORDER BY r.visit_time DESC, r.id DESC LIMIT @pageSize OFFSET @offset`,
    params,
  };
}

type Key = { memberId: number; id: number };

export const findClient = new Query<Key, BaifangClient>(
  `SELECT ${CLIENT_COLUMNS} FROM visit_client c WHERE c.id = @id AND c.member_id = @memberId`,
);

export const findClientByName = new Query<{ memberId: number; companyName: string }, BaifangClient>(
  `SELECT ${CLIENT_COLUMNS} FROM visit_client c WHERE c.company_name = @companyName AND c.member_id = @memberId`,
);

export const recordsOfClient = new Query<{ memberId: number; clientId: number }, BaifangRecord>(
  `SELECT ${RECORD_COLUMNS} FROM visit_record r JOIN visit_client c ON c.id = r.client_id
   WHERE r.client_id = @clientId AND r.member_id = @memberId ORDER BY r.visit_time DESC, r.id DESC`,
);

export const findRecord = new Query<{ id: number }, BaifangRecord>(
  `SELECT ${RECORD_COLUMNS} FROM visit_record r JOIN visit_client c ON c.id = r.client_id WHERE r.id = @id`,
);

export interface ClientFields {
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

/** A new client; no row when the member already follows that company. */
export const insertClient = new Query<ClientFields & { memberId: number; time: string }, { id: number }>(
  `INSERT INTO visit_client (member_id, company_name, contact, phone, status, next_visit_date, remark,
     source_type, source_id, source_title, create_time, update_time)
   VALUES (@memberId, @companyName, @contact, @phone, @status, @nextVisitDate, @remark, @sourceType, @sourceId,
     @sourceTitle, @time, @time)
   ON CONFLICT (member_id, company_name) DO NOTHING RETURNING id`,
);

export const updateClient = new Query<ClientFields & Key & { time: string }>(
  `UPDATE visit_client SET company_name = @companyName, contact = @contact, phone = @phone, status = @status,
     next_visit_date = @nextVisitDate, remark = @remark, source_type = @sourceType, source_id = @sourceId,
     source_title = @sourceTitle, update_time = @time
   WHERE id = @id AND member_id = @memberId`,
);

/** A visit's effect on its client: the status and next visit it leaves. */
export const touchClient = new Query<Key & { status: VisitStatus; nextVisitDate: string | null; time: string }>(
  'UPDATE visit_client SET status = @status, next_visit_date = @nextVisitDate, update_time = @time WHERE id = @id AND member_id = @memberId',
);

export interface RecordFields {
  clientId: number;
  visitTime: string;
  way: string;
  content: string;
  result: string;
  nextStep: string;
}

export const insertRecord = new Query<RecordFields & { memberId: number; time: string }, { id: number }>(
  `INSERT INTO visit_record (member_id, client_id, visit_time, way, content, result, next_step, create_time)
   VALUES (@memberId, @clientId, @visitTime, @way, @content, @result, @nextStep, @time) RETURNING id`,
);

/** Rewrite a record of the member's own fields; the row names its client. */
export const updateRecord = new Query<Key & Omit<RecordFields, 'clientId'>, { clientId: number }>(
  `UPDATE visit_record SET visit_time = @visitTime, way = @way, content = @content, result = @result, next_step = @nextStep
   WHERE id = @id AND member_id = @memberId RETURNING client_id AS clientId`,
);

/** Delete a record of the member; the row names its client. */
export const deleteRecord = new Query<Key, { clientId: number }>(
  'DELETE FROM visit_record WHERE id = @id AND member_id = @memberId RETURNING client_id AS clientId',
);

export const setClientUpdateTime = new Query<{ id: number; time: string }>('UPDATE visit_client SET update_time = @time WHERE id = @id');

export const clientsByStatus = new Query<{ memberId: number }, { status: VisitStatus; n: number }>(
  'SELECT status, count(*) AS n FROM visit_client WHERE member_id = @memberId GROUP BY status',
);

export const clientsDue = new Query<{ memberId: number; today: string }, { n: number }>(
  "SELECT count(*) AS n FROM visit_client WHERE member_id = @memberId AND status IN ('0', '1') AND next_visit_date <= @today",
);

export const recordCount = new Query<{ memberId: number }, { n: number }>(
  'SELECT count(*) AS n FROM visit_record WHERE member_id = @memberId',
);

/** A content item's title, undefined when it does not exist. */
export function contentTitle(sql: Statements, type: ContentType, id: number): string | undefined {
  return sql.get<{ id: number }, { title: string }>(`SELECT title FROM ${type === 'xmk' ? 'xmk' : 'zb'} WHERE id = @id`).get({ id })?.title;
}

export interface ProjectParties {
  owner: string;
  contactCompany: string;
  contactName: string;
  contactPhone: string;
  contactAddress: string;
}

export const projectParties = new Query<{ id: number }, ProjectParties>(
  `SELECT owner, contact_company AS contactCompany, contact_name AS contactName, contact_phone AS contactPhone,
     contact_address AS contactAddress FROM xmk WHERE id = @id`,
);

/** The tenderers and agencies of a project's newest tenders. */
export const tenderPartiesOfProject = new Query<{ id: number }, { tenderer: string; agency: string }>(
  'SELECT DISTINCT tenderer, agency FROM zb WHERE xmk_id = @id ORDER BY publish_time DESC, id DESC LIMIT 20',
);
