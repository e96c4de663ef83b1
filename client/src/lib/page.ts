/** The contract between the router and a page module. */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Params } from 'react-router-dom';
import type { Http } from '../api/http';
import type { SessionStore } from './session';

/** What a page's data step may use: this environment's query client, request layer and session. */
export interface AppDeps {
  queryClient: QueryClient;
  http: Http;
  session: SessionStore;
  /** What the backend offers beyond spec §7 (lib/capabilities.ts), for loaders and the route table. */
  capabilities: ReadonlySet<string>;
}

export interface PageLoadArgs {
  deps: AppDeps;
  /** The validated `:id` of detail routes; null elsewhere. */
  id: number | null;
  url: URL;
  params: Params;
  request: Request;
}

/**
 * A page module: its component, and optionally the data it needs before it renders (prefetched
 * into the query cache; on the server that is what goes into the HTML and the dehydrated state).
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

/** The module of each route path of the spec table (client/src/app/pages.ts, mobile-pages.ts). */
export type PageImports = Readonly<Record<string, () => Promise<PageModule>>>;
