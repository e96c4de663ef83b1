import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { HttpProvider } from '../lib/http/context';
import type { AppDeps } from '../lib/page';
import { PortalSettingsProvider, type PortalSettings } from '../lib/portal-settings';
import { SessionProvider } from '../lib/session';
import { UiProvider } from '../lib/ui-state';

/** What every page reads. antd's configuration is not here: see components/antd-scope.tsx. */
export function AppProviders({ deps, settings, children }: { deps: AppDeps; settings: PortalSettings; children: ReactNode }) {
  return (
    <PortalSettingsProvider settings={settings}>
      <QueryClientProvider client={deps.queryClient}>
        <HttpProvider http={deps.http}>
          <SessionProvider store={deps.session}>
            <UiProvider>{children}</UiProvider>
          </SessionProvider>
        </HttpProvider>
      </QueryClientProvider>
    </PortalSettingsProvider>
  );
}
