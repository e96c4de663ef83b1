/**
 * Response headers that limit what a page can do if something hostile ever got into it (issue 8
 * §4): a Content Security Policy whose scripts are our own files plus React's inline streaming
 * scripts carrying this response's nonce, no framing, no MIME sniffing, a referrer that stops at
 * our origin, and HSTS once the request came over HTTPS.
 */
import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

/** One year: browsers then refuse plain HTTP to this host for that long. */
const HSTS = 'max-age=31536000';

export interface CspOptions {
  /** `npm run dev`: Vite's HMR client talks over a websocket. */
  development: boolean;
}

/**
 * The policy for one response. Choices (docs/decisions.md, "Reliability and security"):
 * - scripts: our own files, plus inline scripts with the nonce (React's streaming `$RC` scripts get
 *   it through the render's `nonce` option). The page-state `<script type="application/json">` is
 *   data, never executed, so script-src does not apply to it.
 * - styles: our own stylesheets and `'unsafe-inline'`. Server HTML carries React `style`
 *   attributes, and antd's runtime pieces (modal scroll lock, motion, message) insert `<style>`
 *   elements without a nonce. Markup injection is already stopped by escaping; script-src is the
 *   barrier that matters.
 * - images: ours, data: URIs (the captcha) and any http(s) host, since CMS content written in the
 *   production backend's editor may link images on another host. Images cannot run code.
 */
export function contentSecurityPolicy(nonce: string, opts: CspOptions): string {
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': `'self' 'nonce-${nonce}'`,
    'style-src': "'self' 'unsafe-inline'",
    'img-src': "'self' data: blob: https: http:",
    'font-src': "'self' data:",
    'connect-src': opts.development ? "'self' ws: wss:" : "'self'",
    'object-src': "'none'",
    'base-uri': "'none'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/** The nonce minted for this response (securityHeaders runs first, so every page has one). */
export function cspNonce(res: Response): string | undefined {
  const nonce: unknown = res.locals.cspNonce;
  return typeof nonce === 'string' ? nonce : undefined;
}

export function securityHeaders(opts: CspOptions): RequestHandler {
  return (req, res, next) => {
    // 128 bits, fresh per response: a nonce an attacker could predict would be no barrier.
    const nonce = randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    res.set({
      'Content-Security-Policy': contentSecurityPolicy(nonce, opts),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      // frame-ancestors for browsers that predate it.
      'X-Frame-Options': 'DENY',
    });
    // req.secure reads X-Forwarded-Proto only behind TRUST_PROXY: plain HTTP never sends HSTS.
    if (req.secure) res.set('Strict-Transport-Security', HSTS);
    next();
  };
}
