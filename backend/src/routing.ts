/**
 * Routes are registered from the contract's ENDPOINTS table: the method, path and auth come from
 * there, and the function used must match the endpoint's `auth` (checked by the compiler), so the
 * served API cannot drift from the contract. createApp checks every endpoint was registered.
 *
 * Every request is parsed here, and only here, with the endpoint's params, query and body schemas
 * (SCHEMAS, under the endpoint's name), after the auth check: handlers receive the parsed, typed
 * `input`. A refused input answers `{code: 500, msg}` naming the field, as RuoYi does.
 */
import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import { setRouteGroup } from '@portal/metrics';
import type { Endpoint } from '@shared/contract/endpoint';
import { ENDPOINTS, type AnyEndpoint } from '@shared/contract/endpoints';
import type { EndpointSchemas } from '@shared/contract/envelopes';
import { firstProblem } from '@shared/contract/fields';
import { SCHEMAS, type Schemas } from '@shared/contract/schemas';
import { ApiError, forbidden, invalid, unauthorized } from './envelope';
import { secretsEqual } from './modules/auth/secure-compare';
import type { Session, TokenService } from './modules/auth/tokens';

type Body = object;
type Part = 'params' | 'query' | 'body';
type Parsed<E extends AnyEndpoint, P extends Part> = Schemas[E['name']] extends { [K in P]: infer S extends z.ZodType }
  ? z.output<S>
  : Record<string, never>;

/** A request's parsed path values, query and body. */
export interface Input<E extends AnyEndpoint> {
  params: Parsed<E, 'params'>;
  query: Parsed<E, 'query'>;
  body: Parsed<E, 'body'>;
}

type Handler<Args extends unknown[]> = (req: Request, ...args: Args) => Body | Promise<Body>;
type FileHandler<Args extends unknown[]> = (req: Request, res: Response, ...args: Args) => Promise<void>;

export interface Routes {
  /** auth 'public': any bearer is ignored. `noStore` for answers no cache may keep (captcha). */
  open<E extends AnyEndpoint & { auth: 'public' }>(endpoint: E, handler: Handler<[input: Input<E>]>, options?: { noStore?: boolean }): void;
  /** auth 'optional': the session when a valid bearer is present. */
  optional<E extends AnyEndpoint & { auth: 'optional' }>(endpoint: E, handler: Handler<[session: Session | null, input: Input<E>]>): void;
  /** auth 'member': `{code: 401}` without a valid bearer. */
  member<E extends AnyEndpoint & { auth: 'member' }>(endpoint: E, handler: Handler<[session: Session, input: Input<E>]>): void;
  /**
   * auth 'member', answered with a file the handler writes to `res` itself (the Excel exports). A
   * refusal thrown before the handler sends anything answers the usual envelope.
   */
  memberFile<E extends AnyEndpoint & { auth: 'member' }>(endpoint: E, handler: FileHandler<[session: Session, input: Input<E>]>): void;
  /** auth 'admin': `{code: 403}` without the admin token in `X-Admin-Token`. */
  admin<E extends AnyEndpoint & { auth: 'admin' }>(endpoint: E, handler: Handler<[input: Input<E>]>): void;
}

/** Parse or refuse with the first problem's message (which names the field). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(firstProblem(result.error));
  return result.data;
}

/** The endpoint's schemas applied to one request: path values, then query, then body. */
function inputOf<E extends AnyEndpoint>(endpoint: E, req: Request): Input<E> {
  const schemas: EndpointSchemas = SCHEMAS[endpoint.name];
  const part = (schema: z.ZodType | undefined, value: unknown) => (schema ? parseInput(schema, value) : {});
  return {
    params: part(schemas.params, req.params),
    query: part(schemas.query, req.query),
    body: part(schemas.body, req.body),
  } as Input<E>;
}

export const ADMIN_TOKEN_HEADER = 'x-admin-token';

function adminTokenMatches(presented: string | undefined, expected: string): boolean {
  return presented !== undefined && secretsEqual(presented, expected);
}

export interface RouteRegistry extends Routes {
  /** Endpoints of ENDPOINTS nobody registered (ext ones count as registered when the extensions are off). */
  missing(): string[];
  /** Answers other methods on known paths with 405. Call after every module registered. */
  finish(): void;
}

/**
 * A member's write, as the write rate counts it (member/quota.ts): every call that changes stored data,
 * and createRandomPassword, a GET that does.
 */
