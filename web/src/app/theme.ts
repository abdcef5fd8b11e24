import { extendTheme, type Theme } from '@mui/joy/styles';

// A deep indigo brand with slate neutrals: calm, legible, "executive" rather than playful.
const primary = {
  50: '#eef2ff',
  100: '#e0e7ff',
  200: '#c7d2fe',
  300: '#a5b4fc',
  400: '#818cf8',
  500: '#6366f1',
  600: '#4f46e5',
  700: '#4338ca',
  800: '#3730a3',
  900: '#312e81',
};
const neutral = {
  50: '#f8fafc',
  100: '#f1f5f9',
  200: '#e2e8f0',
  300: '#cbd5e1',
  400: '#94a3b8',
  500: '#64748b',
  600: '#475569',
  700: '#334155',
  800: '#1e293b',
  900: '#0f172a',
};

// WCAG 1.4.11: the edge of a text field must stand 3:1 against the page. Joy's outlined border
// (neutral 300 / 700) is 1.5:1 / 1.7:1; neutral 500 is 4.8:1 on white and 3.4:1 or more on the
// dark surfaces. An invalid field keeps a red edge that also passes (danger 500 / 400).
const fieldBorder = ({ theme, ownerState }: { theme: Theme; ownerState: { variant?: unknown; color?: unknown } }) =>
  ownerState.variant === 'outlined' || ownerState.variant === undefined
    ? ownerState.color === 'danger'
      ? {
          '--variant-outlinedBorder': theme.vars.palette.danger[500],
          [theme.getColorSchemeSelector('dark')]: { '--variant-outlinedBorder': theme.vars.palette.danger[400] },
        }
      : ownerState.color === 'neutral' || ownerState.color === undefined
        ? { '--variant-outlinedBorder': theme.vars.palette.neutral[500] }
        : {}
    : {};

/** '#4f46e5' → '79 70 229', the form Joy keeps colour channels in. */
function channel(hex: string): string {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)).join(' ');
}

export const theme = extendTheme({
  fontFamily: {
    body: '"Inter Variable", var(--joy-fontFamily-fallback)',
    display: '"Inter Variable", var(--joy-fontFamily-fallback)',
  },
  colorSchemes: {
    light: {
      palette: {
        // The brand's text colour (links use mainChannel, plain buttons plainColor): 500 is
        // 4.46:1 on white and 4.07:1 on level1 (WCAG 1.4.3 wants 4.5:1), 600 is 6.3:1 and 5.7:1.
        primary: {
          ...primary,
          mainChannel: channel(primary[600]),
          plainColor: primary[600],
          solidBg: primary[700],
          solidHoverBg: primary[800],
          solidActiveBg: primary[900],
        },
        neutral,
        background: { body: '#f6f7fb', surface: '#ffffff', level1: neutral[100] },
      },
    },
    dark: {
      palette: {
        primary: { ...primary, solidBg: primary[600], solidHoverBg: primary[700], solidActiveBg: primary[800] },
        neutral,
        background: { body: '#0b1120', surface: '#111a2e', popup: '#15203a', level1: '#16213a' },
      },
    },
  },
  focus: {
    default: {
      outlineOffset: 2,
      outline: '2px solid var(--joy-palette-focusVisible)',
    },
  },
  components: {
    JoyButton: { styleOverrides: { root: { fontWeight: 600 } } },
    JoyCard: { styleOverrides: { root: { '--Card-radius': '14px' } } },
    JoyChip: { styleOverrides: { root: { fontWeight: 600 } } },
    // Tab lists scroll sideways on narrow screens, which clips a ring drawn outside the tab.
    JoyTab: { styleOverrides: { root: { '&.Mui-focusVisible, &:focus-visible': { outlineOffset: '-2px' } } } },
    JoyInput: { styleOverrides: { root: fieldBorder } },
    JoySelect: { styleOverrides: { root: fieldBorder } },
    JoyTextarea: { styleOverrides: { root: fieldBorder } },
    // An error message is text (4.5:1): danger 500 is only 2.9:1 on the dark surface, the
    // scheme's plain danger colour (500 light, 300 dark) passes in both.
    JoyFormControl: {
      styleOverrides: { root: ({ theme }) => ({ '&.Mui-error': { '--FormHelperText-color': theme.vars.palette.danger.plainColor } }) },
    },
  },
});
