import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { LoadingBar } from '../components/loading-bar';
import { useRouteLinks } from '../components/route-link';

/**
 * New pages start at the top, or at the section their link names (`#score`); the back button keeps
 * the browser's own position.
 */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type === 'POP') return;
    const section = hash.length > 1 ? document.getElementById(hash.slice(1)) : null;
    if (section) section.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, type]);
  return null;
}

export function RootShell() {
  useRouteLinks();
  return (
    <>
      <LoadingBar />
      <ScrollToTop />
      <Outlet />
    </>
  );
}
