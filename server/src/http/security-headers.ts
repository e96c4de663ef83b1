/**
 * Response headers that limit what a page can do if something hostile ever got into it, set by
 * helmet: a Content Security Policy whose scripts are our own files plus React's inline streaming
 * scripts carrying this response's nonce, no framing, no MIME sniffing, a referrer that stops at
 * our origin, and HSTS once the request came over HTTPS.
 */
import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { contentSecurityPolicy, referrerPolicy, strictTransportSecurity, xContentTypeOptions, xFrameOptions } from 'helmet';

export interface CspOptions {
  /** `npm run dev`: Vite's HMR client talks over a websocket. */
  development: boolean;
}

/** The nonce minted for this response (securityHeaders runs first, so every page has one). */
export function cspNonce(res: Response): string | undefined {
  const nonce: unknown = res.locals.cspNonce;
  return typeof nonce === 'string' ? nonce : undefined;
}

/**
 * The policy (docs/decisions, security headers):
 * - scripts: our own files, plus inline scripts with the nonce (React's streaming `$RC` scripts get
 *   it through the render's `nonce` option). The page-state `<script type="application/json">` is
 *   data, never executed, so script-src does not apply to it.
 * - styles: our own stylesheets and `'unsafe-inline'`. Server HTML carries React `style`
 *   attributes, and antd's runtime pieces (modal scroll lock, motion, message) insert `<style>`
 *   elements without a nonce. Markup injection is already stopped by escaping; script-src is the
 *   barrier that matters.
 * - images: ours, data: URIs (the captcha) and any http(s) host, since CMS content written in the
 *   production backend's editor may link images on another host. Images cannot run code.
 * helmet's default directives are not used: the policy is exactly this list.
 */
function csp(opts: CspOptions): RequestHandler {
  return contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", (_req, res) => `'nonce-${cspNonce(res as Response) ?? ''}'`],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: opts.development ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  });
}

/**
 * helmet's middlewares for the headers above, and only those: its other defaults (cross-origin
 * isolation headers, DNS prefetch off, …) are not sent, so no answer changes beyond them.
 */
export function securityHeaders(opts: CspOptions): RequestHandler[] {
  // One year: browsers then refuse plain HTTP to this host for that long.
  const hsts = strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: false });
  return [
    (_req, res, next) => {
      // 128 bits, fresh per response: a nonce an attacker could predict would be no barrier.
      res.locals.cspNonce = randomBytes(16).toString('base64');
      next();
    },
    csp(opts),
    xContentTypeOptions(),
    referrerPolicy({ policy: 'strict-origin-when-cross-origin' }),
    // frame-ancestors for browsers that predate it.
    xFrameOptions({ action: 'deny' }),
    // req.secure reads X-Forwarded-Proto only behind TRUST_PROXY: plain HTTP never sends HSTS.
    (req, res, next) => (req.secure ? hsts(req, res, next) : next()),
  ];
}
