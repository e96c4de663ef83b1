/**
 * Member module (spec §7): member info (RuoYi's `{user, roles, permissions}`), tiers, the region
 * tree, profile and subscription, the mobile QR login's random password, and password reset.
 */
import type { AjaxResult, TableDataInfo, TreeSelectNode } from '@shared/contract/common';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { MemberInfoResult, MemberTier, MemberUser, RandomPassword } from '@shared/member/types';
import { commaList } from '@shared/contract/fields';
import { MSG_KEYWORDS, MSG_REGIONS } from '@shared/member/schemas';
import { DICT_TYPES } from '@shared/system/types';
import { MAX_KEYWORD_LENGTH, MAX_KEYWORDS, MAX_REGIONS, PERMISSIONS, ROLES } from '@shared/constants';
import type { AppContext } from '../../context';
import type { Statements } from '../../db/connection';
import { cityCodeOf, isCityCode } from '@shared/system/regions';
import { ack, invalid, success, table, unauthorized } from '../../envelope';
import type { Routes } from '../../routing';
import { keywordMatch } from '../../search/tokens';
import { passwordProblem } from '../auth/passwords';
import { memberAccess } from './access';
import { rotateRandomPassword } from './random-password';

type MemberRow = Omit<MemberUser, 'level' | 'levelExpireTime' | 'score'>;

function memberUser(sql: Statements, memberId: number, now: Date): MemberUser {
  const row = sql
    .get<[number], MemberRow>(
      `SELECT id AS userId, user_name AS userName, nick_name AS nickName, avatar, phonenumber, email, company,
         subscribe_keywords AS subscribeKeywords, subscribe_regions AS subscribeRegions, create_time AS createTime,
         login_date AS loginDate
       FROM member WHERE id = ?`,
    )
    .get(memberId);
  if (!row) throw unauthorized();
  const access = memberAccess(sql, memberId, now);
  return { ...row, level: access.level, levelExpireTime: access.levelExpireTime, score: access.score };
}

