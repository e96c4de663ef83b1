/**
 * Public settings of this portal deployment (server/src/config.ts), handed to the page in its
 * state script so the server render and the hydrated client read the same values.
 */
import { createContext, useContext, type ReactNode } from 'react';

export interface PortalSettings {
  /** SITE_URL: absolute origin for canonical URLs, JSON-LD and the sitemap; null → root-relative. */
  siteUrl: string | null;
  /** MOBILE_SITE_URL: the separate mobile site (/3g QR code); null when none is configured. */
  mobileSiteUrl: string | null;
  /** Features the backend offers beyond spec §7 (lib/capabilities.ts); empty for a spec-only backend. */
  capabilities: readonly string[];
}

export const NO_SETTINGS: PortalSettings = { siteUrl: null, mobileSiteUrl: null, capabilities: [] };

const PortalSettingsContext = createContext<PortalSettings>(NO_SETTINGS);

export function PortalSettingsProvider({ settings, children }: { settings: PortalSettings; children: ReactNode }) {
  return <PortalSettingsContext.Provider value={settings}>{children}</PortalSettingsContext.Provider>;
}

export function usePortalSettings(): PortalSettings {
  return useContext(PortalSettingsContext);
}

/** `path` as an absolute URL when SITE_URL is set, else unchanged (root-relative). */
export function absoluteUrl(settings: PortalSettings, path: string): string {
  return settings.siteUrl ? `${settings.siteUrl}${path}` : path;
}
