/**
 * What the backend offers beyond spec §7. The server asks the backend once
 * (`GET /api/ext/capabilities`, refreshed every few minutes; a backend without the call offers
 * nothing) and hands the list to the page in its settings; loaders read it from `deps`, components
 * from these hooks. Anything an extension powers — a page, a link, a section — checks its feature
 * here and is left out, never an error, when the backend lacks it.
 */
import { useCallback, useMemo } from 'react';
import type { Feature } from '@shared/system/features';
import { matchRoute } from '@shared/routes';
import type { AppDeps } from './page';
import { usePortalSettings } from './portal-settings';

export function capabilitySet(names: readonly string[]): ReadonlySet<string> {
  return new Set(names);
}

export function useCapabilities(): ReadonlySet<string> {
  const { capabilities } = usePortalSettings();
  return useMemo(() => capabilitySet(capabilities), [capabilities]);
}

export function useHasCapability(name: Feature): boolean {
  return useCapabilities().has(name);
}

/** For loaders: whether the backend this render talks to offers `name`. */
export function hasCapability(deps: Pick<AppDeps, 'capabilities'>, name: Feature): boolean {
  return deps.capabilities.has(name);
}

/**
 * Whether a portal path exists with this backend: routes that need a feature (RouteSpec
 * `capability`) do not without it. Links use this, so a link and its page come and go together.
 */
export function isPathAvailable(capabilities: ReadonlySet<string>, path: string): boolean {
  const capability = matchRoute(path.split(/[?#]/)[0] ?? path)?.route.capability;
  return capability === undefined || capabilities.has(capability);
}

export function usePathAvailable(): (path: string) => boolean {
  const capabilities = useCapabilities();
  return useCallback((path: string) => isPathAvailable(capabilities, path), [capabilities]);
}
