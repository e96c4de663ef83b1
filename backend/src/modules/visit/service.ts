/**
 * Visit rules (拜访, spec §7): a member's client companies and visit records, badge counts and the
 * companies of a project. Someone else's client or record answers 404, exactly like a missing one;
 * a company the member already follows is refused with "客户已存在".
 */
import type { ContentType } from '@shared/contract/common';
import type { BaifangClient, BaifangClientDetail, BaifangRecord, GJNum, ProjectCompany, VisitStatus } from '@shared/visit/types';
import { formatDateTime } from '../../clock';
import type { AppContext } from '../../context';
import { invalid, notFound } from '../../envelope';
import { shownContact } from '../content/contact-mask';
import { MSG_XMK_NOT_FOUND, MSG_ZB_NOT_FOUND } from '../content/details';
import { contactAccessFor, memberAccess } from '../member/access';
import * as q from './queries';

export const MSG_CLIENT_NOT_FOUND = '客户不存在';
export const MSG_CLIENT_EXISTS = '客户已存在';
const MSG_SOURCE_ID = 'sourceId 必须是正整数';

/** What a client is saved with; absent fields keep their stored (or default) values. */
export interface ClientInput {
  companyName: string;
  contact?: string | undefined;
  phone?: string | undefined;
  status?: VisitStatus | undefined;
  nextVisitDate?: string | null | undefined;
  remark?: string | undefined;
  sourceType?: ContentType | 'manual' | undefined;
  sourceId?: number | null | undefined;
}

/** The title of a content item, or 404 when it does not exist. */
function sourceTitle(ctx: AppContext, type: ContentType, id: number): string {
  const title = q.contentTitle(ctx.sql, type, id);
  if (title === undefined) throw notFound(type === 'xmk' ? MSG_XMK_NOT_FOUND : MSG_ZB_NOT_FOUND);
  return title;
}

/** Insert a client; a company the member already follows is refused with "客户已存在". */
export function insertClient(ctx: AppContext, memberId: number, client: q.ClientFields, now: Date): BaifangClient {
  const row = q.insertClient.get(ctx.sql, { ...client, memberId, time: formatDateTime(now) });
  if (!row) throw invalid(MSG_CLIENT_EXISTS);
  return q.findClient.get(ctx.sql, { memberId, id: row.id })!;
}

export function addClient(ctx: AppContext, memberId: number, input: ClientInput): BaifangClient {
  const now = ctx.clock();
  return ctx.db.transaction(() => {
    const sourceType = input.sourceType ?? 'manual';
    if (sourceType !== 'manual' && !input.sourceId) throw invalid(MSG_SOURCE_ID);
    const sourceId = sourceType === 'manual' ? null : input.sourceId!;
    if (!q.findClientByName.get(ctx.sql, { memberId, companyName: input.companyName })) ctx.quotas.ensureRoom(memberId, 'clients');
    return insertClient(
      ctx,
      memberId,
      {
        companyName: input.companyName,
        contact: input.contact ?? '',
        phone: input.phone ?? '',
        status: input.status ?? '0',
        nextVisitDate: input.nextVisitDate ?? null,
        remark: input.remark ?? '',
        sourceType,
        sourceId,
        sourceTitle: sourceType === 'manual' ? null : sourceTitle(ctx, sourceType, sourceId!),
      },
      now,
    );
  })();
}

export function updateClient(ctx: AppContext, memberId: number, input: ClientInput & { id: number }): BaifangClient {
  const now = ctx.clock();
  return ctx.db.transaction(() => {
    const current = q.findClient.get(ctx.sql, { memberId, id: input.id });
    if (!current) throw notFound(MSG_CLIENT_NOT_FOUND);
    const other = q.findClientByName.get(ctx.sql, { memberId, companyName: input.companyName });
    if (other && other.id !== current.id) throw invalid(MSG_CLIENT_EXISTS);
    const sourceType = input.sourceType ?? current.sourceType;
    const sourceId = sourceType === 'manual' ? null : (input.sourceId ?? current.sourceId);
    if (sourceType !== 'manual' && !sourceId) throw invalid(MSG_SOURCE_ID);
    const title =
      sourceType === 'manual'
        ? null
        : sourceType === current.sourceType && sourceId === current.sourceId
          ? current.sourceTitle
          : sourceTitle(ctx, sourceType, sourceId!);
    q.updateClient.run(ctx.sql, {
      memberId,
      id: current.id,
      companyName: input.companyName,
      contact: input.contact ?? current.contact,
      phone: input.phone ?? current.phone,
      status: input.status ?? current.status,
      nextVisitDate: input.nextVisitDate === undefined ? current.nextVisitDate : input.nextVisitDate,
      remark: input.remark ?? current.remark,
      sourceType,
      sourceId,
      sourceTitle: title,
      time: formatDateTime(now),
    });
    return q.findClient.get(ctx.sql, { memberId, id: current.id })!;
  })();
}

