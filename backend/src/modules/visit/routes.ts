/**
 * Visit module (拜访, spec §7): the member's client companies, visit records, badge counts and the
 * companies of a project. Someone else's client or record answers 404, exactly like a missing one.
 */
import type { AjaxResult, TableDataInfo } from '@shared/contract/common';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { BaifangClient, BaifangClientDetail, BaifangRecord, GJNum, ProjectCompany, VisitStatus } from '@shared/visit/types';
import { formatDate, formatDateTime } from '../../clock';
import type { AppContext } from '../../context';
import { pagedTable } from '../../db/paging';
import { ack, invalid, notFound, success } from '../../envelope';
import type { Routes } from '../../routing';
import { shownContact } from '../content/contact-mask';
import { MSG_XMK_NOT_FOUND, MSG_ZB_NOT_FOUND } from '../content/details';
import { contactAccessFor, memberAccess } from '../member/access';
import {
  CLIENT_COLUMNS,
  clientListWhere,
  findClient,
  findClientByName,
  insertClient,
  MSG_CLIENT_EXISTS,
  MSG_CLIENT_NOT_FOUND,
  RECORD_COLUMNS,
  recordsOfClient,
} from './queries';

export function registerVisitRoutes(routes: Routes, ctx: AppContext): void {
  const { sql, db } = ctx;

  /** The title of a content item, or 404 when it does not exist. */
  const sourceTitle = (type: 'xmk' | 'zb', id: number) => {
    const row = sql.get<[number], { title: string }>(`SELECT title FROM ${type} WHERE id = ?`).get(id);
    if (!row) throw notFound(type === 'xmk' ? MSG_XMK_NOT_FOUND : MSG_ZB_NOT_FOUND);
    return row.title;
  };

  routes.member(ENDPOINTS.baifangClientList, (_req, session, { query: q }): TableDataInfo<BaifangClient> => {
    const { where, params } = clientListWhere(session.memberId, q, formatDate(ctx.clock()));
    return pagedTable<BaifangClient>(
      sql,
      {
        count: `SELECT count(*) AS n FROM visit_client c WHERE ${where}`,
        rows: `SELECT ${CLIENT_COLUMNS} FROM visit_client c WHERE ${where} ORDER BY c.update_time DESC, c.id DESC LIMIT ? OFFSET ?`,
        params,
      },
      q,
    );
  });

  routes.member(ENDPOINTS.addBaifangClient, (_req, session, { body: input }): AjaxResult<BaifangClient> => {
    const now = ctx.clock();
    return db.transaction(() => {
      const sourceType = input.sourceType ?? 'manual';
      if (sourceType !== 'manual' && !input.sourceId) throw invalid('sourceId 必须是正整数');
      const sourceId = sourceType === 'manual' ? null : input.sourceId!;
      if (!findClientByName(sql, session.memberId, input.companyName)) ctx.quotas.ensureRoom(session.memberId, 'clients');
      const id = insertClient(
        sql,
        session.memberId,
        {
          companyName: input.companyName,
          contact: input.contact ?? '',
          phone: input.phone ?? '',
          status: input.status ?? '0',
          nextVisitDate: input.nextVisitDate ?? null,
          remark: input.remark ?? '',
          sourceType,
          sourceId,
          sourceTitle: sourceType === 'manual' ? null : sourceTitle(sourceType, sourceId!),
        },
        now,
      );
      return success(findClient(sql, session.memberId, id)!, '新增成功');
    })();
  });

  routes.member(ENDPOINTS.updateBaifangClient, (_req, session, { body: input }): AjaxResult<BaifangClient> => {
    const now = ctx.clock();
    return db.transaction(() => {
      const current = findClient(sql, session.memberId, input.id);
      if (!current) throw notFound(MSG_CLIENT_NOT_FOUND);
      const other = findClientByName(sql, session.memberId, input.companyName);
      if (other && other.id !== current.id) throw invalid(MSG_CLIENT_EXISTS);
      const sourceType = input.sourceType ?? current.sourceType;
      const sourceId = sourceType === 'manual' ? null : (input.sourceId ?? current.sourceId);
      if (sourceType !== 'manual' && !sourceId) throw invalid('sourceId 必须是正整数');
      const title =
        sourceType === 'manual'
          ? null
          : sourceType === current.sourceType && sourceId === current.sourceId
            ? current.sourceTitle
            : sourceTitle(sourceType, sourceId!);
      sql
        .get(
          `UPDATE visit_client SET company_name = ?, contact = ?, phone = ?, status = ?, next_visit_date = ?, remark = ?,
             source_type = ?, source_id = ?, source_title = ?, update_time = ?
           WHERE id = ? AND member_id = ?`,
        )
        .run(
          input.companyName,
          input.contact ?? current.contact,
          input.phone ?? current.phone,
          input.status ?? current.status,
          input.nextVisitDate === undefined ? current.nextVisitDate : input.nextVisitDate,
          input.remark ?? current.remark,
          sourceType,
          sourceId,
          title,
          formatDateTime(now),
          current.id,
          session.memberId,
        );
      return success(findClient(sql, session.memberId, current.id)!, '修改成功');
    })();
  });

  routes.member(ENDPOINTS.baifangClientByCid, (_req, session, { params: { cid } }): AjaxResult<BaifangClientDetail> => {
    const client = findClient(sql, session.memberId, cid);
    if (!client) throw notFound(MSG_CLIENT_NOT_FOUND);
    return success({ client, records: recordsOfClient(sql, session.memberId, cid) });
  });

  routes.member(ENDPOINTS.addBaifangRecords, (_req, session, { body: input }): AjaxResult<BaifangRecord> => {
    const now = ctx.clock();
    return db.transaction(() => {
      const client = findClient(sql, session.memberId, input.clientId);
      if (!client) throw notFound(MSG_CLIENT_NOT_FOUND);
      ctx.quotas.ensureRoom(session.memberId, 'recordsPerClient', client.id);
      ctx.quotas.ensureRoom(session.memberId, 'records');
      const time = formatDateTime(now);
      const { id } = sql
        .get<(string | number)[], { id: number }>(
          `INSERT INTO visit_record (member_id, client_id, visit_time, way, content, result, next_step, create_time)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        )
        .get(session.memberId, client.id, input.visitTime, input.way, input.content, input.result, input.nextStep, time)!;
      sql
        .get('UPDATE visit_client SET status = ?, next_visit_date = ?, update_time = ? WHERE id = ? AND member_id = ?')
        .run(
          input.status ?? client.status,
          input.nextVisitDate === undefined ? client.nextVisitDate : input.nextVisitDate,
          time,
          client.id,
          session.memberId,
        );
      const record = sql
        .get<[number], BaifangRecord>(
          `SELECT ${RECORD_COLUMNS} FROM visit_record r JOIN visit_client c ON c.id = r.client_id WHERE r.id = ?`,
        )
        .get(id)!;
      return success(record, '新增成功');
    })();
  });

  routes.member(ENDPOINTS.delBaifangRecords, (_req, session, { params: { id } }) => {
    const now = formatDateTime(ctx.clock());
    return db.transaction(() => {
      const row = sql
        .get<[number, number], { clientId: number }>(
          'DELETE FROM visit_record WHERE id = ? AND member_id = ? RETURNING client_id AS clientId',
        )
        .get(id, session.memberId);
      if (!row) throw notFound('拜访记录不存在');
      sql.get('UPDATE visit_client SET update_time = ? WHERE id = ?').run(now, row.clientId);
      return ack('删除成功');
    })();
  });

  routes.member(ENDPOINTS.gjNum, (_req, session): AjaxResult<GJNum> => {
    const byStatus: Record<VisitStatus, number> = { '0': 0, '1': 0, '2': 0, '3': 0 };
    const counts = sql
      .get<[number], { status: VisitStatus; n: number }>(
        'SELECT status, count(*) AS n FROM visit_client WHERE member_id = ? GROUP BY status',
      )
      .all(session.memberId);
    for (const { status: s, n } of counts) byStatus[s] = n;
    const due = sql
      .get<[number, string], { n: number }>(
        "SELECT count(*) AS n FROM visit_client WHERE member_id = ? AND status IN ('0', '1') AND next_visit_date <= ?",
      )
      .get(session.memberId, formatDate(ctx.clock()))!.n;
    const records = sql.get<[number], { n: number }>('SELECT count(*) AS n FROM visit_record WHERE member_id = ?').get(session.memberId)!.n;
    return success({ total: counts.reduce((sum, c) => sum + c.n, 0), byStatus, due, records });
  });

  routes.member(ENDPOINTS.baifangRecordsList, (_req, session, { query: q }): TableDataInfo<BaifangRecord> => {
    const conditions = ['r.member_id = ?'];
    const params: (string | number)[] = [session.memberId];
    if (q.clientId) {
      conditions.push('r.client_id = ?');
      params.push(q.clientId);
    }
    if (q.beginDate) {
      conditions.push('r.visit_time >= ?');
      params.push(`${q.beginDate} 00:00:00`);
    }
    if (q.endDate) {
      conditions.push('r.visit_time <= ?');
      params.push(`${q.endDate} 23:59:59`);
    }
    const where = conditions.join(' AND ');
    return pagedTable<BaifangRecord>(
      sql,
      {
        count: `SELECT count(*) AS n FROM visit_record r WHERE ${where}`,
        rows: `SELECT ${RECORD_COLUMNS} FROM visit_record r JOIN visit_client c ON c.id = r.client_id
               WHERE ${where} ORDER BY r.visit_time DESC, r.id DESC LIMIT ? OFFSET ?`,
        params,
      },
      q,
    );
  });

  /** Companies of project `id`: owner, contact company, and its tenders' tenderers and agencies. */
  routes.member(ENDPOINTS.userCompany, (_req, session, { params: { id } }): AjaxResult<ProjectCompany[]> => {
    const project = sql
      .get<[number], { owner: string; contactCompany: string; contactName: string; contactPhone: string; contactAddress: string }>(
        `SELECT owner, contact_company AS contactCompany, contact_name AS contactName, contact_phone AS contactPhone,
           contact_address AS contactAddress FROM xmk WHERE id = ?`,
      )
      .get(id);
    if (!project) throw notFound(MSG_XMK_NOT_FOUND);
    const access = contactAccessFor(sql, memberAccess(sql, session.memberId, ctx.clock()), 'xmk', id);
    // The contact company is part of the contact block: masked like the detail's, name included.
    const { contact: shown } = shownContact(access, {
      company: project.contactCompany,
      contact: project.contactName,
      phone: project.contactPhone,
      address: project.contactAddress,
    });

    const companies = new Map<string, ProjectCompany>();
    const add = (role: string, companyName: string, person: { contact: string; phone: string } | null) => {
      if (companies.has(companyName)) return;
      const exists = findClientByName(sql, session.memberId, companyName) !== undefined;
      companies.set(companyName, {
        role,
        companyName,
        contact: person?.contact ?? '',
        phone: person?.phone ?? '',
        exists,
      });
    };
    add('建设单位', project.owner, project.contactCompany === project.owner ? shown : null);
    add('联系单位', shown.company, shown);
    const tenders = sql
      .get<[number], { tenderer: string; agency: string }>(
        'SELECT DISTINCT tenderer, agency FROM zb WHERE xmk_id = ? ORDER BY id DESC LIMIT 20',
      )
      .all(id);
    for (const t of tenders) add('招标人', t.tenderer, null);
    for (const t of tenders) add('代理机构', t.agency, null);
    return success([...companies.values()]);
  });
}
