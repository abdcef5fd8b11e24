import { useEffect, useRef } from 'react';
import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import Divider from '@mui/joy/Divider';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemButton from '@mui/joy/ListItemButton';
import ListItemContent from '@mui/joy/ListItemContent';
import ListItemDecorator from '@mui/joy/ListItemDecorator';
import { Link, useRouterState } from '@tanstack/react-router';
import {
  BarChart3,
  Bot,
  Briefcase,
  Building2,
  Calendar,
  LayoutDashboard,
  ListChecks,
  MessageSquare,
  Plug,
  SquareKanban,
  ShieldCheck,
  Users,
  ScrollText,
  Copy,
  Archive,
  DatabaseBackup,
  type LucideIcon,
} from 'lucide-react';
import { Brand } from '@/components/brand';
import { useSocketStatus } from '@/lib/realtime';
import { isNavItemActive, navItemsFor, type NavPath } from '../utils/nav-items';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { UserMenu, type ShellUser } from './user-menu';

const ICONS: Record<NavPath, LucideIcon> = {
  '/': LayoutDashboard,
  '/candidates': Users,
  '/clients': Building2,
  '/jobs': Briefcase,
  '/jobs/pipeline': SquareKanban,
  '/calendar': Calendar,
  '/tasks': ListChecks,
  '/communications': MessageSquare,
  '/analytics': BarChart3,
  '/ai': Bot,
  '/integrations': Plug,
  '/team': ShieldCheck,
  '/backups': DatabaseBackup,
  '/audit': ScrollText,
  '/privacy/duplicates': Copy,
  '/privacy/retention': Archive,
};

/** Brand, the nine SPEC entries plus AI Assistant (and Team for admins) (current one highlighted) and the user footer. */
export function SidebarContent({ user, onNavigate }: { user: ShellUser; onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const navRef = useRef<HTMLElement>(null);
  // In the drawer (it passes onNavigate) this copy mounts as the drawer opens: focus goes into
  // it, on the current screen's entry, so Escape and Tab act on the drawer, not the page behind
  // it. Joy's focus trap tries once, while the drawer is still hidden (its visibility changes
  // with the slide), and so leaves focus on the menu button; this tries until it takes.
  useEffect(() => {
    if (!onNavigate) return undefined;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const nav = navRef.current;
      if (!nav || nav.contains(document.activeElement)) return;
      const target = nav.querySelector<HTMLElement>('[aria-current="page"]') ?? nav.querySelector<HTMLElement>('a');
      target?.focus();
      if (!nav.contains(document.activeElement) && ++tries < 60) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
    // onNavigate is stable: this runs when the drawer opens, not on each navigation inside it
  }, [onNavigate]);
  return (
    // one landmark for all of it (brand, navigation, connection, account), so nothing on the
    // page sits outside a landmark (axe `region`)
    <Box component="aside" aria-label="Sidebar" sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 2, py: 2.25 }}>
        <Brand />
        <ColorSchemeToggle />
      </Box>
      <Divider />
      <Box component="nav" ref={navRef} aria-label="Main navigation" sx={{ flex: 1, overflowY: 'auto', px: 1.25, py: 1.5 }}>
        <List
          size="sm"
          sx={{
            '--List-gap': '4px',
            '--ListItem-radius': '10px',
            '--ListItem-minHeight': '40px',
            '--ListItemDecorator-size': '32px',
          }}
        >
          {navItemsFor(user.role).map((item) => {
            const Icon = ICONS[item.to];
            const active = isNavItemActive(pathname, item);
            return (
              <ListItem key={item.to}>
                <ListItemButton
                  component={Link}
                  to={item.to}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                  color={active ? 'primary' : 'neutral'}
                  variant={active ? 'soft' : 'plain'}
                  sx={{ fontWeight: active ? 700 : 500 }}
                >
                  <ListItemDecorator>
                    <Icon size={18} aria-hidden />
                  </ListItemDecorator>
                  <ListItemContent>{item.label}</ListItemContent>
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Box>
      <Divider />
      <Box sx={{ px: 2, pt: 1.25 }}>
        <LiveStatus />
      </Box>
      <Box sx={{ p: 1.5, pt: 1 }}>
        <UserMenu user={user} />
      </Box>
    </Box>
  );
}

function LiveStatus() {
  const status = useSocketStatus();
  const live = status === 'connected';
  return (
    <Chip
      role="status"
      size="sm"
      variant="soft"
      color={live ? 'success' : 'warning'}
      startDecorator={<Box aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: live ? 'success.500' : 'warning.500' }} />}
    >
      {live ? 'Live updates on' : status === 'idle' ? 'Offline' : 'Reconnecting…'}
    </Chip>
  );
}
