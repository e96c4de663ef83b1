/**
 * The contract rules every request layer applies (spec §5–§8), in one place: the headers a call
 * carries, what an answer's envelope means, what a failed transport means, and the development
 * check of an answer against its endpoint's schema. The browser's layer (axios-http.ts) and the
 * server's (node-http.ts) both call these.
 */
import { IS_TOKEN_HEADER, MESSAGES, PLATFORM_HEADER, PLATFORM_VALUE } from '@shared/constants';
import type { AnyEndpoint } from '@shared/contract/endpoints';
import type { EndpointSchemas } from '@shared/contract/envelopes';
import { ApiError } from './errors';
import type { ResponseOf } from './http';

/** spec §8: messages the client shows for these body codes instead of the server's. */
const CODE_MESSAGES: Record<number, string> = {
  401: MESSAGES.unauthorized,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
};

type Envelope = { code?: unknown; msg?: unknown };

/**
 * spec §6: the platform header on every call; the bearer unless the call opts out. The browser
 * holds no token: its opt-out travels to the proxy as a header, which obeys and strips it.
 */
export function callHeaders(token: string | undefined, isToken: boolean | undefined): Record<string, string> {
  if (isToken === false) return { [PLATFORM_HEADER]: PLATFORM_VALUE, [IS_TOKEN_HEADER]: 'false' };
  return token ? { [PLATFORM_HEADER]: PLATFORM_VALUE, Authorization: `Bearer ${token}` } : { [PLATFORM_HEADER]: PLATFORM_VALUE };
}

/** What a 2xx answer's body says: the body of a `code: 200`, or the failure it stands for (spec §8). */
export type EnvelopeVerdict =
  { ok: true } | { ok: false; error: ApiError; notice: 'toast' | 'notification' | 'unauthorized' | null; unrecognised?: true };

/** `isRedirect`: a body 401 sends the member to login in this environment (spec §8). */
export function readEnvelope(body: unknown, isRedirect: boolean): EnvelopeVerdict {
  if (body === null || typeof body !== 'object') {
    return { ok: false, error: new ApiError(MESSAGES.unknown, { kind: 'response', code: 500 }), notice: 'toast', unrecognised: true };
  }
  const envelope = body as Envelope;
  const code = typeof envelope.code === 'number' ? envelope.code : 200;
  if (code === 200) return { ok: true };
  const serverMsg = typeof envelope.msg === 'string' ? envelope.msg : '';
  const msg = CODE_MESSAGES[code] ?? (serverMsg || MESSAGES.unknown);
  if (code === 401) return { ok: false, error: new ApiError(msg, { kind: 'response', code, isRedirect }), notice: 'unauthorized' };
  return { ok: false, error: new ApiError(msg, { kind: 'response', code }), notice: code === 500 ? 'toast' : 'notification' };
}

/**
 * A call that got no envelope back: an HTTP error status (with or without a body), a timeout, or
 * no connection. The proxy answers 502/504 with a Chinese msg; without one, say what kind of
 * failure it was.
 */
export function transportError(status: number | undefined, body: unknown, timedOut: boolean): ApiError {
  const envelope = (body !== null && typeof body === 'object' ? body : undefined) as Envelope | undefined;
  const message =
    typeof envelope?.msg === 'string' && envelope.msg
      ? envelope.msg
      : timedOut
        ? MESSAGES.timeout
        : status
          ? `系统接口${status}异常`
          : MESSAGES.network;
  const fallbackStatus = status ?? (timedOut ? 504 : 502);
  return new ApiError(message, {
    kind: 'transport',
    code: typeof envelope?.code === 'number' ? envelope.code : fallbackStatus,
    status: fallbackStatus,
  });
}

/**
 * Answers are checked against the contract in development and tests only: a production build
 * trusts the backend (a newer backend may answer more than this build knows), and skips the work.
 */
const CHECK_RESPONSES = import.meta.env.DEV;
/** The schemas to check answers with (they bring zod), loaded with this module where answers are checked. */
const contract = CHECK_RESPONSES ? Promise.all([import('@shared/contract/schemas'), import('@shared/contract/fields')]) : null;

/** The answer of `endpoint`, checked against its response schema where answers are checked. */
export async function checkedAnswer<E extends AnyEndpoint>(
  endpoint: E,
  url: string,
  body: unknown,
  log: (message: string, error: unknown) => void,
): Promise<ResponseOf<E>> {
  if (!contract) return body as ResponseOf<E>;
  const [{ SCHEMAS }, { firstProblem }] = await contract;
  const schemas: EndpointSchemas = SCHEMAS[endpoint.name];
  const checked = schemas.response.safeParse(body);
  if (checked.success) return checked.data as ResponseOf<E>;
  log(`answer breaks the contract: ${endpoint.method} ${url}: ${firstProblem(checked.error)}`, body);
  throw new ApiError(MESSAGES.unknown, { kind: 'response', code: 500 });
}
