import Avatar from '@mui/joy/Avatar';
import Box from '@mui/joy/Box';
import Dropdown from '@mui/joy/Dropdown';
import IconButton from '@mui/joy/IconButton';
import ListItemDecorator from '@mui/joy/ListItemDecorator';
import Menu from '@mui/joy/Menu';
import MenuButton from '@mui/joy/MenuButton';
import MenuItem from '@mui/joy/MenuItem';
import Typography from '@mui/joy/Typography';
import { useSetAtom } from 'jotai';
import { Bell, EllipsisVertical, LogOut } from 'lucide-react';
import { notificationSettingsOpenAtom } from '@/lib/notification-settings';
import { signOut } from '@/lib/unauthorized';

export interface ShellUser {
  fullName: string;
  roleLabel: string;
  /** the role itself (admins see Team) */
  role?: string | null;
  avatarUrl: string | null;
  initials: string;
}

/** Sidebar footer (SPEC §2.2): avatar (picture or initials), full name, role, Sign out menu. */
export function UserMenu({ user }: { user: ShellUser }) {
  const openNotificationSettings = useSetAtom(notificationSettingsOpenAtom);
  return (
    <Box
      data-testid="user-footer"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.25, p: 1, borderRadius: 'md', bgcolor: 'background.level1' }}
    >
      <Avatar src={user.avatarUrl ?? undefined} alt={user.fullName} size="md" variant="solid" color="primary">
        {user.initials}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography level="title-sm" noWrap>
          {user.fullName}
        </Typography>
        <Typography level="body-xs" textColor="text.tertiary" noWrap>
          {user.roleLabel}
        </Typography>
      </Box>
      <Dropdown>
        <MenuButton
          slots={{ root: IconButton }}
          slotProps={{ root: { variant: 'plain', color: 'neutral', size: 'sm', 'aria-label': 'Account menu' } }}
        >
          <EllipsisVertical size={18} />
        </MenuButton>
        <Menu placement="top-end" size="sm" sx={{ minWidth: 180, zIndex: 'var(--joy-zIndex-modal)' }}>
          <MenuItem onClick={() => openNotificationSettings(true)}>
            <ListItemDecorator>
              <Bell size={16} aria-hidden />
            </ListItemDecorator>
            Notifications
          </MenuItem>
          <MenuItem color="danger" onClick={() => void signOut()}>
            <ListItemDecorator>
              <LogOut size={16} aria-hidden />
            </ListItemDecorator>
            Sign out
          </MenuItem>
        </Menu>
      </Dropdown>
    </Box>
  );
}
