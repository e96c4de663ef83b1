/**
 * `/ocds/releases.json` and `/ocds/records/<ocid>.json`: the open-data feed at portal paths
 * (docs/open-data.md), streamed from the backend's `/api/ext/ocds/…` as it is written, so a page
 * of a thousand releases never sits whole in the portal's memory. Public: no cookie is read or
 * forwarded. A backend without the feed (capabilities lack `ocds`) makes both paths the plain 404;
 * the backend's 400 (a bad `since` or `pageSize`) and 404 pass through as they are.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream/promises';
import type { RequestHandler } from 'express';
import { REQUEST_ID_HEADER } from '@shared/constants';
import { OCDS_RELEASES_BODY_PATH, ocdsRecordBodyPath, parseRecordFile } from '@shared/ocds/paths';
import { HttpError } from '../http/errors';
import { limitWaiting, UPSTREAM_TIMEOUT_MS } from './backend-client';
import type { Backends } from './backends';

const notFound = () => new HttpError(404, '开放数据不存在', { as: 'text' });

export interface OcdsRouteOptions {
  /** The feed is an ext call: it goes to the extensions' backend (`of(path)`). */
  backend: Pick<Backends, 'of'>;
  capabilities: () => Promise<readonly string[]>;
  log: (message: string, error: unknown) => void;
}

/** GET the backend path and stream its answer to `res`; the status and the headers that describe the body pass. */
function streamFrom(opts: OcdsRouteOptions, path: string): RequestHandler {
  return async (req, res) => {
    if (!(await opts.capabilities()).includes('ocds')) throw notFound();
    const backend = opts.backend.of(path);
    const send = backend.baseURL.startsWith('https:') ? httpsRequest : httpRequest;
    const answer = await new Promise<IncomingMessage>((resolve, reject) => {
      const call = send(backend.url(path), {
        method: 'GET',
        agent: backend.agent,
        headers: {
          accept: 'application/json',
          // Links in the packages point at the origin the portal was reached at (when SITE_URL is unset).
          'x-forwarded-host': req.host,
          'x-forwarded-proto': req.protocol,
          [REQUEST_ID_HEADER]: res.get('x-request-id') ?? '',
        },
      });
      limitWaiting(call, UPSTREAM_TIMEOUT_MS, () => undefined);
      call.once('response', resolve).once('error', reject).end();
      res.once('close', () => call.destroy());
    }).catch((error: unknown) => {
      opts.log('ocds feed failed', error);
      throw new HttpError(502, '开放数据暂时不可用，请稍后再试', { as: 'text' });
    });
    const status = answer.statusCode ?? 502;
    if (status === 404) {
      answer.resume();
      throw notFound();
    }
    res.status(status);
    for (const name of ['content-type', 'cache-control'] as const) {
      const value = answer.headers[name];
      if (value) res.set(name, value);
    }
    if (req.method === 'HEAD') {
      answer.resume();
      res.end();
      return;
    }
    await pipeline(answer, res).catch((error: unknown) => {
      // The reader went away, or the backend stopped mid-page: the connection ends unfinished.
      if (!res.destroyed) opts.log('ocds feed stream failed', error);
      res.destroy();
    });
  };
}

export function ocdsReleasesRoute(opts: OcdsRouteOptions): RequestHandler {
  return (req, res, next) => {
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    return streamFrom(opts, `${OCDS_RELEASES_BODY_PATH}${query}`)(req, res, next);
  };
}

export function ocdsRecordRoute(opts: OcdsRouteOptions): RequestHandler {
  return (req, res, next) => {
    const ocid = parseRecordFile(String(req.params.file ?? ''));
    if (ocid === null) throw notFound();
    return streamFrom(opts, ocdsRecordBodyPath(ocid))(req, res, next);
  };
}
