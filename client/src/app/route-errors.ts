import { data, redirect } from 'react-router-dom';
import { loginUrl } from '@shared/routes';
import { ApiError, errorStatus } from '../lib/http/errors';
import type { AppDeps } from '../lib/page';

export function notFound(): never {
  throw data({ message: '访问资源不存在' }, { status: 404 });
}

/**
 * Data errors become route errors with the status of spec §8. A body code 401 is the internal
 * redirect signal: the member's session is over, so the navigation goes to login instead of an
 * error page. An HTTP 401 on a transport error (no envelope) is spec §8's "member logged out, no
 * redirect": the session is cleared and the navigation ends on the error page of its status.
 */
export function toRouteError(deps: AppDeps, error: unknown, url: URL): never {
  if (error instanceof Response) throw error;
  if (error instanceof ApiError && error.code === 401) {
    deps.session.clear();
    if (error.kind === 'response') throw redirect(loginUrl(url.pathname + url.search + url.hash));
  }
  const message = error instanceof Error ? error.message : '系统未知错误，请反馈给管理员';
  throw data({ message }, { status: errorStatus(error) });
}
