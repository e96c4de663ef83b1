/**
 * Lists as .xlsx files (ext, docs/api.md): searches, favourites and the visit CRM. Each answers the
 * file, or the envelope when refused.
 */
import { endpoints } from '../contract/endpoint';

export const EXPORT_ENDPOINTS = endpoints({
  exportXmk: { method: 'GET', path: '/cms/export/xmk', auth: 'member', ext: true, feature: 'export' },
  exportZb: { method: 'GET', path: '/cms/export/zb', auth: 'member', ext: true, feature: 'export' },
  exportFavorites: { method: 'GET', path: '/cms/export/favorites', auth: 'member', ext: true, feature: 'export' },
  exportVisits: { method: 'GET', path: '/cms/export/visits', auth: 'member', ext: true, feature: 'export' },
});
