/**
 * Export to Excel (issue 15, ext feature 'export'): the list a member is looking at, as an .xlsx.
 * The answer is a file, or the envelope when refused (quota, login), so it is read as a blob and
 * the envelope checked here rather than by the JSON interceptor.
 */
import { ENDPOINTS } from '@shared/contract/endpoints';
import { ApiError, type Http } from './http';

/** Which list: the searches, 我的收藏, the visit CRM's clients with their records. */
export type ExportKind = 'xmk' | 'zb' | 'favorites' | 'visits';

const EXPORT_ENDPOINTS = {
  xmk: ENDPOINTS.exportXmk,
  zb: ENDPOINTS.exportZb,
  favorites: ENDPOINTS.exportFavorites,
  visits: ENDPOINTS.exportVisits,
} as const;

/** A large export streams for a while: longer than an ordinary call's budget. */
const EXPORT_TIMEOUT_MS = 120_000;

export interface ExportFile {
  blob: Blob;
  fileName: string;
  /** rows in the file */
  rows: number;
  /** cut to the day's remaining quota */
  truncated: boolean;
  /** rows the member may still export today */
  remaining: number;
}

/** `filename*=UTF-8''…` (RFC 5987) when present, else `filename="…"`. */
export function fileNameOf(disposition: string | undefined, fallback: string): string {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** GET /cms/export/{xmk,zb,favorites,visits} — the list with these filters as an .xlsx file. */
export async function exportList(http: Http, kind: ExportKind, params: object): Promise<ExportFile> {
  const response = await http.download(EXPORT_ENDPOINTS[kind].path, { params, timeout: EXPORT_TIMEOUT_MS });
  const blob = response.data;
  if (!blob.type.includes('spreadsheetml')) {
    // Refused: the envelope, with the backend's message (the quota's says how many rows a day).
    let body: { code?: unknown; msg?: unknown } = {};
    try {
      body = JSON.parse(await blob.text()) as typeof body;
    } catch {
      // not JSON: reported as unknown below
    }
    throw new ApiError(typeof body.msg === 'string' && body.msg ? body.msg : '导出失败，请稍后再试', {
      kind: 'response',
      code: typeof body.code === 'number' ? body.code : 500,
    });
  }
  const header = (name: string) => {
    const value: unknown = response.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    blob,
    fileName: fileNameOf(header('content-disposition'), `${kind}.xlsx`),
    rows: Number(header('x-export-rows') ?? 0),
    truncated: header('x-export-truncated') === '1',
    remaining: Number(header('x-export-remaining') ?? 0),
  };
}
