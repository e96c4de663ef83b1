/**
 * The mobile member basics (issue 14): 会员中心, favourites, the subscription's tenders, points and
 * membership. The same API and query options as the desktop member area; anything more (visits,
 * messages, profile) links to the desktop page, which phones can still open through 电脑版.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { DICT_TYPES } from '@shared/contract/system';
import { desktopViewHref } from '@shared/device';
import { MOBILE_PATHS } from '@shared/routes';
import { parseTime } from '@shared/time';
import { biddingListQueryOptions, favoriteListQueryOptions } from '../../api/content';
import { useHttp } from '../../api/http-context';
import { memberTiersQueryOptions, scoreLogQueryOptions } from '../../api/member';
import { dictLabel, prefetchDicts } from '../../api/system';
import { useDict } from '../../components/dict-label';
import { useHasCapability } from '../../lib/capabilities';
import type { PageLoadArgs, PageModule } from '../../lib/page';
import { useLogout, useSession } from '../../lib/session';
import { CONTENT_TYPE_LABEL } from './content-labels';
import { MobileHead } from '../../components/mobile/m-parts';
import { ZbRow, mobileDetailHref } from '../../components/mobile/rows';

/** The first page of each list; the rest is on the desktop page (its 电脑版 link). */
const FIRST = { pageNum: 1, pageSize: 20 } as const;
const FAVORITES = { ...FIRST, isCancel: 0 } as const;

function MemberPage({ title, desktop, children }: { title: string; desktop: string; children: React.ReactNode }) {
  return (
    <div className="m-member">
      <MobileHead title={title} noindex />
      <p className="m-back">
        <Link to={MOBILE_PATHS.member}>‹ 会员中心</Link>
      </p>
      <h1 className="m-title">{title}</h1>
      {children}
      <a className="m-button m-button-block m-button-plain" href={desktopViewHref(desktop)} rel="nofollow">
        在电脑版查看全部
      </a>
    </div>
  );
}

export const memberHome: PageModule = {
  load: ({ deps: { queryClient, http } }: PageLoadArgs) => prefetchDicts(queryClient, http, [DICT_TYPES.memberLevel]),
  Component() {
    const session = useSession();
    const logout = useLogout();
    const user = session.member_info;
    const level = dictLabel(useDict(DICT_TYPES.memberLevel), user?.level);
    return (
      <div className="m-member">
        <MobileHead title="会员中心" noindex />
        <section className="m-card m-profile">
          <h1 className="m-title">{session.name}</h1>
          <p className="m-muted">
            {level || '普通会员'}
            {user?.levelExpireTime ? ` · ${parseTime(user.levelExpireTime, 'YYYY-MM-DD')} 到期` : ''}
          </p>
          <dl className="m-figures">
            <div>
              <dd>{user?.score ?? 0}</dd>
              <dt>积分</dt>
            </div>
          </dl>
        </section>
        <nav className="m-menu" aria-label="会员功能">
          <Link to={MOBILE_PATHS.favorite}>我的收藏</Link>
          <Link to={MOBILE_PATHS.bidding}>订阅招标</Link>
          <Link to={MOBILE_PATHS.points}>我的积分</Link>
          <Link to={MOBILE_PATHS.vip}>会员服务</Link>
          <a href={desktopViewHref('/user')} rel="nofollow">
            更多功能（电脑版）
          </a>
        </nav>
        <button type="button" className="m-button m-button-block" onClick={() => void logout()}>
          退出登录
        </button>
      </div>
    );
  },
};

