import Typography from '@mui/joy/Typography';
import type { Place } from '@ats/contracts';
import { usePresence } from '@/lib/presence';
import { typingText } from '@/lib/presence-text';

/** "Riley is writing a note…" under a note box, announced politely; nothing when nobody types. */
export function TypingIndicator({ place }: { place: Place | null }) {
  const { others } = usePresence(place);
  const text = typingText(others);
  return (
    <Typography
      role="status"
      aria-live="polite"
      level="body-sm"
      textColor="text.secondary"
      data-testid="typing-indicator"
      sx={{ minHeight: '1.5em' }}
    >
      {text}
    </Typography>
  );
}
