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

interface NewMessage {
  memberId: number | null;
  name: string;
  phone: string;
  email: string | null;
  content: string;
  source: string;
  time: string;
}

export function registerMessageRoutes(routes: Routes, ctx: AppContext): void {
  const { sql } = ctx;

  /** Visitors are limited per address by the portal's server; members also per account, here. */
  routes.optional(ENDPOINTS.addMsg, (_req, session, { body: msg }) => {
    if (session) ctx.quotas.ensureRoom(session.memberId, 'messagesPerDay');
    sql
      .get<NewMessage>(
        `INSERT INTO message (member_id, name, phone, email, content, source, create_time)
         VALUES (@memberId, @name, @phone, @email, @content, @source, @time)`,
      )
      .run({
        memberId: session?.memberId ?? null,
        name: msg.name,
        phone: msg.phone,
        email: msg.email ?? null,
        content: msg.content,
        source: msg.source,
        time: formatDateTime(ctx.clock()),
      });
    return ack('留言成功，我们会尽快与您联系');
  });

  routes.member(ENDPOINTS.msgList, (_req, session, { query }): TableDataInfo<MsgItem> =>
    pagedTable<MsgItem>(
      sql,
      {
        count: 'SELECT count(*) AS n FROM message WHERE member_id = @memberId',
        rows: `SELECT ${MSG_COLUMNS} FROM message WHERE member_id = @memberId ORDER BY id DESC LIMIT @pageSize OFFSET @offset`,
        params: { memberId: session.memberId },
      },
      query,
    ),
  );

  routes.admin(ENDPOINTS.replyMsg, (_req, { params: { id }, body: { reply } }): AjaxResult<MsgItem> => {
    const row = sql
      .get<{ reply: string; time: string; id: number }, MsgItem>(
        `UPDATE message SET reply = @reply, reply_time = @time WHERE id = @id RETURNING ${MSG_COLUMNS}`,
      )
      .get({ reply, time: formatDateTime(ctx.clock()), id });
    if (!row) throw notFound('留言不存在');
    return success(row, '回复成功');
  });
}
