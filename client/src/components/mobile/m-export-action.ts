/**
 * The phone's 导出Excel, loaded on the tap (issue 15 on the mobile site): ask what the file would
 * hold (HEAD, no cost; a refusal brings the backend's message), then let the browser download it
 * from its own address, as it downloads any link: iOS Safari and WeChat's in-app browser do not
 * save a Blob built by the page (docs/decisions.md "Issue 15 — export on the phone").
 */
import { exportHref, exportInfo, exportSummary, type ExportKind } from '../../api/export';
import type { Http } from '../../api/http';
import { saveFile } from '../../lib/save-file';

export interface ExportStarted {
  /** What the member is told: the rows, the quota left, or that nothing matched. */
  message: string;
  /** The quota cut the file. */
  truncated: boolean;
}

export async function startExport(http: Http, kind: ExportKind, params: object): Promise<ExportStarted> {
  const result = await exportInfo(http, kind, params);
  if ('blob' in result) saveFile(result.blob, result.fileName);
  else if (result.rows > 0) window.location.assign(exportHref(http, kind, params));
  return { message: exportSummary(result), truncated: result.truncated };
}
