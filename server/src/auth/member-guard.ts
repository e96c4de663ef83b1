/**
 * spec §2's route guard on the server, from the same shared rule the client uses: visitors on
 * member paths go to the login with a redirect back, members on the login go to /user. It runs
 * before any rendering.
 */
import type { RequestHandler } from 'express';
import { guardRedirect } from '@shared/routes';
import { readSessionToken } from './cookies';

export function memberGuard(): RequestHandler {
  return (req, res, next) => {
    // Logged in = a member token cookie that passes the one session rule (spec §4, @shared/session).
    const target = guardRedirect(req.path, req.originalUrl, readSessionToken(req) !== null);
    if (!target) return next();
    res.set('Cache-Control', 'no-store');
    res.redirect(302, target);
  };
}
