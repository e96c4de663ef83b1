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
