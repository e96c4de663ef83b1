/** Home module (spec §7): newest lists and today's counts. */
import { endpoints } from '../contract/endpoint';

export const HOME_ENDPOINTS = endpoints({
  homeList: { method: 'GET', path: '/api/cms/getHomeList/', auth: 'public' },
  todayZBNum: { method: 'GET', path: '/api/cms/getTodayZBNum/:x', auth: 'public' },
  todayNum: { method: 'GET', path: '/api/cms/getTodayNum/:x', auth: 'public' },
  zbHomeList: { method: 'GET', path: '/api/cms/selectZBHomeList/', auth: 'public' },
});
