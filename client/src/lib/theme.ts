import type { ThemeConfig } from 'antd';

/**
 * The Element look the original site had (DEPENDENCIES.md): Element's blue, 4 px radius, its greys,
 * with the colours darkened to WCAG AA text contrast exactly as styles/global.css does, so antd's
 * buttons and links match the site's own.
 * The same object themes the build-time stylesheet (vite.config.ts extracts antd's CSS with it)
 * and the runtime ConfigProvider, which renders in zero-runtime mode: no CSS-in-JS work per
 * render, and the server HTML is styled by a cached <link> from the first byte.
 */
export const themeConfig = {
  token: {
    colorPrimary: '#1A6DD0',
    colorSuccess: '#3D7A1F',
    colorWarning: '#8C5D14',
    colorError: '#C03B3B',
    colorInfo: '#1A6DD0',
    colorTextBase: '#303133',
    // Secondary text (a text area's character count, hints) at AA contrast, as --c-text-secondary.
    colorTextDescription: '#696C71',
    colorBorder: '#DCDFE6',
    colorBorderSecondary: '#EBEEF5',
    colorBgLayout: '#F5F7FA',
    borderRadius: 4,
    fontFamily:
      '"Helvetica Neue", Helvetica, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", Arial, sans-serif',
  },
  // Class names must be identical in the extracted stylesheet and at runtime.
  hashed: false,
  cssVar: { key: 'portal' },
} satisfies ThemeConfig;

/** Runtime: no CSS-in-JS work at all; the stylesheet above is the only source of antd's CSS. */
export const runtimeTheme = { ...themeConfig, zeroRuntime: true } satisfies ThemeConfig;

/**
 * spec §9: buttons read "确定" and "取消" as written. antd would otherwise insert a space between two
 * Chinese characters ("确 定"), which screen readers spell out and which the spec's text does not have.
 */
export const buttonConfig = { autoInsertSpace: false } as const;
