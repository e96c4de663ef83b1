/**
 * Login, RefreshToken and logout as routes of the BFF itself, not answers the
 * proxy rewrites on their way through: each calls the backend (upstream/backend-client.ts), reads its small
 * answer and sets or clears the session cookies (auth/cookies.ts). The token never reaches the
 * browser; it lives in the HttpOnly cookie.
 *
 * Mounted under the API prefix before the proxy, with the proxy's rules for who may do what
 * (upstream/api-proxy.ts: allow-list, body guard, CSRF). Express matches these paths as leniently as a backend
 * router does (any case, a trailing slash), so no spelling of them slips through the proxy with
 * its token in the body.
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { CLIENT_HEADER, MESSAGES, PLATFORM_HEADER, REQUEST_ID_HEADER } from '@shared/constants';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { clearSessionCookies, extendSessionCookies, setSessionCookies } from './cookies';
import { BackendError, parseEnvelope, type BackendAnswer, type BackendClient } from '../upstream/backend-client';
import { HttpError } from '../http/errors';
import { readBounded } from '../http/read-bounded';
import { MAX_REQUEST_BODY_BYTES, bearerFor, checkApiCall, fromOurPage, requestTooLarge } from '../upstream/api-proxy';
import { clientKey } from '../scale/rate-limit';
import { redactUrl } from '@shared/redact';

/** Login and refresh answers are a few hundred bytes; anything this large is not one. */
const MAX_AUTH_ANSWER_BYTES = 64 * 1024;

export interface AuthRoutesOptions {
  backend: BackendClient;
  log: (message: string, error: unknown) => void;
}

/** The request body; past MAX_REQUEST_BODY_BYTES the client's mistake (413), and the rest is not read. */
async function readRequestBody(req: Request): Promise<Buffer> {
  const body = await readBounded(req, MAX_REQUEST_BODY_BYTES);
  if (body === null) throw requestTooLarge();
  return body;
}

/** What the proxy would have sent on: the caller's own headers that matter, the bearer, X-Forwarded-*. */
function forwardHeaders(req: Request, bearer: string | null): Record<string, string | undefined> {
  const forwardedFor = req.get('x-forwarded-for');
  const address = req.socket.remoteAddress ?? '';
  return {
    accept: 'application/json',
    'content-type': req.get('content-type'),
    'accept-language': req.get('accept-language'),
    'user-agent': req.get('user-agent'),
    [PLATFORM_HEADER]: req.get(PLATFORM_HEADER),
    'x-forwarded-for': forwardedFor ? `${forwardedFor},${address}` : address,
    'x-forwarded-proto': req.get('x-forwarded-proto') ?? ('encrypted' in req.socket ? 'https' : 'http'),
    'x-forwarded-host': req.get('x-forwarded-host') ?? req.get('host'),
    authorization: bearer === null ? undefined : `Bearer ${bearer}`,
    // The backend's login lockout counts per account and client; only the BFF knows the client.
    [CLIENT_HEADER]: clientKey(req.ip),
  };
}

function sendJson(res: Response, status: number, body: unknown): void {
  res.status(status).set('Content-Type', 'application/json; charset=utf-8').send(JSON.stringify(body));
}

const seconds = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : null;

export function authRoutes(opts: AuthRoutesOptions): Router {
  const router = Router();

  /** One backend exchange for `req`; an HttpError (502, 504) when there was no answer. */
  async function exchange(req: Request, bearer: string | null, body?: Buffer): Promise<BackendAnswer> {
    try {
      return await opts.backend.call({
        method: req.method,
        path: req.url,
        headers: forwardHeaders(req, bearer),
        body,
        maxBytes: MAX_AUTH_ANSWER_BYTES,
        requestId: req.get(REQUEST_ID_HEADER),
      });
    } catch (error) {
      if (!(error instanceof BackendError)) throw error;
      opts.log(`${req.method} ${redactUrl(req.originalUrl)} failed: ${error.message}`, error.failure);
      throw error.failure === 'timeout' ? new HttpError(504, MESSAGES.timeout) : new HttpError(502, MESSAGES.upstreamDown);
    }
  }

  /** The answer's JSON object; one that is not a JSON object is refused (it could hold a token). */
  function readEnvelope(answer: BackendAnswer): Record<string, unknown> {
    const body = parseEnvelope(answer.bytes);
    if (body === null) throw new HttpError(502, MESSAGES.upstreamDown);
    return body;
  }

  /** The proxy's rules (checkApiCall) first, as for any call under the API prefix. */
  const guarded =
    (handler: (req: Request, res: Response) => Promise<void>): RequestHandler =>
    async (req, res) => {
      checkApiCall(req);
      await handler(req, res);
    };

  router.post(
    ENDPOINTS.login.path,
    guarded(async (req, res) => {
      const body = await readRequestBody(req);
      const bearer = bearerFor(req);
      const answer = await exchange(req, bearer, body);
      const envelope = readEnvelope(answer);
      if (bearer !== null && (envelope.code === 401 || answer.status === 401)) clearSessionCookies(req, res);
      else if (envelope.code === 200 && typeof envelope.token === 'string' && fromOurPage(req)) {
        // A login from anywhere else (a cross-site form) gets no cookie: no login CSRF.
        const randomPassword = typeof envelope.randomPassword === 'string' ? envelope.randomPassword : null;
        setSessionCookies(req, res, { token: envelope.token, randomPassword, expiresIn: seconds(envelope.expiresIn) });
      }
      delete envelope.token;
      delete envelope.randomPassword;
      // A login the backend refuses under load (429) says when to try again.
      const retryAfter = answer.headers['retry-after'];
      if (typeof retryAfter === 'string' && /^\d+$/.test(retryAfter)) res.set('Retry-After', retryAfter);
      sendJson(res, answer.status, envelope);
    }),
  );

  // Express routes HEAD to GET handlers; a HEAD has no envelope to read, so it is the proxy's.
  router.head(ENDPOINTS.refreshToken.path, (_req, _res, next) => next('router'));
  router.get(
    ENDPOINTS.refreshToken.path,
    guarded(async (req, res) => {
      const bearer = bearerFor(req);
      const answer = await exchange(req, bearer);
      const envelope = readEnvelope(answer);
      if (bearer !== null && (envelope.code === 401 || answer.status === 401)) clearSessionCookies(req, res);
      else if (bearer !== null && envelope.code === 200) {
        // The cookie's lifetime follows the token's.
        const expiresIn = seconds(envelope.expiresIn);
        if (expiresIn !== null) extendSessionCookies(req, res, expiresIn);
      }
      delete envelope.token;
      sendJson(res, answer.status, envelope);
    }),
  );

  router.post(
    ENDPOINTS.logout.path,
    guarded(async (req, res) => {
      // spec §7: logout clears the session whatever the backend answers, even when it is down; but
      // only when one of our pages asks, or any site could log our members out with a form.
      if (fromOurPage(req)) clearSessionCookies(req, res);
      // The backend reads no logout body; whatever was sent is drained, not forwarded.
      await readRequestBody(req);
      const answer = await exchange(req, bearerFor(req));
      res
        .status(answer.status)
        .set('Content-Type', answer.headers['content-type'] ?? 'application/json; charset=utf-8')
        .send(answer.bytes);
    }),
  );

  return router;
}