export function isMemberWrite(endpoint: Endpoint): boolean {
  return endpoint.method !== 'GET' || endpoint === ENDPOINTS.createRandomPassword;
}

export interface RouteOptions {
  /** BACKEND_EXTENSIONS: false leaves ext endpoints unserved (404 like the Java CMS), yet accounted for. */
  extensions: boolean;
  /**
   * Which endpoints this backend answers (default: spec calls, and ext ones with the extensions on).
   * One it does not answers 404 with `refusal` (default: the unknown path's answer).
   */
  serves?: (endpoint: Endpoint) => boolean;
  refusal?: () => ApiError;
  /** Who a bearer is (default: this backend's own tokens). The companion asks the CMS. */
  resolveSession?: (authorization: string | undefined) => Session | null | Promise<Session | null>;
  /**
   * Counts a member's write, before the input is read, so refused input costs a write too and probing
   * is throttled like writing; it throws the 429 answer when the member is over the rate.
   */
  takeWrite?: (memberId: number) => void;
}

export function createRoutes(
  router: Router,
  tokens: TokenService,
  adminToken: string,
  options: RouteOptions = { extensions: true },
): RouteRegistry {
  const takeWrite = options.takeWrite ?? (() => undefined);
  const serves = options.serves ?? ((endpoint: Endpoint) => !endpoint.ext || options.extensions);
  const registered = new Set<Endpoint>();
  const served = new Set<Endpoint>();

  const add = (endpoint: Endpoint, privateResponse: boolean, run: (req: Request) => Body | Promise<Body>) =>
    serve(endpoint, privateResponse, async (req, res) => {
      res.json(await run(req));
    });

  const serve = (endpoint: Endpoint, privateResponse: boolean, respond: (req: Request, res: Response) => Promise<void>) => {
    registered.add(endpoint);
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    if (!serves(endpoint)) {
      const refusal = options.refusal;
      if (refusal) {
        router[method](endpoint.path, () => {
          throw refusal();
        });
      }
      return;
    }
    served.add(endpoint);
    // Member and admin answers, and answers to writes (a login's token), are never stored by a cache.
    const noStore = privateResponse || endpoint.method !== 'GET';
    router[method](endpoint.path, async (req: Request, res: Response) => {
      setRouteGroup(res, endpoint.name);
      if (noStore) res.set('Cache-Control', 'private, no-store');
      await respond(req, res);
    });
  };

  const resolveSession = options.resolveSession ?? ((authorization: string | undefined) => tokens.resolve(authorization));
  const session = (req: Request) => resolveSession(req.get('authorization'));

  return {
    open: (endpoint, handler, options) => add(endpoint, options?.noStore ?? false, (req) => handler(req, inputOf(endpoint, req))),
    optional: (endpoint, handler) =>
      add(endpoint, true, async (req) => {
        const current = await session(req);
        if (current && isMemberWrite(endpoint)) takeWrite(current.memberId);
        return handler(req, current, inputOf(endpoint, req));
      }),
    member: (endpoint, handler) =>
      add(endpoint, true, async (req) => {
        const current = await session(req);
        if (!current) throw unauthorized();
        if (isMemberWrite(endpoint)) takeWrite(current.memberId);
        return handler(req, current, inputOf(endpoint, req));
      }),
    memberFile: (endpoint, handler) =>
      serve(endpoint, true, async (req, res) => {
        const current = await session(req);
        if (!current) throw unauthorized();
        return handler(req, res, current, inputOf(endpoint, req));
      }),
    admin: (endpoint, handler) =>
      add(endpoint, true, (req) => {
        if (!adminTokenMatches(req.get(ADMIN_TOKEN_HEADER), adminToken)) throw forbidden();
        return handler(req, inputOf(endpoint, req));
      }),
    missing: () =>
      Object.entries(ENDPOINTS)
        .filter(([, endpoint]) => !registered.has(endpoint))
        .map(([name]) => name),
    finish() {
      const methodsByPath = new Map<string, string[]>();
      for (const endpoint of served) {
        methodsByPath.set(endpoint.path, [...(methodsByPath.get(endpoint.path) ?? []), endpoint.method]);
      }
      for (const [path, methods] of methodsByPath) {
        router.all(path, (_req, res) => {
          res.set('Allow', [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])].join(', '));
          throw new ApiError(405, '请求方法不被支持', 405);
        });
      }
    },
  };
}
