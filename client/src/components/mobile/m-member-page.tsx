/**
 * The frame of a member page on the phone: back to 会员中心, its title, and its desktop page for
 * the rest (visits, messages, profile and the rows past the first page open through 电脑版).
 */
import type { ReactNode } from 'react';
import { RouteLink } from '../route-link';
import { desktopViewHref } from '@shared/device';
import { MOBILE_PATHS } from '@shared/routes';
import { MobileHead } from './m-parts';

/** The first page of each list; the rest is on the desktop page (its 电脑版 link). */
export const FIRST_PAGE = { pageNum: 1, pageSize: 20 } as const;

export function MobileMemberPage({ title, desktop, children }: { title: string; desktop: string; children: ReactNode }) {
  return (
    <div className="m-member">
      <MobileHead title={title} noindex />
      <p className="m-back">
        <RouteLink to={MOBILE_PATHS.member}>‹ 会员中心</RouteLink>
      </p>
      <h1 className="m-title">{title}</h1>
      {children}
      <a className="m-button m-button-block m-button-plain" href={desktopViewHref(desktop)} rel="nofollow">
        在电脑版查看全部
      </a>
    </div>
  );
}
