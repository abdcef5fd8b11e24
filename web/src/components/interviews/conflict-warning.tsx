import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import { TriangleAlert } from 'lucide-react';
import type { InterviewConflict } from '@ats/contracts';
import { conflictText } from '@/lib/interview-time';

/** Who is already booked at the chosen time: a warning, the user may schedule anyway. */
export function ConflictWarning({ conflicts, askedAt }: { conflicts: readonly InterviewConflict[]; askedAt: string }) {
  return (
    <Box role="status" aria-live="polite" data-testid="interview-conflicts">
      {conflicts.length > 0 && (
        <Alert color="warning" variant="soft" startDecorator={<TriangleAlert size={18} aria-hidden />} sx={{ alignItems: 'flex-start' }}>
          <Box component="ul" sx={{ m: 0, pl: conflicts.length > 1 ? 2 : 0, listStyle: conflicts.length > 1 ? 'disc' : 'none' }}>
            {conflicts.map((c) => (
              <li key={`${c.interview.id}-${c.person.kind}-${c.person.userId ?? c.person.name}`}>{conflictText(c, askedAt)}</li>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
