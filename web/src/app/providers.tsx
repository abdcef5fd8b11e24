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
          // a word longer than its line (a 100-letter name, a 200-letter company or title, a long
          // e-mail address) breaks instead of widening the page: on a phone such a record pushed
          // every screen that shows it 1,800-3,300 px sideways (sweep four). Tables keep their words
          // whole (they sit in scroll regions): there a narrow column must not break every word.
          body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale', overflowWrap: 'anywhere' },
          table: { overflowWrap: 'normal' },
          // a chip stays on one line: a long one (a 100-letter skill) ends in an ellipsis at a width a phone holds
          '.MuiChip-label': { maxWidth: '18rem' },
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
