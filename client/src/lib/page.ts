/** The contract between the router and a page module. */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createContext, type Params } from 'react-router-dom';
import type { Http } from './http/http';
import type { SessionStore } from './session';

// Loaders and middleware get React Router's typed context (`context.get(appDeps)`), not `any`.
declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}

/** What a page's data step may use: this environment's query client, request layer and session. */
export interface AppDeps {
  queryClient: QueryClient;
  http: Http;
  session: SessionStore;
  /** What the backend offers beyond spec §7 (lib/capabilities.ts), for loaders and the route table. */
  capabilities: ReadonlySet<string>;
}

/**
 * Where middleware and loaders find their navigation's deps: the browser's one set (the router's
 * `getContext`), or on the server each request's own (`query(request, { requestContext })`), so
 * one route tree serves every render.
 */
export const appDeps = createContext<AppDeps>();

/**
 * The `#hash` of the location being opened. React Router's request leaves it out (a server never
 * sees one either), so the browser's router passes a way to read it from its navigation state; a
 * guard that sends the member to login keeps it in `redirect`.
 */
export const navigationHash = createContext<() => string>(() => '');

export interface PageLoadArgs {
  deps: AppDeps;
  /** The validated `:id` of detail routes; null elsewhere. */
  id: number | null;
  url: URL;
  params: Params;
  request: Request;
}

/**
 * A page module, loaded by its route's `lazy`: its component, and optionally the data it needs
 * before it renders (prefetched into the query cache; on the server that is what goes into the
 * HTML and the dehydrated state).
 */
export interface PageModule {
  Component: ComponentType;
  load?: (args: PageLoadArgs) => Promise<unknown>;
}

/** The body of a route error that says more than its status: why, and where to go instead. */
export interface RouteErrorBody {
  message: string;
  detail?: string;
  link?: { href: string; text: string };
}

/**
 * A 404 that explains itself (a page number past the last page) and links to what exists. A
 * Response, so route loaders pass it through unchanged and the error boundary reads its body.
 */
export function notFoundResponse(body: RouteErrorBody): Response {
  return Response.json(body, { status: 404, statusText: 'Not Found' });
}

/**
 * The module of each route path of the spec table (client/src/app/pages.ts, mobile-pages.ts);
 * `null` for a path of the other site, which the browser opens as a document of its own.
 */
export type PageImports = Readonly<Record<string, (() => Promise<PageModule>) | null>>;
