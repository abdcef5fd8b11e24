import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Chip from '@mui/joy/Chip';
import CircularProgress from '@mui/joy/CircularProgress';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemButton from '@mui/joy/ListItemButton';
import Typography from '@mui/joy/Typography';
import { useRouter } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { BellOff } from 'lucide-react';
import type { Notification } from '@ats/contracts';
import { VisuallyHidden } from '@/components/visually-hidden';
import { serverMessage } from '@/lib/api-client';
import { timeAgo } from '@/lib/format';
import { notificationSettingsOpenAtom } from '@/lib/notification-settings';
import { useMarkRead, useNotificationList } from '../api/notifications';
import { dueLabel } from '../utils/notification-labels';

/** The popover's content: newest first, "Load more", "Mark all read", each item opening its record (and marked read). */
export function NotificationPanel({ onNavigate }: { onNavigate: () => void }) {
  const router = useRouter();
  const list = useNotificationList(true);
  const { markRead, markAllRead } = useMarkRead();
  const openSettings = useSetAtom(notificationSettingsOpenAtom);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;

  const open = (n: Notification) => {
    if (!n.read) markRead.mutate([n.id]);
    onNavigate();
    router.history.push(n.url);
  };

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.25, borderBottom: '1px solid', borderColor: 'divider' }}>
        <Typography level="title-md" component="h2" sx={{ flex: 1 }}>
          Notifications
        </Typography>
        <Button size="sm" variant="plain" disabled={unread === 0 || markAllRead.isPending} onClick={() => markAllRead.mutate()}>
          Mark all read
        </Button>
      </Box>
      <Box sx={{ overflowY: 'auto', flex: 1, minHeight: 0 }}>
        {list.isPending ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }}>
            <CircularProgress size="sm" />
            <Typography level="body-sm">Loading notifications...</Typography>
          </Box>
        ) : list.isError ? (
          <Typography role="alert" level="body-sm" textColor="danger.plainColor" sx={{ p: 2 }}>
            {serverMessage(list.error) ?? 'Could not load notifications.'}
          </Typography>
        ) : items.length === 0 ? (
          <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1, p: 3, textAlign: 'center' }}>
            <BellOff size={24} aria-hidden />
            <Typography level="title-sm">You're all caught up</Typography>
            <Typography level="body-sm" textColor="text.secondary">
              Moves, notes, interviews and tasks that concern you show up here.
            </Typography>
          </Box>
        ) : (
          <List aria-label="Notification list" sx={{ '--ListItem-paddingY': '0.5rem' }}>
            {items.map((n) => (
              <NotificationItem key={n.id} notification={n} onOpen={open} />
            ))}
          </List>
        )}
        {list.hasNextPage && (
          <Box sx={{ px: 2, pb: 1.5 }}>
            <Button
              size="sm"
              variant="outlined"
              color="neutral"
              fullWidth
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Load more
            </Button>
          </Box>
        )}
      </Box>
      <Box sx={{ px: 2, py: 1, borderTop: '1px solid', borderColor: 'divider' }}>
        <Button
          size="sm"
          variant="plain"
          color="neutral"
          onClick={() => {
            onNavigate();
            openSettings(true);
          }}
        >
          Notification settings
        </Button>
      </Box>
    </>
  );
}

function NotificationItem({ notification: n, onOpen }: { notification: Notification; onOpen: (n: Notification) => void }) {
  const due = dueLabel(n);
  return (
    <ListItem>
      <ListItemButton
        component="a"
        href={n.url}
        data-testid="notification-item"
        data-read={n.read}
        onClick={(event) => {
          event.preventDefault();
          onOpen(n);
        }}
        sx={{ alignItems: 'flex-start', gap: 1.25, borderRadius: 'sm', mx: 0.5 }}
      >
        <Box
          aria-hidden
          sx={{ mt: 0.75, width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: n.read ? 'transparent' : 'primary.solidBg' }}
        />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography level="title-sm" fontWeight={n.read ? 'md' : 'lg'}>
            {!n.read && <VisuallyHidden>Unread: </VisuallyHidden>}
            {n.title}
          </Typography>
          {n.body && (
            <Typography level="body-xs" textColor="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {n.body}
            </Typography>
          )}
          <Typography level="body-xs" textColor="text.secondary">
            {n.actor.name} · {timeAgo(n.createdAt)}
          </Typography>
        </Box>
        {due && (
          <Chip size="sm" variant="soft" color={due === 'Overdue' ? 'danger' : 'warning'}>
            {due}
          </Chip>
        )}
      </ListItemButton>
    </ListItem>
  );
}
