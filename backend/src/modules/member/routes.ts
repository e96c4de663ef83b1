/**
 * Member module (spec §7): member info, tiers, the region tree, profile and subscription, the
 * mobile QR login's random password, and password reset — the HTTP side of service.ts.
 */
import type { AjaxResult, TableDataInfo, TreeSelectNode } from '@shared/contract/common';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { MemberInfoResult, MemberTier, MemberUser, RandomPassword } from '@shared/member/types';
import type { AppContext } from '../../context';
import { ack, MSG_SUCCESS, success, table, unauthorized } from '../../envelope';
import type { Routes } from '../../routing';
import { randomPassword } from './queries';
import { rotateRandomPassword } from './random-password';
import { memberInfo, memberTiers, regionTree, resetPassword, updateProfile } from './service';

export function registerMemberRoutes(routes: Routes, ctx: AppContext): void {
  routes.member(ENDPOINTS.memberInfo, (_req, session): MemberInfoResult => ({
    code: 200,
    msg: MSG_SUCCESS,
    ...memberInfo(ctx, session.memberId),
  }));

  routes.member(ENDPOINTS.memberTiers, (): TableDataInfo<MemberTier> => {
    const rows = memberTiers(ctx);
    return table(rows, rows.length);
  });

  routes.member(ENDPOINTS.treeselect, (): AjaxResult<TreeSelectNode[]> => success(regionTree(ctx)));

  routes.member(ENDPOINTS.updateProfile, (_req, session, { body }): AjaxResult<MemberUser> =>
    success(updateProfile(ctx, session.memberId, body), '修改成功'),
  );

  routes.member(ENDPOINTS.randomPassword, (_req, session): AjaxResult<RandomPassword> => {
    const row = randomPassword.get(ctx.sql, { memberId: session.memberId });
    if (!row) throw unauthorized();
    return success(row);
  });

  /** `{x}` is a cache-busting value the client varies; any short value is accepted and ignored. */
  routes.member(ENDPOINTS.createRandomPassword, (_req, session): AjaxResult<RandomPassword> => {
    return success(rotateRandomPassword(ctx.sql, session.memberId, ctx.clock()), '生成成功');
  });

  /**
   * Both passwords arrive RSA-encrypted in the query string (spec §7). A `+` of base64 that the
   * client left unescaped arrives as a space; it is put back before decrypting.
   */
  routes.member(ENDPOINTS.resetPassword, async (_req, session, { query }) => {
    await resetPassword(ctx, session.memberId, {
      oldPassword: query.oldPassword.replace(/ /g, '+'),
      newPassword: query.newPassword.replace(/ /g, '+'),
    });
    return ack('修改成功，请重新登录');
  });
}
