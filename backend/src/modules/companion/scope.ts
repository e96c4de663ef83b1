/**
 * What the companion answers (docs/decisions/companion.md): the extension calls whose data it can
 * own — alerts and their feeds and mail, notices over time (its push path), company pages, exports
 * of what it holds and the capabilities call. The extensions that read or change the CMS's own data
 * (profile, goods and orders, visit records, message replies, the login's proof of work, the
 * favourite stars, which must show a star the moment it is set at the CMS) stay with a backend that
 * owns members, and every spec call belongs to the CMS.
 */
import type { Endpoint } from '@shared/contract/endpoint';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { Feature } from '@shared/system/features';
import { ApiError } from '../../envelope';

const COMPANION_FEATURES: ReadonlySet<Feature> = new Set<Feature>([
  'capabilities',
  'alerts',
  'feeds',
  'lifecycle',
  'noticeTimeline',
  'company',
  'export',
]);

/** The visit CRM is the CMS's: its export stays there too. */
const LEFT_TO_THE_CMS: ReadonlySet<Endpoint> = new Set<Endpoint>([ENDPOINTS.exportVisits]);

export function companionServes(endpoint: Endpoint): boolean {
  return endpoint.ext === true && COMPANION_FEATURES.has(endpoint.feature) && !LEFT_TO_THE_CMS.has(endpoint);
}

export const MSG_CALL_THE_CMS = '此接口由 CMS 提供，扩展服务不处理';

/** A call the companion leaves to the CMS: 404, saying where it belongs. */
export const callTheCms = () => new ApiError(404, MSG_CALL_THE_CMS, 404);
