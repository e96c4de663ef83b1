/**
 * Export to Excel (ext feature 'export'): the list a member is looking at, as an .xlsx.
 * The answer is a file, or the envelope when refused (quota, login), so it is read as a blob and
 * the envelope checked here rather than by the JSON interceptor.
 */
import { EXPORT_ENDPOINTS } from '@shared/export/endpoints';
import { type Download, type Http } from '../../lib/http/http';
import { ApiError } from '../../lib/http/errors';

/** Which list: the searches, 我的收藏, the visit CRM's clients with their records. */
export type ExportKind = 'xmk' | 'zb' | 'favorites' | 'visits';

const BY_KIND = {
  xmk: EXPORT_ENDPOINTS.exportXmk,
  zb: EXPORT_ENDPOINTS.exportZb,
  favorites: EXPORT_ENDPOINTS.exportFavorites,
  visits: EXPORT_ENDPOINTS.exportVisits,
} as const;

/** A large export streams for a while: longer than an ordinary call's budget. */
const EXPORT_TIMEOUT_MS = 120_000;

/** What the export headers say about a file. */
export interface ExportInfo {
  /** rows in the file */
  rows: number;
  /** cut to the day's remaining quota */
  truncated: boolean;
  /** rows the member may still export today */
  remaining: number;
}

export interface ExportFile extends ExportInfo {
  blob: Blob;
  fileName: string;
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

const isFile = (response: Download) =>
  response.data.type.includes('spreadsheetml') || headerOf(response, 'content-type')?.includes('spreadsheetml');

function headerOf(response: Download, name: string): string | undefined {
  const value: unknown = response.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function infoOf(response: Download): ExportInfo {
  return {
    rows: Number(headerOf(response, 'x-export-rows') ?? 0),
    truncated: headerOf(response, 'x-export-truncated') === '1',
    remaining: Number(headerOf(response, 'x-export-remaining') ?? 0),
  };
}

/** Refused: the envelope, with the backend's message (the quota's says how many rows a day). */
async function refusal(blob: Blob): Promise<ApiError> {
  let body: { code?: unknown; msg?: unknown } = {};
  try {
    body = JSON.parse(await blob.text()) as typeof body;
  } catch {
    // not JSON: reported as unknown below
  }
  return new ApiError(typeof body.msg === 'string' && body.msg ? body.msg : '导出失败，请稍后再试', {
    kind: 'response',
    code: typeof body.code === 'number' ? body.code : 500,
  });
}

function fileOf(response: Download, kind: ExportKind): ExportFile {
  return {
    ...infoOf(response),
    blob: response.data,
    fileName: fileNameOf(headerOf(response, 'content-disposition'), `${kind}.xlsx`),
  };
}

/** GET /cms/export/{xmk,zb,favorites,visits} — the list with these filters as an .xlsx file. */
export async function exportList(http: Http, kind: ExportKind, params: object): Promise<ExportFile> {
  const response = await http.download(BY_KIND[kind].path, { params, timeout: EXPORT_TIMEOUT_MS });
  if (!isFile(response)) throw await refusal(response.data);
  return fileOf(response, kind);
}

/**
 * HEAD /cms/export/… — what the file would hold, at no cost. A refusal is asked again with a GET
 * for the backend's message (a refusal comes before any row and costs nothing); should that GET
 * bring the file after all (the member's other export ended in between), the file is answered.
 */
export async function exportInfo(http: Http, kind: ExportKind, params: object): Promise<ExportInfo | ExportFile> {
  const head = await http.download(BY_KIND[kind].path, { params, method: 'head' });
  return isFile(head) ? infoOf(head) : exportList(http, kind, params);
}

/** What a member is told about an export (both sites). */
export function exportSummary(info: ExportInfo): string {
  if (info.truncated) return `已达今日导出额度，本次导出前 ${info.rows} 条`;
  return info.rows > 0 ? `已导出 ${info.rows} 条，今日还可导出 ${info.remaining} 条` : '没有符合条件的数据';
}

/** The address the browser downloads the file from itself (phones: docs/decisions/export.md). */
export function exportHref(http: Http, kind: ExportKind, params: object): string {
  return http.href(BY_KIND[kind].path, params);
}
