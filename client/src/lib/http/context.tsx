import { createContext, useContext, type ReactNode } from 'react';
import type { Http } from './http';

/** The environment's request layer: one per browser tab, one per request on the server. */
const HttpContext = createContext<Http | null>(null);

export function HttpProvider({ http, children }: { http: Http; children: ReactNode }) {
  return <HttpContext.Provider value={http}>{children}</HttpContext.Provider>;
}

export function useHttp(): Http {
  const http = useContext(HttpContext);
  if (!http) throw new Error('useHttp outside HttpProvider');
  return http;
}
