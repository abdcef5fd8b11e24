import { useEffect, useSyncExternalStore } from 'react';
import Box from '@mui/joy/Box';
import Chip from '@mui/joy/Chip';
import { History } from 'lucide-react';
import { apiFetch } from '@/lib/api-client';
import { freshnessHint, getFreshness, setFreshnessProbe, subscribeFreshness } from '@/lib/freshness';

/**
 * "Showing data as of event N (M behind)": shown above every screen only while the read models
 * lag the event log for a while (a rebuild, a stalled projector); otherwise nothing at all.
 */
export function DataAsOfHint() {
  const freshness = useSyncExternalStore(subscribeFreshness, getFreshness, getFreshness);
  useEffect(() => {
    // while behind, the cheapest read there is tells whether the read models caught up
    setFreshnessProbe(() => void apiFetch('/api/auth/user').catch(() => undefined));
    return () => setFreshnessProbe(null);
  }, []);
  const hint = freshnessHint(freshness);
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', justifyContent: 'flex-end', mb: hint ? 1.5 : 0 }}>
      {hint && (
        <Chip size="sm" variant="soft" color="warning" startDecorator={<History size={14} aria-hidden />} data-testid="data-as-of-hint">
          {hint}
        </Chip>
      )}
    </Box>
  );
}
