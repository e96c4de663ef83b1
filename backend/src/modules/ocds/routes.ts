/**
 * Open data (ext; docs/api.md "Open data", docs/open-data.md): `GET /api/ext/ocds/releases.json`
 * (a page of the release feed, streamed) and `GET /api/ext/ocds/records/{ocid}.json` (one
 * process's record package). Public, outside the JSON envelope; a bad parameter answers 400 with
 * the envelope's `{code, msg}`. The portal serves them at /ocds/… (server/src/upstream/ocds.ts).
 */
import type { Express, Response } from 'express';
import {
  OCDS_PAGE_SIZE_DEFAULT,
  OCDS_PAGE_SIZE_MAX,
  OCDS_RECORD_BODY_ROUTE,
  OCDS_RELEASES_BODY_PATH,
  OCDS_RELEASES_PATH,
  ocdsRecordPath,
  parseRecordFile,
} from '@shared/ocds/paths';
import { formatDateTime } from '../../clock';
import type { AppContext } from '../../context';
import { ApiError, success, unknownPath } from '../../envelope';
import type { Routes } from '../../routing';
import type { AjaxResult } from '@shared/contract/common';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { OcdsSummary } from '@shared/ocds/types';
import { siteBase } from '../../site-base';
import { isoTime, releaseContext } from './release';
import { recordPackage, summary, writeReleasePage, type PageQuery } from './service';

export const MSG_BAD_SINCE = 'since 必须是 ISO 8601 日期或时间，如 2026-11-01 或 2026-11-01T08:00:00+08:00';
export const MSG_BAD_PAGE_SIZE = `pageSize 必须是 1 到 ${OCDS_PAGE_SIZE_MAX} 的整数`;
export const MSG_BAD_AFTER = 'after 必须是非负整数（上一页 links.next 给出的值）';

const ISO = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;
const CACHE = 'public, max-age=300';

/** `since` as the stored local time (Asia/Shanghai); a time without an offset is in +08:00. */
export function sinceOf(text: string): string | null {
  if (!ISO.test(text)) return null;
  const withOffset = text.length === 10 ? `${text}T00:00:00+08:00` : /(?:Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}+08:00`;
  const date = new Date(withOffset);
  // Date() rolls 2026-02-30 over to March: the day must exist as written.
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  if (Number.isNaN(date.getTime()) || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return null;
  return formatDateTime(date);
}

function pageQuery(query: Record<string, unknown>): PageQuery {
  const one = (name: string) => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw new ApiError(400, `${name} 只能给一次`, 400);
    return value;
  };
  const sinceText = one('since');
  const since = sinceText === undefined || sinceText === '' ? '' : sinceOf(sinceText);
  if (since === null) throw new ApiError(400, MSG_BAD_SINCE, 400);
  const sizeText = one('pageSize');
  const pageSize = sizeText === undefined ? OCDS_PAGE_SIZE_DEFAULT : /^\d{1,4}$/.test(sizeText) ? Number(sizeText) : 0;
  if (pageSize < 1 || pageSize > OCDS_PAGE_SIZE_MAX) throw new ApiError(400, MSG_BAD_PAGE_SIZE, 400);
  const afterText = one('after');
  const after = afterText === undefined ? 0 : /^\d{1,15}$/.test(afterText) ? Number(afterText) : -1;
  if (after < 0) throw new ApiError(400, MSG_BAD_AFTER, 400);
  return { since, after, pageSize };
}

/** Writes that wait for the client to take what it was sent; a client gone stops the page. */
function responseSink(res: Response) {
  return {
    write: (text: string) =>
      new Promise<void>((resolve, reject) => {
        if (res.destroyed) return reject(new Error('client gone'));
        if (res.write(text)) return resolve();
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          if (res.destroyed) reject(new Error('client gone'));
          else resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      }),
  };
}

/** `GET /api/ext/ocds/summary` (ext, in the contract): what the /open-data page shows. */
export function registerOcdsRoutes(routes: Routes, ctx: AppContext): void {
  routes.open(ENDPOINTS.ocdsSummary, (): AjaxResult<OcdsSummary> => success(summary(ctx.sql, ctx.config.ocdsPrefix)));
}

/** The packages themselves, outside the envelope; absent with the extensions off. */
export function registerOcdsBodies(app: Express, ctx: AppContext): void {
  if (!ctx.config.extensions) return;
  const contextOf = (req: Parameters<typeof siteBase>[1]) => releaseContext(ctx.sql, ctx.config.ocdsPrefix, siteBase(ctx.config, req));

  app.get(OCDS_RELEASES_BODY_PATH, (req, res, next) => {
    let page: PageQuery;
    try {
      page = pageQuery(req.query as Record<string, unknown>);
    } catch (error) {
      next(error);
      return;
    }
    const release = contextOf(req);
    const linkOf = (cursor: { since: string; after: number }) => {
      const params = new URLSearchParams();
      if (cursor.since) params.set('since', isoTime(cursor.since));
      if (page.pageSize !== OCDS_PAGE_SIZE_DEFAULT) params.set('pageSize', String(page.pageSize));
      if (cursor.after > 0) params.set('after', String(cursor.after));
      const text = params.toString();
      return text ? `${OCDS_RELEASES_PATH}?${text}` : OCDS_RELEASES_PATH;
    };
    res.status(200).set({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': CACHE });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    writeReleasePage(ctx.sql, release, page, isoTime(formatDateTime(ctx.clock())), responseSink(res), linkOf).then(
      () => res.end(),
      (error: unknown) => {
        if (!res.destroyed) ctx.log.error('ocds releases page failed', error);
        res.destroy();
      },
    );
  });

  app.get(OCDS_RECORD_BODY_ROUTE, (req, res, next) => {
    const ocid = parseRecordFile(String(req.params.file));
    const release = contextOf(req);
    const body =
      ocid === null
        ? null
        : recordPackage(ctx.sql, release, ocid, `${release.base}${ocdsRecordPath(ocid)}`, isoTime(formatDateTime(ctx.clock())));
    if (body === null) {
      unknownPath(req, res, next);
      return;
    }
    res.status(200).set({ 'Cache-Control': CACHE }).type('application/json; charset=utf-8').send(JSON.stringify(body));
  });
}
