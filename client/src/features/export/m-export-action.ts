/**
 * The phone's 导出Excel on the mobile site: ask what the file would
 * hold (HEAD, no cost; a refusal brings the backend's message), then let the browser download it
 * from its own address, as it downloads any link: iOS Safari and WeChat's in-app browser do not
 * save a Blob built by the page (docs/decisions/export.md).
 */
import { exportHref, exportInfo, exportSummary, type ExportKind } from './api';
import { type Http } from '../../lib/http/http';
import { ApiError } from '../../lib/http/errors';
import { saveFile } from '../../lib/save-file';

/** What the member is told (the rows and the quota left, or why not), or that the session ended. */
export type ExportOutcome = { message: string; tone: 'done' | 'warning' | 'error' } | { login: true };

export async function startExport(http: Http, kind: ExportKind, params: object): Promise<ExportOutcome> {
  try {
    const result = await exportInfo(http, kind, params);
    if ('blob' in result) saveFile(result.blob, result.fileName);
    else if (result.rows > 0) window.location.assign(exportHref(http, kind, params));
    return { message: exportSummary(result), tone: result.truncated ? 'warning' : 'done' };
  } catch (error) {
    if (error instanceof ApiError && error.code === 401) return { login: true };
    return { message: error instanceof Error ? error.message : '导出失败，请稍后再试', tone: 'error' };
  }
}
