import type { ThemeConfig } from 'antd';

/** docs/product/look.md: square corners, dark navy primary and headings, lime primary buttons, light gray borders, Raleway. */
export const COLORS = {
  navy: '#0a1f44',
  navyHover: '#1c3463',
  lime: '#b4f03a',
  limeHover: '#c8f56b',
  limeActive: '#9bd424',
  border: '#d9d9d9',
  background: '#f4f6f9',
} as const;

export const theme: ThemeConfig = {
  cssVar: { key: 'portal' },
  hashed: false,
  token: {
    borderRadius: 0,
    borderRadiusLG: 0,
    borderRadiusSM: 0,
    borderRadiusXS: 0,
    colorPrimary: COLORS.navy,
    colorLink: COLORS.navy,
    colorTextHeading: COLORS.navy,
    colorBorder: COLORS.border,
    colorBorderSecondary: '#e8e8e8',
    colorBgLayout: COLORS.background,
    // AA contrast on the light background: darker than antd's defaults (45% black, #ff4d4f).
    colorTextDescription: '#4a5568',
    colorTextPlaceholder: '#6b7280',
    colorError: '#b3261e',
    colorSuccess: '#1e6b1e',
    colorWarning: '#8a5300',
    // antd derives a status box's background from these dark seeds as a dim grey (#a2aba1, #c9c5b5):
    // light tints instead, so a success or warning message reads as one (dark text, ≥ 7:1).
    colorSuccessBg: '#edf7ea',
    colorSuccessBorder: '#9fcf94',
    colorWarningBg: '#fff6e5',
    colorWarningBorder: '#f0c77a',
    fontFamily: "Raleway, 'Helvetica Neue', Arial, sans-serif",
    fontSize: 16,
    // Every button, input, select and pagination item is at least 44 px tall: a thumb's target.
    controlHeight: 44,
    controlHeightSM: 44,
    controlHeightLG: 48,
  },
  components: {
    Button: {
      // Dark text on lime: 13:1 contrast (antd's blue on white is 4.1:1).
      primaryColor: COLORS.navy,
      colorPrimary: COLORS.lime,
      colorPrimaryHover: COLORS.limeHover,
      colorPrimaryActive: COLORS.limeActive,
      primaryShadow: 'none',
      fontWeight: 700,
      controlHeightLG: 48,
    },
    Layout: { headerBg: COLORS.navy, headerHeight: 56, headerPadding: '0 8px' },
    Modal: { titleColor: COLORS.navy },
  },
};
