/**
 * Messages (留言, spec §7, DOMAIN.md): left by visitors or members (a valid bearer links the
 * message to the member), listed by the member with staff replies; staff reply through the
 * admin-token extension. Messages are plain text: stored as typed, escaped by whoever renders them.
 */
import type { AjaxResult, TableDataInfo } from '@shared/contract/common';
import type { MsgItem } from '@shared/content/types';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { formatDateTime } from '../../clock';
import type { AppContext } from '../../context';
import { pagedTable } from '../../db/paging';
import { ack, notFound, success } from '../../envelope';
import type { Routes } from '../../routing';

const MSG_COLUMNS = `id, name, phone, email, content, source, create_time AS createTime, reply, reply_time AS replyTime`;

export function registerMessageRoutes(routes: Routes, ctx: AppContext): void {
  const { sql } = ctx;

  /** Visitors are limited per address by the portal's server; members also per account, here. */
  routes.optional(ENDPOINTS.addMsg, (_req, session, { body: msg }) => {
    if (session) ctx.quotas.ensureRoom(session.memberId, 'messagesPerDay');
    sql
      .get('INSERT INTO message (member_id, name, phone, email, content, source, create_time) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(session?.memberId ?? null, msg.name, msg.phone, msg.email ?? null, msg.content, msg.source, formatDateTime(ctx.clock()));
    return ack('留言成功，我们会尽快与您联系');
  });

  routes.member(ENDPOINTS.msgList, (_req, session, { query }): TableDataInfo<MsgItem> =>
    pagedTable<MsgItem>(
      sql,
      {
        count: 'SELECT count(*) AS n FROM message WHERE member_id = ?',
        rows: `SELECT ${MSG_COLUMNS} FROM message WHERE member_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`,
        params: [session.memberId],
      },
      query,
    ),
  );

  routes.admin(ENDPOINTS.replyMsg, (_req, { params: { id }, body: { reply } }): AjaxResult<MsgItem> => {
    const row = sql
      .get<[string, string, number], MsgItem>(`UPDATE message SET reply = ?, reply_time = ? WHERE id = ? RETURNING ${MSG_COLUMNS}`)
      .get(reply, formatDateTime(ctx.clock()), id);
    if (!row) throw notFound('留言不存在');
    return success(row, '回复成功');
  });
}
