/** Links between the login and register pages that keep where the visitor was going. */

/** Set by registration when it sends the new member to the login page. */
export interface LoginLocationState {
  registeredUsername?: string;
}

/** `path` with the `redirect` parameter carried along, so the member still ends up there. */
export function withRedirect(path: string, redirect: string | null): string {
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}