export function clientDetail(ctx: AppContext, memberId: number, id: number): BaifangClientDetail {
  const client = q.findClient.get(ctx.sql, { memberId, id });
  if (!client) throw notFound(MSG_CLIENT_NOT_FOUND);
  return { client, records: q.recordsOfClient.all(ctx.sql, { memberId, clientId: id }) };
}

export interface RecordInput extends q.RecordFields {
  /** the client's status and next visit after this visit; absent keeps them */
  status?: VisitStatus | undefined;
  nextVisitDate?: string | null | undefined;
}

export function addRecord(ctx: AppContext, memberId: number, input: RecordInput): BaifangRecord {
  const now = ctx.clock();
  return ctx.db.transaction(() => {
    const client = q.findClient.get(ctx.sql, { memberId, id: input.clientId });
    if (!client) throw notFound(MSG_CLIENT_NOT_FOUND);
    ctx.quotas.ensureRoom(memberId, 'recordsPerClient', client.id);
    ctx.quotas.ensureRoom(memberId, 'records');
    const time = formatDateTime(now);
    const { visitTime, way, content, result, nextStep } = input;
    const { id } = q.insertRecord.get(ctx.sql, { memberId, clientId: client.id, visitTime, way, content, result, nextStep, time })!;
    q.touchClient.run(ctx.sql, {
      memberId,
      id: client.id,
      status: input.status ?? client.status,
      nextVisitDate: input.nextVisitDate === undefined ? client.nextVisitDate : input.nextVisitDate,
      time,
    });
    return q.findRecord.get(ctx.sql, { id })!;
  })();
}

/** The member edits one of their records (ext); its client is marked as changed. */
export function updateRecord(ctx: AppContext, memberId: number, input: { id: number } & Omit<q.RecordFields, 'clientId'>): BaifangRecord {
  const time = formatDateTime(ctx.clock());
  return ctx.db.transaction(() => {
    const { id, visitTime, way, content, result, nextStep } = input;
    const row = q.updateRecord.get(ctx.sql, { memberId, id, visitTime, way, content, result, nextStep });
    if (!row) throw notFound('拜访记录不存在');
    q.setClientUpdateTime.run(ctx.sql, { id: row.clientId, time });
    return q.findRecord.get(ctx.sql, { id: input.id })!;
  })();
}

export function deleteRecord(ctx: AppContext, memberId: number, id: number): void {
  const time = formatDateTime(ctx.clock());
  ctx.db.transaction(() => {
    const row = q.deleteRecord.get(ctx.sql, { memberId, id });
    if (!row) throw notFound('拜访记录不存在');
    q.setClientUpdateTime.run(ctx.sql, { id: row.clientId, time });
  })();
}

/** The badge counts: clients by status, those due a visit, and records. */
export function visitCounts(ctx: AppContext, memberId: number, today: string): GJNum {
  const byStatus: Record<VisitStatus, number> = { '0': 0, '1': 0, '2': 0, '3': 0 };
  const counts = q.clientsByStatus.all(ctx.sql, { memberId });
  for (const { status, n } of counts) byStatus[status] = n;
  return {
    total: counts.reduce((sum, c) => sum + c.n, 0),
    byStatus,
    due: q.clientsDue.get(ctx.sql, { memberId, today })!.n,
    records: q.recordCount.get(ctx.sql, { memberId })!.n,
  };
}

/** Companies of project `id`: owner, contact company, and its tenders' tenderers and agencies. */
export function projectCompanies(ctx: AppContext, memberId: number, id: number): ProjectCompany[] {
  const project = q.projectParties.get(ctx.sql, { id });
  if (!project) throw notFound(MSG_XMK_NOT_FOUND);
  const access = contactAccessFor(ctx.sql, memberAccess(ctx.sql, memberId, ctx.clock()), 'xmk', id);
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
    companies.set(companyName, {
      role,
      companyName,
      contact: person?.contact ?? '',
      phone: person?.phone ?? '',
      exists: q.findClientByName.get(ctx.sql, { memberId, companyName }) !== undefined,
    });
  };
  add('建设单位', project.owner, project.contactCompany === project.owner ? shown : null);
  add('联系单位', shown.company, shown);
  const tenders = q.tenderPartiesOfProject.all(ctx.sql, { id });
  for (const t of tenders) add('招标人', t.tenderer, null);
  for (const t of tenders) add('代理机构', t.agency, null);
  return [...companies.values()];
}
