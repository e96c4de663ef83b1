/**
 * Links to the portal's own pages as plain `<a href>`: no router hook per link. React Router's
 * `Link` resolves its path and subscribes to the location in every instance, which on a list page
 * (≈180 links) was an eighth of the server's render time; these links carry an absolute path
 * already, so there is nothing to resolve. One listener on the document (`useRouteLinks`, mounted
 * once by the root route) hands their plain left-clicks to the router's `navigate`, as `Link` does:
 * a click with a modifier key, a middle click, a `target` other than `_self`, `download`, another
 * origin or a click the page already prevented stays the browser's.
 *
 * Use `Link`/`NavLink` where a link needs more: relative paths, `state`, `replace`, active states.
 */
import { useEffect, type AnchorHTMLAttributes } from 'react';
import { createPath, useLocation, useNavigate } from 'react-router-dom';

/** The attribute that marks a link for the router; links without it are left to the browser. */
const MARK = 'data-spa';

export interface RouteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path on this site ("/zb/12?from=list"); an absolute URL is an ordinary link. */
  to: string;
  /** Load the page as a new document instead of rendering it in the app. */
  reloadDocument?: boolean;
}

/** An absolute path on this origin ("/zb"), not a protocol-relative URL ("//host/…"). */
function isSitePath(to: string): boolean {
  return to.startsWith('/') && !to.startsWith('//');
}

export function RouteLink({ to, reloadDocument = false, ...rest }: RouteLinkProps) {
  const routed = !reloadDocument && isSitePath(to);
  return <a {...rest} href={to} {...(routed ? { [MARK]: '' } : null)} />;
}

/**
 * Where a click on the page should take the app, or null when the browser should handle it (the
 * same rules as React Router's `Link`).
 */
export function routedClickTarget(event: MouseEvent, origin: string): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest(`a[${MARK}]`) : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href);
  if (url.origin !== origin) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * The one listener behind every `RouteLink`. A link to the page on show replaces the history
 * entry instead of adding one, like `Link`.
 */
export function useRouteLinks(): void {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const here = createPath(location);
    const onClick = (event: MouseEvent) => {
      const to = routedClickTarget(event, window.location.origin);
      if (to === null) return;
      event.preventDefault();
      void navigate(to, { replace: to === here });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate, location]);
}
