/**
 * Messages (留言, spec §7, DOMAIN.md): left by visitors or members (a valid bearer links the
 * message to the member), listed by the member with staff replies; staff reply through the
 * admin-token extension. Messages are plain text: stored as typed, escaped by whoever renders them.
 */
import { z } from 'zod';
import type { AjaxResult, TableDataInfo } from '@shared/contract/common';
import type { MsgItem } from '@shared/contract/content';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { EMAIL_MAX_LENGTH } from '@shared/constants';
import { formatDateTime } from '../../clock';
import type { AppContext } from '../../context';
import { pagedTable } from '../../db/paging';
import { MSG_SOURCES } from '../../db/seed/dictionaries';
import { ack, notFound, success } from '../../envelope';
import type { Routes } from '../../routing';
import { body, matching, oneOf, optional, pageFields, parseInput, pathId, required, text } from '../../validation';

/** Mainland mobile, or landline with area code (optionally with an extension). */
export const PHONE_PATTERN = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;
const EMAIL_PATTERN = /^[^\s@<>"'\\]+@[^\s@<>"'\\]+\.[^\s@<>"'\\]+$/;

const addMsgBody = body({
  name: required('name 必须是 1 到 20 个字符', text(1, 20)),
  phone: required('phone 必须是手机号码或带区号的固定电话', matching(PHONE_PATTERN, 24)),
  email: optional(
    `email 必须是有效的邮箱地址（少于 ${EMAIL_MAX_LENGTH} 个字符）`,
    matching(EMAIL_PATTERN, EMAIL_MAX_LENGTH - 1),
  ),
  content: required('content 必须是 1 到 500 个字符', text(1, 500, { multiline: true })),
  source: required('source 必须是 gczx、xmzx、zjzx、support 或 member', oneOf(MSG_SOURCES.map((s) => s.value))),
});

const replyBody = body({ reply: required('reply 必须是 1 到 1000 个字符', text(1, 1000, { multiline: true })) });

const MSG_COLUMNS = `id, name, phone, email, content, source, create_time AS createTime, reply, reply_time AS replyTime`;

export function registerMessageRoutes(routes: Routes, ctx: AppContext): void {
  const { sql } = ctx;

  /** Visitors are limited per address by the portal's server; members also per account, here. */
  routes.optional(ENDPOINTS.addMsg, (req, session) => {
    if (session) ctx.quotas.takeWrite(session.memberId);
    const msg = parseInput(addMsgBody, req.body);
    if (session) ctx.quotas.ensureRoom(session.memberId, 'messagesPerDay');
    sql
      .get(
        'INSERT INTO message (member_id, name, phone, email, content, source, create_time) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        session?.memberId ?? null,
        msg.name,
        msg.phone,
        msg.email ?? null,
        msg.content,
        msg.source,
        formatDateTime(ctx.clock()),
      );
    return ack('留言成功，我们会尽快与您联系');
  });

  const listQuery = z.object(pageFields);

  routes.member(ENDPOINTS.msgList, (req, session): TableDataInfo<MsgItem> =>
    pagedTable<MsgItem>(
      sql,
      {
        count: 'SELECT count(*) AS n FROM message WHERE member_id = ?',
        rows: `SELECT ${MSG_COLUMNS} FROM message WHERE member_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`,
        params: [session.memberId],
      },
      parseInput(listQuery, req.query),
    ),
  );

  routes.admin(ENDPOINTS.replyMsg, (req): AjaxResult<MsgItem> => {
    const { id } = parseInput(z.object({ id: pathId('id') }), req.params);
    const { reply } = parseInput(replyBody, req.body);
    const row = sql
      .get<[string, string, number], MsgItem>(
        `UPDATE message SET reply = ?, reply_time = ? WHERE id = ? RETURNING ${MSG_COLUMNS}`,
      )
      .get(reply, formatDateTime(ctx.clock()), id);
    if (!row) throw notFound('留言不存在');
    return success(row, '回复成功');
  });
}
