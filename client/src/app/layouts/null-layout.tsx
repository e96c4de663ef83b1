import { Outlet } from 'react-router-dom';

/** No chrome at all (the /3g QR page, which is meant to be shown or printed on its own). */
export function NullLayout() {
  return (
    <main className="layout layout-null" id="main">
      <Outlet />
    </main>
  );
}
