/** Open data (ext, docs/api.md "Open data"): the feed's summary; the packages themselves are outside the envelope (paths.ts). */
import { endpoints } from '../contract/endpoint';

export const OCDS_ENDPOINTS = endpoints({
  ocdsSummary: { method: 'GET', path: '/api/ext/ocds/summary', auth: 'public', ext: true, feature: 'ocds' },
});
