/**
 * `GET /api/ext/capabilities`: what this backend offers beyond spec §7, so the portal can
 * hide the rest. Derived from the contract — every ext endpoint names its feature — plus features
 * that depend on configuration rather than on a route (mail needs an SMTP server).
 */
import type { Endpoint } from '@shared/contract/endpoint';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { Feature } from '@shared/system/features';
import type { BackendConfig } from '../../config';
import { companionServes } from '../companion/scope';

/** Features a route cannot show: each returns its name when this configuration provides it. */
const CONFIGURED_FEATURES: ReadonlyArray<(config: BackendConfig) => Feature | null> = [
  // Alert mail needs an SMTP server (SMTP_URL).
  (config) => (config.smtpUrl ? 'mail' : null),
];

/** The features this backend serves, sorted; none when the extensions are off (the route is absent then too). */
export function capabilities(config: BackendConfig): Feature[] {
  if (!config.extensions) return [];
  const features = new Set<Feature>();
  for (const endpoint of Object.values(ENDPOINTS as Record<string, Endpoint>)) {
    if (endpoint.ext && (config.cmsUrl === undefined || companionServes(endpoint))) features.add(endpoint.feature);
  }
  // The proof of work goes with the captcha: off with CAPTCHA_ENABLED=false.
  if (!config.captchaEnabled) features.delete('pow');
  for (const configured of CONFIGURED_FEATURES) {
    const feature = configured(config);
    if (feature) features.add(feature);
  }
  return [...features].sort();
}
