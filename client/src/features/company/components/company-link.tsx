/**
 * A tenderer's, agency's, winner's or owner's name, linked to its company page when the
 * backend offers companies and knows this name; plain text otherwise, so a spec-only backend shows
 * the names as before. On the mobile site the link is the mobile company page.
 */
import { useLocation } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import { companyPath, mobileCompanyPath } from '@shared/company/paths';
import { isMobilePath } from '@shared/routes';
import { useHasCapability } from '../../../lib/capabilities';

export function CompanyLink({ name, id, fallback = '' }: { name: string | null | undefined; id: number | undefined; fallback?: string }) {
  const linked = useHasCapability('company');
  const mobile = isMobilePath(useLocation().pathname);
  if (!name) return <>{fallback}</>;
  if (!linked || id === undefined) return <>{name}</>;
  return (
    <RouteLink to={mobile ? mobileCompanyPath(id) : companyPath(id)} className="company-link">
      {name}
    </RouteLink>
  );
}
