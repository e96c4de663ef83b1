/**
 * 联系人 block of a project or tender (DOMAIN.md): masked for visitors with a login prompt; for
 * free members masked with "积分查看" (unlock for points, once per item); full for VIP members and
 * after an unlock. What the caller may see is decided by the backend (`contactAccess`); this only
 * presents it and runs the unlock. While masked it says what unlocks it — points for this item, or
 * a tier for all — since logging in alone does not (a free member still sees masks).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import type { ContentType } from '@shared/contract/common';
import type { ContactAccess, ContactBlock as Contact } from '@shared/content/types';
import { MOBILE_PATHS, MOBILE_RECHARGE_URL, isMobilePath, loginUrl, registerUrl } from '@shared/routes';
import { useHttp } from '../../../lib/http/context';
import { feedback } from '../../../lib/feedback';
import { useSession, useSessionStore } from '../../../lib/session';
import { usePathAvailable } from '../../../lib/capabilities';
import { telHref } from '@shared/format';
import { DICT_TYPES } from '@shared/system/types';
import { useDict } from '../../../components/dict-label';
import { dictLabel } from '../../../lib/system';

export interface ContactBlockProps {
  type: ContentType;
  id: number;
  detail: ContactAccess & { contact: Contact };
}

/** Where points are bought: the desktop recharge page, or the phone's 会员服务 at its 积分套餐. */
const RECHARGE_PATH = '/user/chargeMember';

/** 积分查看, through a chunk loaded on the first click (contact-unlock.ts). */
function useUnlock(type: ContentType, id: number): { isPending: boolean; mutate: () => void } {
  const http = useHttp();
  const queryClient = useQueryClient();
  const session = useSessionStore();
  const [isPending, setPending] = useState(false);
  const mutate = () => {
    setPending(true);
    void import('./contact-unlock')
      .then(({ unlockContacts }) => unlockContacts({ http, queryClient, session }, type, id))
      // A failed call has shown its error toast (the request layer); the button is usable again.
      .catch(() => undefined)
      .finally(() => setPending(false));
  };
  return { isPending, mutate };
}

export function ContactBlock({ type, id, detail }: ContactBlockProps) {
  const { contact, contactAccess, unlockCost } = detail;
  const location = useLocation();
  const unlock = useUnlock(type, id);
  // The tiers named below are those with member_tier.view_all_contacts (短期会员, VIP会员).
  const member = useSession().member_info;
  const score = member?.score;
  const short = score !== undefined && score < unlockCost;

  const onUnlock = async () => {
    const ok = await feedback.confirm({
      title: '积分查看联系方式',
      content: `查看本条信息的联系方式将消耗 ${unlockCost} 积分，解锁后可随时查看。确定吗？`,
      okText: '确定查看',
    });
    if (ok) unlock.mutate();
  };

  const visible = contactAccess === 'vip' || contactAccess === 'unlocked';
  const available = usePathAvailable();
  // Each site's own pages: a phone sent to a desktop page would be redirected to the
  // mobile home. Membership on the phone is the mobile 会员服务 page (tiers, and the way to order).
  const here = location.pathname + location.search;
  const mobile = isMobilePath(location.pathname);
  const membership = mobile ? MOBILE_PATHS.vip : available('/goods') ? '/goods' : null;
  if (detail.hasContact === false) {
    // Nothing to unlock or mask: no points offer, no ***.
    return (
      <section className="detail-card contact-block" aria-labelledby="contact-title">
        <h2 id="contact-title" className="detail-card-title">
          联系方式
        </h2>
        <p className="muted contact-none">该信息未提供联系方式，请以发布单位原文为准。</p>
      </section>
    );
  }
  return (
    <section className="detail-card contact-block" aria-labelledby="contact-title">
      <h2 id="contact-title" className="detail-card-title">
        联系方式
        {contactAccess === 'vip' ? <TierBadge level={member?.level} /> : null}
        {contactAccess === 'unlocked' ? <span className="tag tag-success">已解锁</span> : null}
      </h2>
      <dl className="contact-list">
        <dt>联系单位</dt>
        <dd>{contact.company || '—'}</dd>
        <dt>联系人</dt>
        <dd>{contact.contact || '—'}</dd>
        <dt>联系电话</dt>
        <dd>{visible && contact.phone ? <a href={telHref(contact.phone)}>{contact.phone}</a> : contact.phone || '—'}</dd>
        <dt>联系地址</dt>
        <dd>{contact.address || '—'}</dd>
      </dl>
      {contactAccess === 'visitor' ? (
        <div className="contact-prompt">
          {/* Logging in alone does not unmask: say what does, so a free member is not surprised. */}
          <p>
            联系方式已隐藏。登录后可用 <strong>{unlockCost}</strong> 积分查看本条；短期会员与 VIP 会员可直接查看全部联系方式。
          </p>
          <div className="contact-actions">
            <RouteLink className="button button-primary" to={loginUrl(here)}>
              登录查看
            </RouteLink>
            <RouteLink className="button" to={registerUrl(here)}>
              免费注册
            </RouteLink>
            {membership ? (
              <RouteLink className="contact-link" to={membership}>
                了解会员
              </RouteLink>
            ) : null}
          </div>
        </div>
      ) : null}
      {contactAccess === 'locked' ? (
        <div className="contact-prompt">
          <p>
            联系方式已隐藏：用 <strong>{unlockCost}</strong> 积分可查看本条
            {score !== undefined ? `（您现有 ${score} 积分${short ? '，不足' : ''}）` : ''}；开通短期会员或 VIP
            会员可免积分查看全部联系方式。
          </p>
          <div className="contact-actions">
            <button type="button" className="button button-primary" onClick={() => void onUnlock()} disabled={unlock.isPending}>
              {unlock.isPending ? '正在解锁…' : '积分查看'}
            </button>
            {membership ? (
              <RouteLink className="button" to={membership}>
                开通会员
              </RouteLink>
            ) : null}
            <RouteLink className="contact-link" to={mobile ? MOBILE_RECHARGE_URL : RECHARGE_PATH}>
              {short ? '积分不足，去充值' : '积分不足？去充值'}
            </RouteLink>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/**
 * The member's own tier (短期会员, VIP会员) as the dictionary names it; 会员 until it has loaded. Its
 * own component, so that only a page that shows it asks for the dictionary.
 */
function TierBadge({ level }: { level: string | undefined }) {
  const tier = dictLabel(useDict(DICT_TYPES.memberLevel), level);
  return <span className="tag tag-warning">{level && level !== '0' && tier && tier !== level ? tier : '会员'}</span>;
}
