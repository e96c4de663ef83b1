/** Member module (spec §7): sign-in, the member's account and points, and goods and orders (ext). */
import { endpoints } from '../contract/endpoint';

export const MEMBER_ENDPOINTS = endpoints({
  login: { method: 'POST', path: '/api/member/login', auth: 'public' },
  logout: { method: 'POST', path: '/logout', auth: 'optional' },
  register: { method: 'POST', path: '/api/member/reg', auth: 'public' },
  checkUserNameUnique: { method: 'POST', path: '/api/member/checkUserNameUnique', auth: 'public' },
  captchaImage: { method: 'GET', path: '/captchaImage', auth: 'public' },
  /** A signed proof-of-work challenge (ALTCHA) whose solution goes with a login or registration as `pow`. */
  powChallenge: { method: 'GET', path: '/api/ext/pow/challenge', auth: 'public', ext: true, feature: 'pow' },
  memberTiers: { method: 'GET', path: '/cms/member/list', auth: 'member' },
  memberInfo: { method: 'GET', path: '/cms/member/getMemberInfo', auth: 'member' },
  randomPassword: { method: 'GET', path: '/cms/member/getRandomPassword/', auth: 'member' },
  createRandomPassword: { method: 'GET', path: '/cms/member/createRandomPassword/:x', auth: 'member' },
  memberOrders: { method: 'GET', path: '/cms/member/memberList', auth: 'member' },
  resetPassword: { method: 'PUT', path: '/cms/member/resetPassword', auth: 'member' },
  treeselect: { method: 'GET', path: '/cms/member/treeselect', auth: 'member' },
  scoreLog: { method: 'GET', path: '/cms/member/memberLogScoreList/', auth: 'member' },
  updateProfile: { method: 'PUT', path: '/cms/member/updateProfile', auth: 'member', ext: true, feature: 'profile' },
  /** Password recovery by mail (recovery.ts): the link is mailed, then its token sets a new password. */
  passwordRecover: { method: 'POST', path: '/api/ext/password/recover', auth: 'public', ext: true, feature: 'passwordRecovery' },
  passwordReset: { method: 'POST', path: '/api/ext/password/reset', auth: 'public', ext: true, feature: 'passwordRecovery' },

  // Goods and orders (DOMAIN.md's tiers need them; spec §7 does not show them)
  goodsList: { method: 'GET', path: '/api/cms/goods/list', auth: 'public', ext: true, feature: 'goods' },
  goodsDetail: { method: 'GET', path: '/api/cms/goods/:id', auth: 'public', ext: true, feature: 'goods' },
  createOrder: { method: 'POST', path: '/cms/order/create', auth: 'member', ext: true, feature: 'goods' },
  cancelOrder: { method: 'POST', path: '/cms/order/:id/cancel', auth: 'member', ext: true, feature: 'goods' },
  confirmOrder: { method: 'POST', path: '/admin/order/:id/confirm', auth: 'admin', ext: true, feature: 'goods' },
  adminOrders: { method: 'GET', path: '/admin/orders', auth: 'admin', ext: true, feature: 'goods' },
});
