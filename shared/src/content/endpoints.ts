/**
 * Content module (spec §7): the project library (xmk, 拟在建项目), tenders (zb, 招标信息),
 * favourites, contact unlocks, messages, the CMS support pages, and the import of notices over time.
 */
import { endpoints } from '../contract/endpoint';

export const CONTENT_ENDPOINTS = endpoints({
  xmkSearch: { method: 'GET', path: '/api/xmk/search', auth: 'public' },
  biddingList: { method: 'GET', path: '/cms/bidding/list', auth: 'member' },
  biddingData: { method: 'GET', path: '/cms/bidding/data/:id', auth: 'member' },
  zbDetailPublic: { method: 'GET', path: '/api/cmsData/bidding/:id', auth: 'public' },
  zbSearch: { method: 'GET', path: '/api/zb/search', auth: 'public' },
  xmkDetailPublic: { method: 'GET', path: '/api/cmsData/xmk/:id', auth: 'public' },
  xmkHistory: { method: 'GET', path: '/api/cmsData/history/xmk/:id', auth: 'public' },
  xmkDetailMember: { method: 'GET', path: '/cms/xmk/data/:id', auth: 'member' },
  favoriteList: { method: 'GET', path: '/cms/favorite/list/', auth: 'member' },
  favoriteChangeStatus: { method: 'PUT', path: '/cms/favorite/changeStatus', auth: 'member' },
  favoriteAddGJ: { method: 'PUT', path: '/cms/favorite/addGJ', auth: 'member' },
  favoriteStatus: { method: 'GET', path: '/cms/favorite/:id', auth: 'member' },
  /** The ids of the member's active favourites of one type (data: number[]), for the list rows' stars. */
  favoriteIds: { method: 'GET', path: '/cms/favorite/ids/:type', auth: 'member', ext: true, feature: 'favoriteIds' },
  xmkScore: { method: 'PUT', path: '/cms/xmk/score/', auth: 'member' },
  addMsg: { method: 'PUT', path: '/api/cms/addMsg', auth: 'optional' },
  msgList: { method: 'GET', path: '/cms/msgForm/getMsgList', auth: 'member' },
  support: { method: 'GET', path: '/api/cms/getSupport/:col', auth: 'public' },
  notice: { method: 'GET', path: '/api/system/notice/:id', auth: 'public' },
  testToken: { method: 'GET', path: '/api/cmsData/testToken', auth: 'optional' },
  /** Staff answer a member's message. */
  replyMsg: { method: 'POST', path: '/admin/msg/:id/reply', auth: 'admin', ext: true, feature: 'messageReply' },
  /** Notices over time (notices.ts): the body is JSON Lines of NoticeImportRecord (or CSV). */
  importNotices: { method: 'POST', path: '/admin/content/import', auth: 'admin', ext: true, feature: 'lifecycle' },
  /** Withdraw a notice (撤销): it leaves lists, search, feeds and alerts; its detail answers 410. */
  /** A notice's lifecycle and changes by its id (notices.ts NoticeTimeline), for a detail answer without them. */
  noticeTimeline: { method: 'GET', path: '/api/ext/notices/:kind/:id/timeline', auth: 'optional', ext: true, feature: 'noticeTimeline' },
  withdrawNotice: { method: 'DELETE', path: '/admin/content/:kind/:id', auth: 'admin', ext: true, feature: 'lifecycle' },
});
