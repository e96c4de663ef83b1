/**
 * /user/member 会员资料: the account at a glance, the profile, and the bidding subscription
 * (`#subscription`, linked from /user/bidding) with the region tree of `treeselect`.
 */
import { RouteLink } from '../../../components/route-link';
import { DICT_TYPES } from '@shared/system/types';
import { parseTime } from '@shared/time';
import { regionTreeQueryOptions, loadMemberChrome } from '../api';
import { DictTag } from '../../../components/dict-label';
import { useHasCapability } from '../../../lib/capabilities';
import type { PageLoadArgs } from '../../../lib/page';
import { useSession } from '../../../lib/session';
import { MemberPage, MemberSection } from '../../../components/member-area/member-page';
import { ProfileForm } from '../components/profile-form';
import { SubscriptionForm } from '../components/subscription-form';

export async function load({ deps }: PageLoadArgs) {
  // The member info itself is fetched at every page entry by the root route (spec §4).
  await Promise.all([
    deps.queryClient.ensureQueryData(regionTreeQueryOptions(deps.http)),
    loadMemberChrome(deps, [DICT_TYPES.memberLevel]),
  ]);
}

export function Component() {
  const user = useSession().member_info;
  // Editing goes through updateProfile, an extension; with alerts, the alert subscriptions are linked from here.
  const editable = useHasCapability('profile');
  const alerts = useHasCapability('alerts');
  if (!user) return null;
  return (
    <MemberPage title="会员资料" intro="维护个人资料，设置招标订阅的关键词和地区。">
      <MemberSection title="账号信息">
        <dl className="account-fields">
          <div>
            <dt>用户名</dt>
            <dd>{user.userName}</dd>
          </div>
          <div>
            <dt>会员等级</dt>
            <dd>
              <DictTag type={DICT_TYPES.memberLevel} value={user.level} />
              {user.levelExpireTime ? <span className="muted"> 有效期至 {parseTime(user.levelExpireTime, 'YYYY-MM-DD')}</span> : null}
              <RouteLink to={user.level === '1' ? '/user/duanMember' : '/user/vipuser'} className="account-link">
                {user.level === '0' ? '开通会员' : '续费'}
              </RouteLink>
            </dd>
          </div>
          <div>
            <dt>注册时间</dt>
            <dd>{parseTime(user.createTime, 'YYYY-MM-DD')}</dd>
          </div>
          <div>
            <dt>最近登录</dt>
            <dd>{parseTime(user.loginDate, 'YYYY-MM-DD HH:mm') || '—'}</dd>
          </div>
        </dl>
      </MemberSection>
      {editable ? (
        <MemberSection title="基本资料">
          <ProfileForm user={user} />
        </MemberSection>
      ) : null}
      {editable ? (
        <MemberSection title="招标订阅" id="subscription">
          {alerts ? (
            <p className="muted">
              这里的关键词和地区决定“订阅招标”列表；按多条订阅接收新公告、变更和截止提醒，请到{' '}
              <RouteLink to="/user/alerts?tab=subscriptions">消息提醒 · 我的订阅</RouteLink>。
            </p>
          ) : null}
          <SubscriptionForm user={user} />
        </MemberSection>
      ) : null}
    </MemberPage>
  );
}
