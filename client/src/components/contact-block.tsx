/**
 * 联系人 block of a project or tender (DOMAIN.md): masked for visitors with a login prompt; for
 * free members masked with "积分查看" (unlock for points, once per item); full for VIP members and
 * after an unlock. What the caller may see is decided by the backend (`contactAccess`); this only
 * presents it and runs the unlock.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import type { ContentType } from '@shared/contract/common';
import type {
  ContactAccess,
  ContactBlock as Contact,
  UnlockResult,
  XmkDetail,
  ZbDetail,
} from '@shared/contract/content';
import { loginUrl, PATHS } from '@shared/routes';
import { unlockContact, xmkKeys, zbKeys } from '../api/content';
import { useHttp } from '../api/http-context';
import { feedback } from '../lib/feedback';
import { useSessionStore } from '../lib/session';

export interface ContactBlockProps {
  type: ContentType;
  id: number;
  detail: ContactAccess & { contact: Contact };
}

function withUnlocked<T extends XmkDetail | ZbDetail>(detail: T | undefined, result: UnlockResult): T | undefined {
  return detail && { ...detail, contact: result.contact, contactMasked: false, contactAccess: 'unlocked' };
}

function useUnlock(type: ContentType, id: number) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const session = useSessionStore();
  return useMutation({
    mutationFn: () => unlockContact(http, { id, type }),
    onSuccess(result) {
      // The unlock answer carries the contacts: show them now instead of refetching the page.
      if (type === 'xmk')
        queryClient.setQueryData<XmkDetail>(xmkKeys.detail(id, 'member'), (d) => withUnlocked(d, result));
      else queryClient.setQueryData<ZbDetail>(zbKeys.detail(id, 'member'), (d) => withUnlocked(d, result));
      const state = session.get();
      if (state.member_info) session.set({ ...state, member_info: { ...state.member_info, score: result.balance } });
      feedback.success(
        result.charged > 0 ? `已消耗 ${result.charged} 积分，剩余 ${result.balance} 积分` : '已解锁，无需再次消耗积分',
      );
    },
  });
}

export function ContactBlock({ type, id, detail }: ContactBlockProps) {
  const { contact, contactAccess, unlockCost } = detail;
  const location = useLocation();
  const unlock = useUnlock(type, id);

  const onUnlock = async () => {
    const ok = await feedback.confirm({
      title: '积分查看联系方式',
      content: `查看本条信息的联系方式将消耗 ${unlockCost} 积分，解锁后可随时查看。确定吗？`,
      okText: '确定查看',
    });
    if (ok) unlock.mutate();
  };

  const visible = contactAccess === 'vip' || contactAccess === 'unlocked';
  return (
    <section className="detail-card contact-block" aria-labelledby="contact-title">
      <h2 id="contact-title" className="detail-card-title">
        联系方式
        {contactAccess === 'vip' ? <span className="tag tag-warning">VIP 会员</span> : null}
        {contactAccess === 'unlocked' ? <span className="tag tag-success">已解锁</span> : null}
      </h2>
      <dl className="contact-list">
        <dt>联系单位</dt>
        <dd>{contact.company || '—'}</dd>
        <dt>联系人</dt>
        <dd>{contact.contact || '—'}</dd>
        <dt>联系电话</dt>
        <dd>
          {visible && contact.phone ? (
            <a href={`tel:${contact.phone.replace(/[^\d+-]/g, '')}`}>{contact.phone}</a>
          ) : (
            contact.phone || '—'
          )}
        </dd>
        <dt>联系地址</dt>
        <dd>{contact.address || '—'}</dd>
      </dl>
      {contactAccess === 'visitor' ? (
        <div className="contact-prompt">
          {/* Logging in alone does not unmask: say what does, so a free member is not surprised. */}
          <p>
            联系方式仅对会员开放：<strong>VIP 会员</strong>登录后可直接查看；普通会员登录后每条消耗 <strong>{unlockCost}</strong>{' '}
            积分查看。
          </p>
          <div className="contact-actions">
            <Link className="button button-primary" to={loginUrl(location.pathname + location.search)}>
              登录查看
            </Link>
            <Link className="button" to={PATHS.register}>
              免费注册
            </Link>
          </div>
        </div>
      ) : null}
      {contactAccess === 'locked' ? (
        <div className="contact-prompt">
          <p>
            消耗 <strong>{unlockCost}</strong> 积分即可查看本条联系方式；VIP 会员可免积分查看全部信息。
          </p>
          <div className="contact-actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() => void onUnlock()}
              disabled={unlock.isPending}
            >
              {unlock.isPending ? '正在解锁…' : '积分查看'}
            </button>
            <Link className="button" to="/goods">
              开通 VIP
            </Link>
            <Link className="contact-link" to="/user/chargeMember">
              积分不足？去充值
            </Link>
          </div>
        </div>
      ) : null}
    </section>
  );
}