export function registerMemberRoutes(routes: Routes, ctx: AppContext): void {
  const { sql, db } = ctx;

  routes.member(ENDPOINTS.memberInfo, (_req, session): MemberInfoResult => {
    const now = ctx.clock();
    const user = memberUser(sql, session.memberId, now);
    const paid = user.level !== '0';
    return {
      code: 200,
      msg: '操作成功',
      user,
      roles: paid ? [ROLES.member, ROLES.vip] : [ROLES.member],
      permissions: memberAccess(sql, session.memberId, now).viewAllContacts ? [PERMISSIONS.viewContacts] : [],
    };
  });

  routes.member(ENDPOINTS.memberTiers, (): TableDataInfo<MemberTier> => {
    const rows = sql
      .get<[], { level: MemberTier['level']; name: string; benefits: string; viewAllContacts: 0 | 1 }>(
        'SELECT level, name, benefits, view_all_contacts AS viewAllContacts FROM member_tier ORDER BY level',
      )
      .all()
      .map((t) => ({ ...t, benefits: JSON.parse(t.benefits) as string[], viewAllContacts: t.viewAllContacts === 1 }));
    return table(rows, rows.length);
  });

  /** The region dictionary as a city → county tree (TreeSelect). */
  routes.member(ENDPOINTS.treeselect, (): AjaxResult<TreeSelectNode[]> => {
    const regions = sql
      .get<[string], { id: string; label: string }>(
        "SELECT dict_value AS id, dict_label AS label FROM sys_dict_data WHERE dict_type = ? AND status = '0' ORDER BY dict_sort",
      )
      .all(DICT_TYPES.region);
    const cities = new Map<string, TreeSelectNode & { children: TreeSelectNode[] }>();
    for (const region of regions) if (isCityCode(region.id)) cities.set(region.id, { ...region, children: [] });
    for (const region of regions) if (!isCityCode(region.id)) cities.get(cityCodeOf(region.id))?.children.push(region);
    return success([...cities.values()]);
  });

  routes.member(ENDPOINTS.updateProfile, (_req, session, { body: input }): AjaxResult<MemberUser> => {
    const now = ctx.clock();
    let keywords: string | undefined;
    if (input.subscribeKeywords !== undefined) {
      const list = [...new Set(commaList(input.subscribeKeywords))];
      const ok = list.length <= MAX_KEYWORDS && list.every((k) => Array.from(k).length <= MAX_KEYWORD_LENGTH && keywordMatch(k) !== null);
      if (!ok) throw invalid(MSG_KEYWORDS);
      keywords = list.join(',');
    }
    let regions: string | undefined;
    if (input.subscribeRegions !== undefined) {
      const list = [...new Set(commaList(input.subscribeRegions))];
      const known = new Set(
        sql
          .get<[string], { code: string }>('SELECT dict_value AS code FROM sys_dict_data WHERE dict_type = ?')
          .all(DICT_TYPES.region)
          .map((r) => r.code),
      );
      if (list.length > MAX_REGIONS || !list.every((code) => known.has(code))) throw invalid(MSG_REGIONS);
      regions = list.join(',');
    }
    return db.transaction(() => {
      const current = memberUser(sql, session.memberId, now);
      sql
        .get(
          `UPDATE member SET nick_name = ?, phonenumber = ?, email = ?, company = ?, subscribe_keywords = ?,
             subscribe_regions = ? WHERE id = ?`,
        )
        .run(
          input.nickName ?? current.nickName,
          input.phonenumber ?? current.phonenumber,
          input.email ?? current.email,
          input.company ?? current.company,
          keywords ?? current.subscribeKeywords,
          regions ?? current.subscribeRegions,
          session.memberId,
        );
      return success(memberUser(sql, session.memberId, now), '修改成功');
    })();
  });

  routes.member(ENDPOINTS.randomPassword, (_req, session): AjaxResult<RandomPassword> => {
    const row = sql
      .get<[number], RandomPassword>(
        'SELECT random_password AS randomPassword, random_password_time AS createTime FROM member WHERE id = ?',
      )
      .get(session.memberId);
    if (!row) throw unauthorized();
    return success(row);
  });

  /** `{x}` is a cache-busting value the client varies; any short value is accepted and ignored. */
  routes.member(ENDPOINTS.createRandomPassword, (_req, session): AjaxResult<RandomPassword> => {
    return success(rotateRandomPassword(sql, session.memberId, ctx.clock()), '生成成功');
  });

  /**
   * Both passwords arrive RSA-encrypted in the query string (spec §7). A `+` of base64 that the
   * client left unescaped arrives as a space; it is put back before decrypting.
   */
  routes.member(ENDPOINTS.resetPassword, (_req, session, { query: q }) => {
    const oldPassword = ctx.passwords.decrypt(q.oldPassword.replace(/ /g, '+'));
    const newPassword = ctx.passwords.decrypt(q.newPassword.replace(/ /g, '+'));
    const hash = sql.get<[number], { hash: string }>('SELECT password_hash AS hash FROM member WHERE id = ?').get(session.memberId);
    if (!hash) throw unauthorized();
    if (oldPassword === null || !ctx.hasher.verify(oldPassword, hash.hash)) throw invalid('修改密码失败，旧密码错误');
    if (newPassword === null) throw invalid('newPassword 无法解密，请刷新页面后重试');
    const problem = passwordProblem(newPassword);
    if (problem) throw invalid(problem);
    if (newPassword === oldPassword) throw invalid('新密码不能与旧密码相同');
    const newHash = ctx.hasher.hash(newPassword);
    db.transaction(() => {
      sql.get('UPDATE member SET password_hash = ? WHERE id = ?').run(newHash, session.memberId);
      // The QR login's secret is a second password: whoever once read it (the /3g code, a
      // screenshot) must not sign in after the reset, so it changes with the password.
      rotateRandomPassword(sql, session.memberId, ctx.clock());
      // Every session of the member ends, this one included (those the random password opened
      // too): the next request needs a new login.
      ctx.tokens.revokeAll(session.memberId);
    })();
    return ack('修改成功，请重新登录');
  });
}
