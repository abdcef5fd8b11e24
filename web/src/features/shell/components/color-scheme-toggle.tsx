import IconButton from '@mui/joy/IconButton';
import Tooltip from '@mui/joy/Tooltip';
import { useColorScheme } from '@mui/joy/styles';
import { Moon, Sun } from 'lucide-react';

export function ColorSchemeToggle() {
  const { mode, systemMode, setMode } = useColorScheme();
  const resolved = mode === 'system' ? systemMode : mode;
  const next = resolved === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} mode`;
  return (
    <Tooltip title={label} enterDelay={700} enterNextDelay={300}>
      <IconButton variant="outlined" color="neutral" size="sm" aria-label={label} onClick={() => setMode(next)}>
        {resolved === 'dark' ? <Sun size={18} /> : <Moon size={18} />}
      </IconButton>
    </Tooltip>
  );
}
