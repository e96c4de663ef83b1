import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { HttpProvider } from '../api/http-context';
import type { AppDeps } from '../lib/page';
import { PortalSettingsProvider, type PortalSettings } from '../lib/portal-settings';
import { SessionProvider } from '../lib/session';
import { runtimeTheme } from './theme';

dayjs.locale('zh-cn');

export function AppProviders({
  deps,
  settings,
  children,
}: {
  deps: AppDeps;
  settings: PortalSettings;
  children: ReactNode;
}) {
  return (
    <PortalSettingsProvider settings={settings}>
      <QueryClientProvider client={deps.queryClient}>
        <HttpProvider http={deps.http}>
          <SessionProvider store={deps.session}>
            <ConfigProvider locale={zhCN} theme={runtimeTheme}>
              {children}
            </ConfigProvider>
          </SessionProvider>
        </HttpProvider>
      </QueryClientProvider>
    </PortalSettingsProvider>
  );
}
