import { extendTheme } from '@mui/joy/styles';

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

export const theme = extendTheme({
  fontFamily: {
    body: '"Inter Variable", var(--joy-fontFamily-fallback)',
    display: '"Inter Variable", var(--joy-fontFamily-fallback)',
  },
  colorSchemes: {
    light: {
      palette: {
        primary: { ...primary, solidBg: primary[700], solidHoverBg: primary[800], solidActiveBg: primary[900] },
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
  },
});
