import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { LoadingBar } from '../components/loading-bar';

/** Scroll to the top on new pages; the back button keeps the browser's own position. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}

export function RootShell() {
  return (
    <>
      <LoadingBar />
      <ScrollToTop />
      <Outlet />
    </>
  );
}
