/**
 * Routes are registered from the contract's ENDPOINTS table: the method, path and auth come from
 * there, and the function used must match the endpoint's `auth` (checked by the compiler), so the
 * served API cannot drift from the contract. createApp checks every endpoint was registered.
 */
import type { Request, Response, Router } from 'express';
import { ENDPOINTS, type Endpoint } from '@shared/contract/endpoints';
import { ApiError, forbidden, unauthorized } from './envelope';
import { secretsEqual } from './modules/auth/secure-compare';
import type { Session, TokenService } from './modules/auth/tokens';

type Body = object;
type Handler<Args extends unknown[]> = (req: Request, ...args: Args) => Body | Promise<Body>;

export interface Routes {
  /** auth 'public': any bearer is ignored. `noStore` for answers no cache may keep (captcha). */
  open(endpoint: Endpoint & { auth: 'public' }, handler: Handler<[]>, options?: { noStore?: boolean }): void;
  /** auth 'optional': the session when a valid bearer is present. */
  optional(endpoint: Endpoint & { auth: 'optional' }, handler: Handler<[session: Session | null]>): void;
  /** auth 'member': `{code: 401}` without a valid bearer. */
  member(endpoint: Endpoint & { auth: 'member' }, handler: Handler<[session: Session]>): void;
  /** auth 'admin': `{code: 403}` without the admin token in `X-Admin-Token`. */
  admin(endpoint: Endpoint & { auth: 'admin' }, handler: Handler<[]>): void;
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

export interface RouteOptions {
  /** BACKEND_EXTENSIONS: false leaves ext endpoints unserved (404 like the Java CMS), yet accounted for. */
  extensions: boolean;
}

export function createRoutes(router: Router, tokens: TokenService, adminToken: string, options: RouteOptions = { extensions: true }): RouteRegistry {
  const registered = new Set<Endpoint>();
  const served = new Set<Endpoint>();

  const add = (endpoint: Endpoint, privateResponse: boolean, run: (req: Request) => Body | Promise<Body>) => {
    registered.add(endpoint);
    if (endpoint.ext && !options.extensions) return;
    served.add(endpoint);
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    // Member and admin answers, and answers to writes (a login's token), are never stored by a cache.
    const noStore = privateResponse || endpoint.method !== 'GET';
    router[method](endpoint.path, async (req: Request, res: Response) => {
      if (noStore) res.set('Cache-Control', 'private, no-store');
      res.json(await run(req));
    });
  };

  const session = (req: Request) => tokens.resolve(req.get('authorization'));

  return {
    open: (endpoint, handler, options) => add(endpoint, options?.noStore ?? false, (req) => handler(req)),
    optional: (endpoint, handler) => add(endpoint, true, (req) => handler(req, session(req))),
    member: (endpoint, handler) =>
      add(endpoint, true, (req) => {
        const current = session(req);
        if (!current) throw unauthorized();
        return handler(req, current);
      }),
    admin: (endpoint, handler) =>
      add(endpoint, true, (req) => {
        if (!adminTokenMatches(req.get(ADMIN_TOKEN_HEADER), adminToken)) throw forbidden();
        return handler(req);
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
