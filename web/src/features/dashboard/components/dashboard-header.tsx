import { useState, type ReactNode } from 'react';
import Badge from '@mui/joy/Badge';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import IconButton from '@mui/joy/IconButton';
import Input from '@mui/joy/Input';
import Typography from '@mui/joy/Typography';
import { useSetAtom } from 'jotai';
import { Bell, Plus, Search } from 'lucide-react';
import { searchPaletteAtom } from '@/lib/search-palette';
import { dashboardSearchAtom } from '../state/dashboard-search';

const NOTIFICATION_COUNT = 3;

/**
 * SPEC §2.3 header: greeting, search, bell, Add New. Issue 12: the search box opens the global
 * search palette (a click, Enter, or typing, which carries the text over); `bell` is the
 * notification bell the route composes in (the fixed 3 stays when none is given).
 */
export function DashboardHeader({
  firstName,
  onAddNew,
  canAdd,
  bell,
}: {
  firstName: string;
  onAddNew: () => void;
  canAdd: boolean;
  bell?: ReactNode;
}) {
  const [text, setText] = useState('');
  const record = useSetAtom(dashboardSearchAtom);
  const setPalette = useSetAtom(searchPaletteAtom);
  const openPalette = (query: string) => {
    setPalette({ open: true, query });
    setText('');
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Typography level="h2" component="h1" sx={{ fontSize: { xs: 'xl2', md: 'xl3' } }}>
          Dashboard
        </Typography>
        <Typography level="body-md" textColor="text.secondary" sx={{ mt: 0.5 }}>
          Welcome back, {firstName}. Here's your recruiting overview.
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          alignItems: 'center',
          gap: 1.5,
          flex: { xs: '1 1 100%', md: '0 1 auto' },
        }}
      >
        <Box
          component="form"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            record(text.trim());
            openPalette(text);
          }}
          sx={{ flex: { xs: '1 1 100%', sm: '1 1 auto' }, minWidth: 0 }}
        >
          <Input
            type="search"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value.trim()) openPalette(event.target.value);
            }}
            onClick={() => openPalette(text)}
            placeholder="Search candidates, clients, jobs..."
            startDecorator={<Search size={18} aria-hidden />}
            slotProps={{ input: { 'aria-label': 'Search candidates, clients, jobs', 'aria-haspopup': 'dialog' } }}
            sx={{ width: { md: 300 } }}
          />
        </Box>
        {bell ?? (
          <Badge badgeContent={NOTIFICATION_COUNT} color="danger" size="sm" badgeInset="14%" sx={{ ml: { xs: 'auto', sm: 0 } }}>
            <IconButton variant="outlined" color="neutral" aria-label={`Notifications (${NOTIFICATION_COUNT} new)`}>
              <Bell size={18} />
            </IconButton>
          </Badge>
        )}
        {canAdd && (
          <Button startDecorator={<Plus size={18} />} onClick={onAddNew} sx={{ flexShrink: 0 }}>
            Add New
          </Button>
        )}
      </Box>
    </Box>
  );
}
