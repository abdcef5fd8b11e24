import { useCallback, useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import IconButton from '@mui/joy/IconButton';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { toastPlacement, type ToastPlacement } from './toast-placement';
import { dismissToast, useToast, type ToastItem } from './toast-store';

export const SWIPE_THRESHOLD_PX = 50;
const HOTKEY = 'F8';

/**
 * The toast viewport (SPEC §9): at most 420px wide, F8 moves focus to it, each toast closes
 * after its duration (paused while hovered or focused) or when swiped right past 50px.
 */
export function Toaster() {
  const { toasts } = useToast();
  const viewportRef = useRef<HTMLOListElement>(null);
  const placement = useToastPlacement(toasts.length > 0);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === HOTKEY) {
        event.preventDefault();
        viewportRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <Box component="section" aria-label={`Notifications (${HOTKEY})`} sx={{ display: 'contents' }}>
      {/* Not a live region itself: each toast is one (status or alert), and a toast inside a
          live list was read out twice. */}
      <Box
        component="ol"
        ref={viewportRef}
        tabIndex={-1}
        data-testid="toast-viewport"
        sx={(theme) => ({
          position: 'fixed',
          zIndex: theme.vars.zIndex.snackbar,
          top: placement ? (placement.edge === 'top' ? 0 : 'auto') : { xs: 0, sm: 'auto' },
          bottom: placement ? (placement.edge === 'bottom' ? 0 : 'auto') : { xs: 'auto', sm: 0 },
          right: 0,
          m: 0,
          p: 2,
          width: '100%',
          maxWidth: placement?.maxWidth ?? 420,
          listStyle: 'none',
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          outline: 'none',
          pointerEvents: toasts.length ? 'auto' : 'none',
          '&:focus-visible': { outline: `2px solid ${theme.vars.palette.focusVisible}`, outlineOffset: -4 },
        })}
      >
        {toasts.map((item) => (
          <ToastView key={item.id} item={item} />
        ))}
      </Box>
    </Box>
  );
}

/**
 * While toasts show and a dialog is open, where they go so they never cover its footer (null:
 * the usual corner). Follows dialogs opening, closing and resizing.
 */
function useToastPlacement(active: boolean): ToastPlacement | null {
  const [placement, setPlacement] = useState<ToastPlacement | null>(null);
  // measured before the first toast is painted, so it never shows over a footer even for a frame
  useLayoutEffect(() => {
    if (!active) return;
    const measure = () => {
      const dialogs = Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')).filter(
        (el) => el.getClientRects().length > 0,
      );
      const dialog = dialogs[dialogs.length - 1];
      const phone = window.matchMedia('(max-width: 599.95px)').matches;
      const next = dialog
        ? toastPlacement({ width: window.innerWidth, height: window.innerHeight }, dialog.getBoundingClientRect(), phone)
        : null;
      setPlacement((prev) => (prev?.edge === next?.edge && prev?.maxWidth === next?.maxWidth ? prev : next));
    };
    measure();
    const mutations = new MutationObserver(measure);
    mutations.observe(document.body, { childList: true });
    window.addEventListener('resize', measure);
    const timer = setInterval(measure, 500);
    return () => {
      mutations.disconnect();
      window.removeEventListener('resize', measure);
      clearInterval(timer);
    };
  }, [active]);
  return active ? placement : null;
}

function ToastView({ item }: { item: ToastItem }) {
  const onDismiss = useCallback(() => dismissToast(item.id), [item.id]);
  const [paused, setPaused] = useState(false);
  const [dx, setDx] = useState(0);
  const start = useRef<{ x: number; id: number } | null>(null);
  const remaining = useRef(item.duration);

  useEffect(() => {
    if (paused || item.duration <= 0 || !Number.isFinite(item.duration)) return;
    const startedAt = Date.now();
    const timer = setTimeout(onDismiss, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, item.duration, onDismiss]);

  const onPointerDown = useCallback((event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    start.current = { x: event.clientX, id: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  }, []);
  const onPointerMove = useCallback((event: ReactPointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.id !== event.pointerId) return;
    setDx(Math.max(0, event.clientX - start.current.x));
  }, []);
  const onPointerEnd = useCallback(
    (event: ReactPointerEvent<HTMLDivElement>) => {
      if (!start.current || start.current.id !== event.pointerId) return;
      const distance = event.clientX - start.current.x;
      start.current = null;
      if (distance > SWIPE_THRESHOLD_PX) onDismiss();
      else setDx(0);
    },
    [onDismiss],
  );

  const destructive = item.variant === 'destructive';
  // a toast whose news was already announced elsewhere shows without being read out again
  const role = item.announce === false ? undefined : destructive ? 'alert' : 'status';
  // the list item stays a list item (axe: a list holds only <li>); the live role is inside it
  return (
    <Box component="li" sx={{ display: 'block' }}>
      <Sheet
        role={role}
        aria-atomic={role ? 'true' : undefined}
        data-variant={item.variant}
        variant={destructive ? 'solid' : 'outlined'}
        color={destructive ? 'danger' : 'neutral'}
        onPointerEnter={() => setPaused(true)}
        onPointerLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDismiss();
        }}
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          gap: 1.5,
          p: 2,
          pr: 1,
          borderRadius: 'md',
          boxShadow: 'lg',
          touchAction: 'pan-y',
          userSelect: 'none',
          transform: `translateX(${dx}px)`,
          opacity: dx > 0 ? Math.max(0.2, 1 - dx / 200) : 1,
          transition: dx > 0 ? 'none' : 'transform 150ms ease, opacity 150ms ease',
          animation: 'toast-in 180ms ease-out',
          '@keyframes toast-in': {
            from: { transform: 'translateY(12px)', opacity: 0 },
            to: { transform: 'translateY(0)', opacity: 1 },
          },
        }}
      >
        <Box sx={{ mt: '2px', display: 'flex', color: destructive ? 'inherit' : 'success.500' }} aria-hidden>
          {destructive ? <CircleAlert size={20} /> : <CircleCheck size={20} />}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {item.title && (
            <Typography level="title-sm" textColor="inherit" sx={{ fontWeight: 'lg' }}>
              {item.title}
            </Typography>
          )}
          {item.description && (
            <Typography level="body-sm" textColor="inherit" sx={{ opacity: destructive ? 0.95 : 0.85, mt: 0.25 }}>
              {item.description}
            </Typography>
          )}
          {item.action && (
            <Button
              size="sm"
              variant={destructive ? 'soft' : 'outlined'}
              color={destructive ? 'danger' : 'neutral'}
              sx={{ mt: 1 }}
              onClick={() => {
                item.action?.onClick();
                onDismiss();
              }}
            >
              {item.action.label}
            </Button>
          )}
        </Box>
        <IconButton
          size="sm"
          variant="plain"
          color={destructive ? 'danger' : 'neutral'}
          aria-label="Close notification"
          onClick={onDismiss}
          sx={destructive ? { color: 'inherit' } : undefined}
        >
          <X size={16} />
        </IconButton>
      </Sheet>
    </Box>
  );
}
