/**
 * 导出Excel on the mobile lists and 我的收藏 on the phone: the list's search as an .xlsx.
 * Members get a button (its work in m-export-action.ts, in the list's own chunk: a chunk loaded
 * on the tap cost every mobile page more, docs/decisions/export.md); visitors a link to the
 * mobile login and back; nothing without the backend's 'export' feature. What the export did, or why it was refused (the quota's message
 * from the backend), shows under the toolbar.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginUrl } from '@shared/routes';
import type { ExportKind } from '../api';
import { useHttp } from '../../../lib/http/context';
import { ExportGate } from './export-gate';
import { startExport } from '../m-export-action';
import { useInAppBrowser } from '../../../components/mobile/m-detail-parts';

interface Note {
  text: string;
  tone: 'done' | 'warning' | 'error';
}

export function MobileExport({ kind, params }: { kind: ExportKind; params: object }) {
  return (
    <ExportGate className="m-button m-export">
      <MemberExport kind={kind} params={params} />
    </ExportGate>
  );
}

function MemberExport({ kind, params }: { kind: ExportKind; params: object }) {
  const http = useHttp();
  const navigate = useNavigate();
  const location = useLocation();
  const inApp = useInAppBrowser();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);

  const start = async () => {
    setBusy(true);
    setNote(null);
    try {
      const outcome = await startExport(http, kind, params);
      if ('login' in outcome) {
        void navigate(loginUrl(location.pathname + location.search));
        return;
      }
      const hint = inApp === 'wechat' && outcome.tone !== 'error' ? '；如未开始下载，请点右上角“…”在浏览器中打开后再导出' : '';
      setNote({ text: outcome.message + hint, tone: outcome.tone });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="m-button m-export" disabled={busy} onClick={() => void start()}>
        {busy ? '导出中…' : '导出Excel'}
      </button>
      {note ? (
        <p className={`m-export-note is-${note.tone}`} role={note.tone === 'error' ? 'alert' : 'status'}>
          {note.text}
        </p>
      ) : null}
    </>
  );
}
