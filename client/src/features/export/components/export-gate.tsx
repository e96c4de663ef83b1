/**
 * Who sees 导出Excel (both sites): nobody when the backend lacks the 'export' feature,
 * a visitor a link to the login (the mobile one on /m) that comes back to this page, a member
 * the site's own button.
 */
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import { loginUrl } from '@shared/routes';
import { useHasCapability } from '../../../lib/capabilities';
import { useSession } from '../../../lib/session';

export function ExportGate({ className, children }: { className: string; children: ReactNode }) {
  const available = useHasCapability('export');
  const session = useSession();
  const location = useLocation();
  if (!available) return null;
  if (!session.isLogin) {
    return (
      <RouteLink className={className} to={loginUrl(location.pathname + location.search)}>
        登录后导出Excel
      </RouteLink>
    );
  }
  return children;
}
