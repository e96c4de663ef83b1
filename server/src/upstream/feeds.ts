/**
 * `/feeds/<token>.atom` and `/feeds/<token>.ics`: a member's private alert feeds at
 * portal paths, so readers and calendars subscribe to the site, not to the API. Read from the
 * backend's `/api/ext/feeds/<token>.<ext>`; the token is the only credential, so no cookie is read
 * or forwarded. The backend builds absolute links from SITE_URL, else from the portal's host,
 * which this route passes as X-Forwarded-Host and -Proto. Anything but a well-formed token (shared/src/alerts/feeds.ts), or a backend 404 (a
 * reset or unknown token, or a backend without feeds), is a plain 404.
 */
import type { RequestHandler } from 'express';
import { feedBodyPath, parseFeedFile } from '@shared/alerts/feeds';
import { HttpError } from '../http/errors';
import { BackendError } from './backend-client';
import { portalOriginHeaders } from './api-proxy';
import type { BackendCalls } from './backends';

const CONTENT_TYPES = { atom: 'application/atom+xml; charset=utf-8', ics: 'text/calendar; charset=utf-8' } as const;
const TIMEOUT_MS = 10_000;
/** A feed holds a member's recent alerts and dates: far below this. */
const MAX_FEED_BYTES = 4 * 1024 * 1024;

export function feedRoute(opts: { backend: BackendCalls; log: (message: string, error: unknown) => void }): RequestHandler {
  const notFound = () => new HttpError(404, '订阅链接不存在或已失效', { as: 'text' });
  return async (req, res) => {
    const feed = parseFeedFile(String(req.params.file ?? ''));
    if (!feed) throw notFound();
    const { token, format: ext } = feed;
    const answer = await opts.backend
      .call({
        path: feedBodyPath(token, ext),
        // The feed's links point at the origin the portal was reached at (when SITE_URL is unset):
        // X-Forwarded-Host and -Proto of our proxy only with TRUST_PROXY (Express's req.host, req.protocol).
        headers: { accept: CONTENT_TYPES[ext], ...portalOriginHeaders(req) },
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_FEED_BYTES,
        requestId: res.get('x-request-id'),
      })
      .catch((error: unknown) => {
        if (!(error instanceof BackendError)) throw error;
        opts.log(`feed ${ext} failed`, error);
        throw new HttpError(502, '订阅暂时不可用，请稍后再试', { as: 'text' });
      });
    if (answer.status !== 200) throw notFound();
    res.status(200).set({
      'Content-Type': CONTENT_TYPES[ext],
      // Private to whoever holds the link: readers may keep it briefly, shared caches never.
      'Cache-Control': 'private, max-age=300',
      'X-Robots-Tag': 'noindex',
    });
    res.end(req.method === 'HEAD' ? undefined : answer.bytes);
  };
}
