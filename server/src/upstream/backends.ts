/**
 * The portal's backends: the CMS (BACKEND_URL), which serves spec §7, and the extensions' backend
 * (EXT_BACKEND_URL), which serves every ext call of docs/api.md and the feed bodies. Unset, the
 * extensions' backend is the CMS itself: one client, one agent. Which of them answers a call is the
 * contract's word (`backendOfCall`, shared/src/contract/call-paths.ts); everything on the server
 * that talks to a backend by path — the proxy, the render, capabilities, feeds, the sitemap —
 * asks `of(path)` or calls through `call`, so no list of paths is kept here.
 */
import { backendOfCall } from '@shared/contract/call-paths';
import { BackendClient, type BackendAnswer, type BackendCall } from './backend-client';

/** What the server's own small calls need: an exchange by path (BackendClient has it, so does Backends). */
export type BackendCalls = Pick<BackendClient, 'call' | 'getEnvelope'>;

export class Backends implements BackendCalls {
  readonly cms: BackendClient;
  readonly ext: BackendClient;

  constructor(cmsURL: string, extURL?: string) {
    this.cms = new BackendClient(cmsURL);
    this.ext = extURL === undefined || extURL.replace(/\/+$/, '') === this.cms.baseURL ? this.cms : new BackendClient(extURL);
  }

  /** True when the ext calls have a backend of their own (EXT_BACKEND_URL set to another address). */
  get separate(): boolean {
    return this.ext !== this.cms;
  }

  /** Both backends, the CMS first; one when they are the same. */
  get all(): BackendClient[] {
    return this.separate ? [this.cms, this.ext] : [this.cms];
  }

  /** The backend that answers the call at `path` (relative to the API prefix, query allowed). */
  of(path: string): BackendClient {
    return backendOfCall(path) === 'ext' ? this.ext : this.cms;
  }

  call(call: BackendCall): Promise<BackendAnswer> {
    return this.of(call.path).call(call);
  }

  getEnvelope(...args: Parameters<BackendClient['getEnvelope']>): ReturnType<BackendClient['getEnvelope']> {
    return this.of(args[0]).getEnvelope(...args);
  }
}
