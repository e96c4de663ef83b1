import { RouteLink } from './route-link';
import { useSite } from '../lib/site';

/** The site's logo and name, linking home: the header's, and the /3g page's. */
export function SiteLogo() {
  const site = useSite();
  return (
    <RouteLink to="/" className="site-logo" aria-label={`${site.name}首页`}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill="#409EFF" />
        <path d="M7 24V12l9-5 9 5v12h-6v-7h-6v7z" fill="#fff" />
      </svg>
      <span className="site-logo-text">{site.name}</span>
    </RouteLink>
  );
}
