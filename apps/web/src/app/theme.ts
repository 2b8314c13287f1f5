import type { ThemeConfig } from 'antd';

/** Seed §9 colours, named so screens can reuse them (map rings, charts). */
export const COLORS = {
  primary: '#2f4f6f', // dark slate blue
  primaryDark: '#1c3046',
  primaryDeeper: '#16273a',
  error: '#d9363e',
  info: '#138d90', // teal
  warning: '#e8a317', // amber
  success: '#3f9142',
  accent: '#ee7d1e', // checkbox and radio active orange
  accentHover: '#f39a4f',
  paginationActive: '#1b365d', // dark blue
} as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: COLORS.primary,
    colorInfo: COLORS.info,
    colorError: COLORS.error,
    colorWarning: COLORS.warning,
    colorSuccess: COLORS.success,
    colorLink: '#2f6690',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Noto Sans TC', 'Noto Sans SC', 'Noto Sans JP', 'PingFang TC', 'Microsoft JhengHei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Checkbox: { colorPrimary: COLORS.accent, colorPrimaryHover: COLORS.accentHover, colorPrimaryBorder: COLORS.accent },
    Radio: {
      colorPrimary: COLORS.accent,
      colorPrimaryHover: COLORS.accentHover,
      colorPrimaryActive: COLORS.accent,
      buttonSolidCheckedBg: COLORS.accent,
      buttonSolidCheckedHoverBg: COLORS.accentHover,
      buttonSolidCheckedActiveBg: COLORS.accent,
    },
    Pagination: {
      colorPrimary: COLORS.paginationActive,
      colorPrimaryHover: COLORS.primary,
      itemActiveBg: COLORS.paginationActive,
      itemActiveColor: '#ffffff',
      itemActiveColorHover: '#ffffff',
    },
    Layout: {
      siderBg: COLORS.primaryDark,
      triggerBg: COLORS.primaryDeeper,
      headerBg: '#ffffff',
      headerPadding: '0 16px',
      headerHeight: 56,
    },
    Menu: {
      darkItemBg: COLORS.primaryDark,
      darkSubMenuItemBg: COLORS.primaryDeeper,
      darkPopupBg: COLORS.primaryDark,
      darkItemSelectedBg: '#3e6a92',
      darkItemHoverBg: '#2a4561',
    },
  },
};
