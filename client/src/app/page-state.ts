import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router-dom';
import type { PortalSettings } from '../lib/portal-settings';
import type { MemberState } from '../lib/session';
import type { DocumentAssets } from './document';

/** Everything the server hands the browser in the page's state script. Nothing secret. */
export interface PageState {
  /** API prefix: the SPA calls `/<product>/…` (spec §7). */
  product: string;
  session: MemberState;
  /** React Query cache of the data the server rendered. */
  rq: DehydratedState;
  /** React Router's loader data and route errors, in its hydration format. */
  router: HydrationState;
  assets: DocumentAssets;
  /** Public deployment settings (SITE_URL, MOBILE_SITE_URL). */
  settings: PortalSettings;
}