export const favoritePage: PageModule = {
  load: ({ deps: { queryClient, http } }: PageLoadArgs) => queryClient.ensureQueryData(favoriteListQueryOptions(http, FAVORITES)),
  Component() {
    const { rows, total } = useSuspenseQuery(favoriteListQueryOptions(useHttp(), FAVORITES)).data;
    return (
      <MemberPage title="我的收藏" desktop="/user/favorite">
        <p className="m-count">{`共 ${total} 条`}</p>
        {rows.length === 0 ? <p className="m-empty">还没有收藏，打开项目或招标详情点“收藏”即可</p> : null}
        <ul className="m-list">
          {rows.map((row) => (
            <li key={row.id} className="m-row">
              <Link to={mobileDetailHref(row.type, row.dataId)} className="m-row-link">
                <span className="m-row-title">{row.title}</span>
                <span className="m-row-meta">
                  <span className="m-tag">{CONTENT_TYPE_LABEL[row.type]}</span>
                  <time dateTime={row.publishTime}>{parseTime(row.publishTime, 'YYYY-MM-DD')}</time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </MemberPage>
    );
  },
};

export const biddingPage: PageModule = {
  load: ({ deps: { queryClient, http } }: PageLoadArgs) =>
    Promise.all([
      queryClient.ensureQueryData(biddingListQueryOptions(http, FIRST)),
      prefetchDicts(queryClient, http, [DICT_TYPES.region, DICT_TYPES.zbNoticeType]),
    ]),
  Component() {
    const { rows, total } = useSuspenseQuery(biddingListQueryOptions(useHttp(), FIRST)).data;
    const user = useSession().member_info;
    return (
      <MemberPage title="订阅招标" desktop="/user/bidding">
        <p className="m-muted">订阅关键词：{user?.subscribeKeywords || '未设置（在电脑版设置订阅）'}</p>
        <p className="m-count">{`共 ${total} 条`}</p>
        {rows.length === 0 ? <p className="m-empty">暂无符合订阅的招标</p> : null}
        <ul className="m-list">
          {rows.map((item) => (
            <ZbRow key={item.id} item={item} />
          ))}
        </ul>
      </MemberPage>
    );
  },
};

export const pointsPage: PageModule = {
  load: ({ deps: { queryClient, http } }: PageLoadArgs) =>
    Promise.all([queryClient.ensureQueryData(scoreLogQueryOptions(http, FIRST)), prefetchDicts(queryClient, http, [DICT_TYPES.scoreType])]),
  Component() {
    const log = useSuspenseQuery(scoreLogQueryOptions(useHttp(), FIRST)).data;
    const types = useDict(DICT_TYPES.scoreType);
    const score = useSession().member_info?.score ?? 0;
    return (
      <MemberPage title="我的积分" desktop="/user/logscore">
        <p className="m-figure-big">
          <strong>{score}</strong> 积分
        </p>
        <ul className="m-list">
          {(log.rows ?? []).map((row) => (
            <li key={row.id} className="m-row m-row-static">
              <span className="m-row-title">{row.remark || dictLabel(types, row.type)}</span>
              <span className="m-row-meta">
                <span className={row.change >= 0 ? 'm-plus' : 'm-minus'}>{row.change >= 0 ? `+${row.change}` : row.change}</span>
                <span>余额 {row.balance}</span>
                <time dateTime={row.createTime}>{parseTime(row.createTime, 'YYYY-MM-DD HH:mm')}</time>
              </span>
            </li>
          ))}
        </ul>
      </MemberPage>
    );
  },
};

export const vipPage: PageModule = {
  load: ({ deps: { queryClient, http } }: PageLoadArgs) => queryClient.ensureQueryData(memberTiersQueryOptions(http)),
  Component() {
    const tiers = useSuspenseQuery(memberTiersQueryOptions(useHttp())).data.rows ?? [];
    const level = useSession().member_info?.level;
    // The order pages are an extension (goods): a backend without them gets no link to them.
    const goods = useHasCapability('goods');
    return (
      <MemberPage title="会员服务" desktop="/user/vipuser">
        {tiers.map((tier) => (
          <section key={tier.level} className={tier.level === level ? 'm-card is-current' : 'm-card'} aria-label={tier.name}>
            <h2>
              {tier.name}
              {tier.level === level ? <span className="m-tag">当前</span> : null}
            </h2>
            <ul className="m-benefits">
              {tier.benefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
          </section>
        ))}
        {goods ? (
          <a className="m-button m-button-primary m-button-block" href={desktopViewHref('/goods')} rel="nofollow">
            开通会员
          </a>
        ) : null}
      </MemberPage>
    );
  },
};
