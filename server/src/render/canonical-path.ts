/**
 * Another spelling of a listed page (`/ZB`, `/zb/`) answers 301 to the page's one spelling with the
 * query string kept (shared/src/routes.ts `canonicalPagePath`). The Location is built from the
 * route table, never from the request's path.
 */
import type { RequestHandler } from 'express';
import { canonicalPagePath } from '@shared/routes';

export function canonicalPageRedirect(): RequestHandler {
  return (req, res, next) => {
    const page = canonicalPagePath(req.path);
    if (!page) return next();
    const queryAt = req.originalUrl.indexOf('?');
    res.redirect(301, page + (queryAt >= 0 ? req.originalUrl.slice(queryAt) : ''));
  };
}
