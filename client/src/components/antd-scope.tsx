/**
 * antd's configuration — the zh_CN locale and the Element-like theme in zero-runtime mode
 * (lib/theme.ts) — around the parts of the site that render antd components: the member area, the
 * login and registration forms, the consultation form and the QR code. ConfigProvider renders
 * only context, no element, so it can sit this deep on the server and in the browser alike; kept
 * out of the root, it keeps antd's runtime (~30 KB gzip with its locale) out of the public pages'
 * initial JavaScript.
 */
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { buttonConfig, runtimeTheme } from '../lib/theme';

// The member area's date pickers: Chinese month and weekday names.
dayjs.locale('zh-cn');

export function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={runtimeTheme} button={buttonConfig}>
      {children}
    </ConfigProvider>
  );
}
