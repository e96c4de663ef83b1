/**
 * Tenders matching the member's subscription (`/cms/bidding/list`), and the subscription itself
 * in words. Each tender opens the zb detail page, which members read through
 * `/cms/bidding/data/{id}` (their tier and unlocks decide the contact block).
 */
import { RouteLink } from '../../../components/route-link';
import { zbDetailPath } from '@shared/content/paths';
import type { ZbListItem } from '@shared/content/types';
import type { MemberUser } from '@shared/member/types';
import { DICT_TYPES, type DictEntry } from '@shared/system/types';
import { formatWan } from '@shared/format';
import { deadlineState, deadlineText, parseTime } from '@shared/time';
import { DictTag } from '../../../components/dict-label';
import { HighlightText } from '../../../components/highlight';
import { regionName } from '../../../lib/region';
import { subscriptionOf } from '../subscription-rules';

export function BiddingList({ rows, regions, now }: { rows: readonly ZbListItem[]; regions: readonly DictEntry[]; now: number }) {
  return (
    <ul className="bidding-list">
      {rows.map((item) => {
        const deadline = deadlineState(item.signupDeadline, now);
        return (
          <li key={item.id} className="bidding-item">
            <div className="bidding-main">
              <p className="bidding-title">
                <DictTag type={DICT_TYPES.zbNoticeType} value={item.noticeType} />
                <RouteLink to={zbDetailPath(item.id)} title={item.title}>
                  <HighlightText html={item.highlightTitle} />
                </RouteLink>
              </p>
              {item.snippet ? (
                <p className="result-snippet">
                  <HighlightText html={item.snippet} />
                </p>
              ) : null}
              <p className="bidding-meta">
                <span>{regionName(regions, item.areaCode)}</span>
                <span>招标人：{item.tenderer || '—'}</span>
                {deadline !== null ? (
                  <span className={deadline.closed ? 'bidding-deadline is-closed' : 'bidding-deadline'}>
                    报名截止 {parseTime(item.signupDeadline, 'MM-DD HH:mm')}（{deadlineText(deadline)}）
                  </span>
                ) : null}
              </p>
            </div>
            <div className="bidding-side">
              <span className={item.amount === null ? 'bidding-amount is-missing' : 'bidding-amount'}>{formatWan(item.amount)}</span>
              <time dateTime={item.publishTime}>{parseTime(item.publishTime, 'YYYY-MM-DD')}</time>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** "关键词：道路、学校 · 地区：济南市、青岛市", or a prompt when nothing is set. */
export function SubscriptionSummary({ user, regions }: { user: MemberUser | null; regions: readonly DictEntry[] }) {
  const { keywords, regions: codes } = subscriptionOf(user);
  if (keywords.length === 0 && codes.length === 0) {
    return (
      <p className="subscription-summary is-empty">
        尚未设置订阅，下面是最新的招标信息。<RouteLink to="/user/member#subscription">设置关键词和地区</RouteLink>，只看与您业务相关的招标。
      </p>
    );
  }
  return (
    <div className="subscription-summary">
      <span className="subscription-label">关键词</span>
      {keywords.length > 0 ? (
        keywords.map((keyword) => (
          <span key={keyword} className="tag tag-primary">
            {keyword}
          </span>
        ))
      ) : (
        <span className="muted">不限</span>
      )}
      <span className="subscription-label">地区</span>
      {codes.length > 0 ? (
        codes.map((code) => (
          <span key={code} className="tag tag-plain">
            {regionName(regions, code)}
          </span>
        ))
      ) : (
        <span className="muted">全省</span>
      )}
      <RouteLink className="subscription-edit" to="/user/member#subscription">
        修改订阅
      </RouteLink>
    </div>
  );
}
