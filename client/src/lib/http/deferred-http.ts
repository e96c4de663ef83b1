import { MESSAGES } from '@shared/constants';
import { ApiError } from './errors';
import { hrefOf, type Http, type HttpOptions } from './http';

/**
 * The browser's request layer: the same layer, with axios (~20 KB gzip) loaded by the
 * first call instead of with the page. A server-rendered page hydrates from the data it came with,
 * so a phone runs the page before it has downloaded axios.
 */
export function createDeferredHttp(opts: HttpOptions): Http {
  let loading: Promise<Http> | null = null;
  const load = () =>
    (loading ??= import('./axios-http').then(
      (layer) => layer.createHttp(opts),
      () => {
        // The chunk did not come (offline, or a deployment replaced it): the call failed to connect.
        loading = null;
        throw new ApiError(MESSAGES.network, { kind: 'transport', code: 502, status: 502 });
      },
    ));
  return {
    call: async (endpoint, call) => (await load()).call(endpoint, call),
    get: async (url, o) => (await load()).get(url, o),
    post: async (url, data, o) => (await load()).post(url, data, o),
    put: async (url, data, o) => (await load()).put(url, data, o),
    delete: async (url, o) => (await load()).delete(url, o),
    download: async (url, o) => (await load()).download(url, o),
    href: (url, params) => hrefOf(opts.baseURL, url, params),
  };
}
