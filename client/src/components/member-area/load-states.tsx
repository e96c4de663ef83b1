/**
 * Loading and failure states for data a member page fetches after it has rendered (a project's
 * companies, a client's records in a dialog). Page data itself arrives with the HTML, and its
 * failures are the error page's job.
 */
import { Skeleton } from 'antd';

export function LoadingBlock({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div className="load-block" role="status" aria-label={label}>
      <Skeleton active title={false} paragraph={{ rows }} />
    </div>
  );
}

export function FailedBlock({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="load-failed" role="alert">
      <p>{message || '加载失败'}</p>
      <button type="button" className="button button-small" onClick={onRetry}>
        重新加载
      </button>
    </div>
  );
}
