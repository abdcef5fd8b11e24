import { useEffect, useId, useRef, useState } from 'react';
import Badge from '@mui/joy/Badge';
import Box from '@mui/joy/Box';
import IconButton from '@mui/joy/IconButton';
import Sheet from '@mui/joy/Sheet';
import { Bell } from 'lucide-react';
import { useUnreadCount } from '../api/notifications';
import { badgeCount, bellLabel } from '../utils/notification-labels';
import { NotificationPanel } from './notification-panel';

/**
 * The header bell (issue 12): the unread count, live (a `changed` notice on my private room
 * refreshes it), and a popover with my notifications. Escape or a click outside closes it and
 * gives focus back to the bell.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  // on a phone the bell is not at the window's right edge: the panel is pinned to the window there
  const [phoneTop, setPhoneTop] = useState(0);
  const unread = useUnreadCount().data?.count ?? 0;
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <Box
      ref={root}
      sx={{ position: 'relative', ml: { xs: 'auto', sm: 0 } }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      {/* the badge and the button's name are written from the same count in the same render
          ("99+" in both above 99); the badge is hidden from assistive technology, which hears
          the count in the name, not a second time as a stray number */}
      <Badge
        badgeContent={badgeCount(unread)}
        color="danger"
        size="sm"
        badgeInset="14%"
        invisible={unread === 0}
        data-testid="notification-badge"
        slotProps={{ badge: { 'aria-hidden': true } }}
      >
        <IconButton
          ref={button}
          variant="outlined"
          color="neutral"
          aria-label={bellLabel(unread)}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-haspopup="dialog"
          onClick={() => {
            setPhoneTop((button.current?.getBoundingClientRect().bottom ?? 0) + 8);
            setOpen((o) => !o);
          }}
        >
          <Bell size={18} />
        </IconButton>
      </Badge>
      {open && (
        <Sheet
          id={panelId}
          role="dialog"
          aria-label="Notifications"
          variant="outlined"
          sx={{
            position: { xs: 'fixed', sm: 'absolute' },
            left: { xs: 12, sm: 'auto' },
            right: { xs: 12, sm: 0 },
            top: { xs: phoneTop, sm: 'calc(100% + 8px)' },
            zIndex: 'var(--joy-zIndex-popup)',
            width: { xs: 'auto', sm: 'min(380px, calc(100vw - 24px))' },
            maxHeight: 'min(520px, calc(100dvh - 120px))',
            display: 'flex',
            flexDirection: 'column',
            borderRadius: 'md',
            boxShadow: 'lg',
            overflow: 'hidden',
          }}
        >
          <NotificationPanel onNavigate={() => setOpen(false)} />
        </Sheet>
      )}
    </Box>
  );
}
