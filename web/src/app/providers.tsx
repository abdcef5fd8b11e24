import type { ReactNode } from 'react';
import CssBaseline from '@mui/joy/CssBaseline';
import GlobalStyles from '@mui/joy/GlobalStyles';
import { CssVarsProvider } from '@mui/joy/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/toast';
import { queryClient } from './query-client';
import { theme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <CssVarsProvider theme={theme} defaultMode="system" disableTransitionOnChange>
      <CssBaseline />
      <GlobalStyles
        styles={{
          'html, body, #root': { minHeight: '100%' },
          body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
          // a screen's h1 takes focus after navigation only to start reading there; it is not a control
          'main h1[tabindex="-1"]:focus': { outline: 'none' },
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': { animationDuration: '0.01ms !important', transitionDuration: '0.01ms !important' },
          },
        }}
      />
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </CssVarsProvider>
  );
}
