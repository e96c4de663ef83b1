/**
 * System module (spec §7): configs (value in `msg`, as RuoYi), dictionaries, CMS support pages and
 * notices, and the developer pages' token probe.
 */
import type { AjaxResult, TableDataInfo } from '@shared/contract/common';
import { SUPPORT_COLUMNS, type Notice, type NoticeSummary, type SupportPage, type TestTokenResult } from '@shared/content/types';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { sanitizeBodyHtml } from '@shared/content/body-html';
import { CONFIG_KEYS, type DictData } from '@shared/system/types';
import { formatDateTime } from '../../clock';
import type { AppContext } from '../../context';
import { pagedTable } from '../../db/paging';
import { notFound, success } from '../../envelope';
import type { Routes } from '../../routing';
import { capabilities } from './capabilities';
import { dictData, NOTICE_LIST, publishedNotice, readSetting, supportPage } from './queries';

export function registerSystemRoutes(routes: Routes, ctx: AppContext): void {
  const { sql } = ctx;

  /**
   * RuoYi answers `{code: 200, msg: value}`, and an empty msg for a key it does not know. The public
   * key and the captcha switch are derived from the running instance, never stored.
   */
  routes.open(ENDPOINTS.configKey, (_req, { params: { key } }) => {
    const derived: Record<string, string> = {
      [CONFIG_KEYS.publicKey]: ctx.passwords.publicKeyPem,
      [CONFIG_KEYS.captchaEnabled]: String(ctx.config.captchaEnabled),
    };
    return { code: 200, msg: derived[key] ?? readSetting(sql, key) ?? '' };
  });

  /** ext: the features beyond spec §7 this backend serves; absent when BACKEND_EXTENSIONS=off. */
  routes.open(ENDPOINTS.capabilities, (): AjaxResult<string[]> => success(capabilities(ctx.config)));

  /** RuoYi answers an empty list for an unknown type. */
  routes.open(ENDPOINTS.dictData, (_req, { params: { type } }): AjaxResult<DictData[]> => success(dictData.all(sql, { type })));

  /** Every column answers its page; `notice` answers the list of published notices, newest first. */
  routes.open(ENDPOINTS.support, (_req, { params: { col }, query }): AjaxResult<SupportPage> | TableDataInfo<NoticeSummary> => {
    if (col === 'notice') return pagedTable<NoticeSummary>(sql, NOTICE_LIST, query);
    if (!(SUPPORT_COLUMNS as readonly string[]).includes(col)) throw notFound('栏目不存在');
    const page = supportPage.get(sql, { col });
    if (!page) throw notFound('栏目不存在');
    return success({ ...page, content: sanitizeBodyHtml(page.content) });
  });

  routes.open(ENDPOINTS.notice, (_req, { params: { id } }): AjaxResult<Notice> => {
    const notice = publishedNotice.get(sql, { id });
    if (!notice) throw notFound('公告不存在');
    return success({ ...notice, noticeContent: sanitizeBodyHtml(notice.noticeContent) });
  });

  routes.optional(ENDPOINTS.testToken, (_req, session): AjaxResult<TestTokenResult> =>
    success({ serverTime: formatDateTime(ctx.clock()), authenticated: session !== null }),
  );
}
