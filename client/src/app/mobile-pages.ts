/**
 * The mobile site's pages, each its own chunk. A map of its own so that the mobile entry
 * (entry-mobile.tsx) carries these fifteen imports and not the desktop site's fifty.
 */
import type { PageImports } from '../lib/page';

export const MOBILE_PAGES: PageImports = {
  '/m/': () => import('../features/home/pages/m-home-page'),
  '/m/pages/xmk/index': () => import('../features/listings/pages/m-xmk-list-page'),
  '/m/pages/xmk/detail': () => import('../features/listings/pages/m-xmk-detail-page'),
  '/m/pages/zb/index': () => import('../features/listings/pages/m-zb-list-page'),
  '/m/pages/zb/detail': () => import('../features/listings/pages/m-zb-detail-page'),
  '/m/pages/login/index': () => import('../features/auth/pages/m-login-page'),
  '/m/pages/register/index': () => import('../features/auth/pages/m-register-page'),
  '/m/pages/user/index': () => import('../features/member/m-member-pages').then((m) => m.memberHome),
  '/m/pages/user/favorite': () => import('../features/member/m-member-pages').then((m) => m.favoritePage),
  '/m/pages/user/bidding': () => import('../features/member/m-member-pages').then((m) => m.biddingPage),
  '/m/pages/user/points': () => import('../features/member/m-member-pages').then((m) => m.pointsPage),
  '/m/pages/user/vip': () => import('../features/member/m-vip-page'),
  '/m/pages/user/alerts': () => import('../features/member/m-member-pages').then((m) => m.alertsPage),
  '/m/pages/company/detail': () => import('../features/company/pages/m-company-detail-page'),
};
