/**
 * Talking to a running portal the way its pages do: through `/prod-api` with the platform header
 * and a same-origin fetch, passwords RSA-encrypted with the published key (PKCS#1 v1.5, base64,
 * what jsencrypt produces), the session carried by the HttpOnly cookie the proxy sets.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { PLATFORM_HEADER, PLATFORM_VALUE, TOKEN_COOKIE } from '../../shared/src/constants';

/** Headers of a call from one of our pages, as Chromium sends them. */
export const OUR_PAGE: Record<string, string> = { [PLATFORM_HEADER]: PLATFORM_VALUE, 'Sec-Fetch-Site': 'same-origin' };

export interface Envelope {
  code: number;
  msg: string;
  [key: string]: unknown;
}

export class PortalClient {
  private publicKey: string | null = null;

  constructor(
    readonly url: string,
    readonly product = 'prod-api',
  ) {}

  /** One API call from "our page"; `clientIp` rides in X-Forwarded-For (the portal trusts it only with TRUST_PROXY). */
  async api(
    method: string,
    path: string,
    opts: { body?: unknown; cookie?: string; clientIp?: string } = {},
  ): Promise<{ body: Envelope; headers: Headers }> {
    const headers: Record<string, string> = { ...OUR_PAGE };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (opts.cookie) headers.Cookie = opts.cookie;
    if (opts.clientIp) headers['X-Forwarded-For'] = opts.clientIp;
    const res = await fetch(`${this.url}/${this.product}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    return { body: (await res.json()) as Envelope, headers: res.headers };
  }

  async encrypt(password: string): Promise<string> {
    this.publicKey ??= String((await this.api('GET', '/api/system/config/configKey/sys.login.publicKey')).body.msg);
    return encryptPassword(this.publicKey, password);
  }

  /** Registers (captcha off) and logs in; returns the `Cookie` header value of the session. */
  async register(username: string, password: string, clientIp?: string): Promise<string> {
    const { body } = await this.api('POST', '/api/member/reg', { body: { username, password: await this.encrypt(password) }, clientIp });
    if (body.code !== 200) throw new Error(`register ${username}: ${body.msg}`);
    return this.login(username, password, clientIp);
  }

  async login(username: string, password: string, clientIp?: string): Promise<string> {
    const { body, headers } = await this.api('POST', '/api/member/login', {
      body: { username, password: await this.encrypt(password), loginType: 'password' },
      clientIp,
    });
    const cookie = sessionCookie(headers.getSetCookie());
    if (body.code !== 200 || cookie === null) throw new Error(`login ${username}: ${body.msg}`);
    return cookie;
  }
}

export function encryptPassword(publicKeyPem: string, password: string): string {
  return publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(password, 'utf8')).toString('base64');
}

/** `member-token-nuxt=…` from a response's Set-Cookie lines, ready for a Cookie header. */
export function sessionCookie(setCookies: readonly string[]): string | null {
  const line = setCookies.find((c) => c.startsWith(`${TOKEN_COOKIE}=`));
  const pair = line?.split(';')[0];
  return pair && pair.length > TOKEN_COOKIE.length + 1 ? pair : null;
}
