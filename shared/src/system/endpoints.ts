/** System module (spec §7): configs, dictionaries and token refresh, and what this backend offers beyond the spec. */
import { endpoints } from '../contract/endpoint';

export const SYSTEM_ENDPOINTS = endpoints({
  configKey: { method: 'GET', path: '/api/system/config/configKey/:key', auth: 'public' },
  dictData: { method: 'GET', path: '/api/system/dict/data/type/:type', auth: 'public' },
  refreshToken: { method: 'GET', path: '/cms/system/RefreshToken', auth: 'member' },
  /** What this backend offers beyond spec §7 (data: Feature names); the Java CMS answers 404. */
  capabilities: { method: 'GET', path: '/api/ext/capabilities', auth: 'public', ext: true, feature: 'capabilities' },
});
