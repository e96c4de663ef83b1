/**
 * 导出Excel beside a list: the list with the page's filters as an .xlsx, for members;
 * visitors get a link to log in and come back; nothing without the backend's 'export' feature.
 * The quota's refusal and a file cut to the quota say so in a message.
 */
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginUrl } from '@shared/routes';
import { exportList, exportSummary, type ExportKind } from '../api';
import { ApiError } from '../../../lib/http/errors';
import { useHttp } from '../../../lib/http/context';
import { ExportGate } from './export-gate';
import { feedback } from '../../../lib/feedback';
import { saveFile } from '../../../lib/save-file';

interface ExportButtonProps {
  kind: ExportKind;
  /** The list's filters, as its own query takes them. */
  params: object;
  /** Beside a count (default) or among a page's full-size action buttons. */
  size?: 'small' | 'normal';
}

export function ExportButton({ kind, params, size = 'small' }: ExportButtonProps) {
  return (
    <ExportGate className={classOf(size)}>
      <MemberExportButton kind={kind} params={params} size={size} />
    </ExportGate>
  );
}

const classOf = (size: ExportButtonProps['size']) => (size === 'small' ? 'button button-small export-button' : 'button export-button');

function MemberExportButton({ kind, params, size }: ExportButtonProps) {
  const http = useHttp();
  const navigate = useNavigate();
  const location = useLocation();
  const download = useMutation({
    mutationFn: () => exportList(http, kind, params),
    onSuccess(file) {
      saveFile(file.blob, file.fileName);
      const summary = exportSummary(file);
      if (file.truncated) feedback.warning(summary);
      else feedback.success(summary);
    },
    onError(error) {
      feedback.error(error.message);
      if (error instanceof ApiError && error.code === 401) void navigate(loginUrl(location.pathname + location.search));
    },
  });
  return (
    <button type="button" className={classOf(size)} disabled={download.isPending} onClick={() => download.mutate()}>
      {download.isPending ? '导出中…' : '导出Excel'}
    </button>
  );
}
