/**
 * The mobile site's pages, each its own chunk. A map of its own so that the mobile entry
 * (entry-mobile.tsx) carries these imports and not the desktop site's.
 */
import type { PageImports } from '../lib/page';

export const MOBILE_PAGES: PageImports = {
  '/m/': () => import('../features/home/mobile/m-home-page'),
  '/m/pages/xmk/index': () => import('../features/listings/mobile/m-xmk-list-page'),
  '/m/pages/xmk/detail': () => import('../features/listings/mobile/m-xmk-detail-page'),
  '/m/pages/zb/index': () => import('../features/listings/mobile/m-zb-list-page'),
  '/m/pages/zb/detail': () => import('../features/listings/mobile/m-zb-detail-page'),
  '/m/pages/login/index': () => import('../features/auth/mobile/m-login-page'),
  '/m/pages/register/index': () => import('../features/auth/mobile/m-register-page'),
  '/m/pages/user/index': () => import('../features/member/mobile/m-member-home-page'),
  '/m/pages/user/favorite': () => import('../features/member/mobile/m-favorite-page'),
  '/m/pages/user/bidding': () => import('../features/member/mobile/m-bidding-page'),
  '/m/pages/user/points': () => import('../features/member/mobile/m-points-page'),
  '/m/pages/user/vip': () => import('../features/member/mobile/m-vip-page'),
  '/m/pages/user/alerts': () => import('../features/alerts/mobile/m-alerts-page'),
  '/m/pages/user/subscriptions': () => import('../features/alerts/mobile/m-subscriptions-page'),
  '/m/pages/company/detail': () => import('../features/company/mobile/m-company-detail-page'),
  '/m/pages/user/clients': () => import('../features/visit/mobile/m-clients-page'),
  '/m/pages/user/client': () => import('../features/visit/mobile/m-client-page'),
  '/m/pages/user/records': () => import('../features/visit/mobile/m-records-page'),
  '/m/pages/open-data/index': () => import('../features/open-data/mobile/m-open-data-page'),
};
