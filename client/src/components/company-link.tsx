/**
 * A tenderer's, agency's, winner's or owner's name, linked to its company page (issue 15) when the
 * backend offers companies and knows this name; plain text otherwise, so a spec-only backend shows
 * the names as before.
 */
import { Link } from 'react-router-dom';
import { useHasCapability } from '../lib/capabilities';

export const companyPath = (id: number) => `/company/${id}`;

export function CompanyLink({ name, id, fallback = '' }: { name: string | null | undefined; id: number | undefined; fallback?: string }) {
  const linked = useHasCapability('company');
  if (!name) return <>{fallback}</>;
  if (!linked || id === undefined) return <>{name}</>;
  return (
    <Link to={companyPath(id)} className="company-link">
      {name}
    </Link>
  );
}
