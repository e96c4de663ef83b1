/**
 * The portal's links: every `<Link>` and `<NavLink>` of the client comes from here (eslint forbids
 * React Router's). Theirs carry framework-mode machinery this portal never uses (route-module
 * prefetching, lazy route discovery, view transitions): ~2.7 KB gzip of every first load, the
 * mobile site's budget included (issue 14, docs/decisions.md). These do what the portal's links
 * need, as React Router's own do:
 * - the href comes from the router (`useHref`), so relative targets and search strings resolve alike;
 * - a plain left click navigates in the app (`useLinkClickHandler`: no modifier key, no other
 *   target, not prevented by the caller's own onClick); anything else is the browser's;
 * - an absolute URL (`https://…`, `//…`) is an ordinary link, a whole page load;
 * - NavLink marks the link to the current page with the `active` class and `aria-current="page"`.
 */
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router-dom';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current history entry instead of adding one (default: only when `to` is where we are). */
  replace?: boolean;
  /** History state for the page opened. */
  state?: unknown;
  /** Keep the scroll position (a filter link that only changes the list below it). */
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export function Link({ to, replace, state, preventScrollReset, target, onClick, ref, ...rest }: LinkProps) {
  const external = typeof to === 'string' && ABSOLUTE_URL.test(to);
  // Hooks run on every render; an absolute URL resolves nothing and navigates as the browser does.
  const inApp = external ? '.' : to;
  const href = useHref(inApp);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(inApp, { replace, state, preventScrollReset, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!external && !event.defaultPrevented) navigate(event);
  };
  return <a {...rest} ref={ref} href={external ? (to as string) : href} target={target} onClick={handleClick} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** A string gets ` active` appended on the current page; a function decides for itself. */
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  /** Active on this path only, not on the paths below it. */
  end?: boolean;
}

/** Whether `to` is the current page (or, without `end`, a page above it): React Router's rule. */
function useIsActive(to: To, end: boolean): boolean {
  const target = useResolvedPath(to).pathname;
  const current = useLocation().pathname;
  if (current === target) return true;
  if (end || !current.startsWith(target)) return false;
  // `/zb` is above `/zb/12` but not above `/zbx`; a target ending in `/` ends at that slash.
  const boundary = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return current.charAt(boundary) === '/';
}

export function NavLink({ className, end = false, to, ...rest }: NavLinkProps) {
  const isActive = useIsActive(to, end);
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined;
  return <Link {...rest} to={to} className={classes} aria-current={isActive ? 'page' : undefined} />;
}
