/**
 * antd's message, notification and Modal, loaded on first use (see feedback.ts). Static methods
 * render outside the app's React tree, so they get the same locale and theme through holderRender.
 */
// Their styles come with them: the mobile site's pages link no antd stylesheet.
import 'virtual:antd-feedback.css';
import { ConfigProvider, Modal, message, notification } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { buttonConfig, runtimeTheme } from './theme';

ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={runtimeTheme} button={buttonConfig}>
      {children}
    </ConfigProvider>
  ),
});

export { Modal, message, notification };
