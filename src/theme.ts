// Pointage's look through antd's design tokens: one colour family (a deep teal: attendance and
// money without the default admin-template blue), calm surfaces, rounder corners, roomier tables.
// The build renders antd's CSS with this same theme (server/antd-styles.ts), so the browser finds it.
import type { ThemeConfig } from 'antd';

export const BRAND = {
  primary: '#0f766e',
  ink: '#10302e',
  surface: '#f4f7f6',
} as const;

/** The colours a screen may name itself (a figure, a border, an avatar): the theme's, never antd's defaults. */
export const TONE = {
  primary: BRAND.primary,
  success: '#16a34a',
  warning: '#d97706',
  error: '#dc2626',
  /** Something out of the ordinary (a night shift's continuation). */
  accent: '#7c3aed',
} as const;

export const THEME: ThemeConfig = {
  token: {
    colorPrimary: BRAND.primary,
    colorInfo: BRAND.primary,
    // antd derives an info alert's surface from colorInfo; from this dark teal it came out a heavy
    // grey-green band (the attendance screen's status line): the brand's lightest tints instead.
    colorInfoBg: '#e8f5f3',
    colorInfoBorder: '#a8d8d1',
    colorLink: BRAND.primary,
    colorSuccess: TONE.success,
    colorWarning: TONE.warning,
    colorError: TONE.error,
    colorTextHeading: BRAND.ink,
    colorBgLayout: BRAND.surface,
    borderRadius: 8,
    fontFamily:
      "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontSize: 14,
  },
  components: {
    Layout: { headerBg: BRAND.surface, bodyBg: BRAND.surface, siderBg: '#ffffff' },
    Menu: { itemSelectedBg: '#ccebe7', itemSelectedColor: BRAND.ink, itemBorderRadius: 6 },
    Table: { headerBg: '#eef3f2', headerColor: BRAND.ink, cellPaddingBlock: 12 },
    Card: { headerFontSize: 16 },
    Tag: { defaultBg: '#eef3f2' },
  },
};
