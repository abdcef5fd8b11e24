import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/joy/Box';
import Drawer from '@mui/joy/Drawer';
import IconButton from '@mui/joy/IconButton';
import Link from '@mui/joy/Link';
import Sheet from '@mui/joy/Sheet';
import { Menu as MenuIcon } from 'lucide-react';
import { Brand } from '@/components/brand';
import { useFocusHeadingOnNavigate } from '../hooks/use-focus-heading-on-navigate';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { SidebarContent } from './sidebar';
import type { ShellUser } from './user-menu';

const SIDEBAR_WIDTH = 264;

/**
 * The signed-in frame: a fixed sidebar on wide screens, a top bar and drawer on phones.
 * `topBarEnd` (composed by the route, e.g. the notification bell) sits at the end of the top
 * bar, which then shows on wide screens too (with only that in it).
 */
export function AppShell({ user, topBarEnd, children }: { user: ShellUser; topBarEnd?: ReactNode; children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Closed by choosing a link: focus goes to the new screen's h1, not back to the menu button.
  const [closedByNavigation, setClosedByNavigation] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigate(mainRef);
  const openDrawer = useCallback(() => {
    setClosedByNavigation(false);
    setDrawerOpen(true);
  }, []);
  const closeDrawerForNavigation = useCallback(() => {
    setClosedByNavigation(true);
    setDrawerOpen(false);
  }, []);
  // Joy's Drawer stays mounted while closed; render the sidebar copy only while it is shown
  // (and during the closing slide) so the page never holds two hidden navigations.
  const [drawerContent, setDrawerContent] = useState(false);
  useEffect(() => {
    if (drawerOpen) {
      setDrawerContent(true);
      return undefined;
    }
    const timer = setTimeout(() => setDrawerContent(false), 300);
    return () => clearTimeout(timer);
  }, [drawerOpen]);
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.body' }}>
      <Link
        href="#main-content"
        level="body-sm"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          px: 1.5,
          py: 1,
          borderRadius: 'sm',
          bgcolor: 'background.surface',
          boxShadow: 'md',
          '&:focus-visible': { top: 8 },
        }}
      >
        Skip to content
      </Link>
      <Sheet
        variant="outlined"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: SIDEBAR_WIDTH,
          flexShrink: 0,
          position: 'sticky',
          top: 0,
          height: '100dvh',
          borderWidth: '0 1px 0 0',
        }}
      >
        <SidebarContent user={user} />
      </Sheet>

      <Drawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        size="sm"
        disableRestoreFocus={closedByNavigation}
        slotProps={{ content: { sx: { width: 'min(300px, 86vw)' }, 'aria-label': 'Navigation' } }}
      >
        {(drawerOpen || drawerContent) && <SidebarContent user={user} onNavigate={closeDrawerForNavigation} />}
      </Drawer>

      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Sheet
          component="header"
          variant="outlined"
          sx={{
            display: { xs: 'flex', md: topBarEnd ? 'flex' : 'none' },
            alignItems: 'center',
            gap: 1.5,
            px: { xs: 1.5, md: 3 },
            py: 1,
            position: 'sticky',
            top: 0,
            zIndex: 'var(--joy-zIndex-table)',
            borderWidth: '0 0 1px 0',
          }}
        >
          <IconButton
            variant="outlined"
            color="neutral"
            aria-label="Open navigation"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={openDrawer}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon size={20} />
          </IconButton>
          {/* wide screens: the sidebar has the brand and the scheme toggle */}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Box sx={{ display: { md: 'none' } }}>
              <Brand />
            </Box>
          </Box>
          {topBarEnd}
          <Box sx={{ display: { md: 'none' } }}>
            <ColorSchemeToggle />
          </Box>
        </Sheet>
        <Box
          component="main"
          ref={mainRef}
          id="main-content"
          tabIndex={-1}
          sx={{ flex: 1, width: '100%', maxWidth: 1680, mx: 'auto', px: { xs: 2, sm: 3, lg: 4 }, py: { xs: 2.5, md: 4 }, outline: 'none' }}
        >
          {children}
        </Box>
      </Box>
    </Box>
  );
}
