/**
 * Member rules (spec §7): member info (RuoYi's `{user, roles, permissions}`), tiers, the region
 * tree, profile and subscription, and password reset.
 */
import type { TreeSelectNode } from '@shared/contract/common';
import { commaList } from '@shared/contract/fields';
import type { MemberInfoResult, MemberTier, MemberUser } from '@shared/member/types';
import { MSG_KEYWORDS, MSG_REGIONS } from '@shared/member/schemas';
import { DICT_TYPES } from '@shared/system/types';
import { MAX_KEYWORD_LENGTH, MAX_KEYWORDS, MAX_REGIONS, PERMISSIONS, ROLES } from '@shared/constants';
import type { AppContext } from '../../context';
import type { Statements } from '../../db/connection';
import { invalid, unauthorized } from '../../envelope';
import { cityCodeOf, isCityCode } from '@shared/system/regions';
import { keywordMatch } from '../../search/tokens';
import { passwordProblem } from '../auth/passwords';
import { dictData, dictEntries } from '../system/queries';
import { memberAccess } from './access';
import * as q from './queries';
import { rotateRandomPassword } from './random-password';

function memberUser(sql: Statements, memberId: number, now: Date): MemberUser {
  const row = q.memberRow.get(sql, { memberId });
  if (!row) throw unauthorized();
  const access = memberAccess(sql, memberId, now);
  return { ...row, level: access.level, levelExpireTime: access.levelExpireTime, score: access.score };
}

/** `getMemberInfo`'s fields besides code and msg: a paid tier adds the vip role, seeing contacts its permission. */
export function memberInfo(ctx: AppContext, memberId: number): Omit<MemberInfoResult, 'code' | 'msg'> {
  const now = ctx.clock();
  const user = memberUser(ctx.sql, memberId, now);
  const paid = user.level !== '0';
  return {
    user,
    roles: paid ? [ROLES.member, ROLES.vip] : [ROLES.member],
    permissions: memberAccess(ctx.sql, memberId, now).viewAllContacts ? [PERMISSIONS.viewContacts] : [],
  };
}

export function memberTiers(ctx: AppContext): MemberTier[] {
  return q.tiers
    .all(ctx.sql, {})
    .map((t) => ({ ...t, benefits: JSON.parse(t.benefits) as string[], viewAllContacts: t.viewAllContacts === 1 }));
}

/** The region dictionary as a city → county tree (TreeSelect). */
export function regionTree(ctx: AppContext): TreeSelectNode[] {
  const regions = dictData.all(ctx.sql, { type: DICT_TYPES.region }).map((d) => ({ id: d.dictValue, label: d.dictLabel }));
  const cities = new Map<string, TreeSelectNode & { children: TreeSelectNode[] }>();
  for (const region of regions) if (isCityCode(region.id)) cities.set(region.id, { ...region, children: [] });
  for (const region of regions) if (!isCityCode(region.id)) cities.get(cityCodeOf(region.id))?.children.push(region);
  return [...cities.values()];
}

export interface ProfileInput {
  nickName?: string | undefined;
  phonenumber?: string | undefined;
  email?: string | undefined;
  company?: string | undefined;
  /** comma list of keywords */
  subscribeKeywords?: string | undefined;
  /** comma list of region codes */
  subscribeRegions?: string | undefined;
}

/** Save what the input names; the subscription's keywords and regions are checked and deduplicated. */
export function updateProfile(ctx: AppContext, memberId: number, input: ProfileInput): MemberUser {
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
    const known = new Set(dictEntries.all(ctx.sql, { type: DICT_TYPES.region }).map((e) => e.value));
    if (list.length > MAX_REGIONS || !list.every((code) => known.has(code))) throw invalid(MSG_REGIONS);
    regions = list.join(',');
  }
  return ctx.db.transaction(() => {
    const current = memberUser(ctx.sql, memberId, now);
    q.updateProfile.run(ctx.sql, {
      memberId,
      nickName: input.nickName ?? current.nickName,
      phonenumber: input.phonenumber ?? current.phonenumber,
      email: input.email ?? current.email,
      company: input.company ?? current.company,
      subscribeKeywords: keywords ?? current.subscribeKeywords,
      subscribeRegions: regions ?? current.subscribeRegions,
    });
    return memberUser(ctx.sql, memberId, now);
  })();
}

/**
 * Both passwords arrive RSA-encrypted (spec §7). A new password ends every session of the member
 * and changes the QR login's secret.
 */
export async function resetPassword(
  ctx: AppContext,
  memberId: number,
  encrypted: { oldPassword: string; newPassword: string },
): Promise<void> {
  const [oldPassword, newPassword] = await Promise.all([
    ctx.passwords.decrypt(encrypted.oldPassword),
    ctx.passwords.decrypt(encrypted.newPassword),
  ]);
  const stored = q.passwordHash.get(ctx.sql, { memberId });
  if (!stored) throw unauthorized();
  if (oldPassword === null || !(await ctx.hasher.verify(oldPassword, stored.hash))) throw invalid('修改密码失败，旧密码错误');
  if (newPassword === null) throw invalid('newPassword 无法解密，请刷新页面后重试');
  const problem = passwordProblem(newPassword);
  if (problem) throw invalid(problem);
  if (newPassword === oldPassword) throw invalid('新密码不能与旧密码相同');
  const newHash = await ctx.hasher.hash(newPassword);
  ctx.db.transaction(() => {
    q.setPasswordHash.run(ctx.sql, { memberId, hash: newHash });
    // The QR login's secret is a second password: whoever once read it (the /3g code, a
    // screenshot) must not sign in after the reset, so it changes with the password.
    rotateRandomPassword(ctx.sql, memberId, ctx.clock());
    // Every session of the member ends, this one included (those the random password opened
    // too): the next request needs a new login.
    ctx.tokens.revokeAll(memberId);
  })();
}
