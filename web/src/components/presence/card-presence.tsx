import Box from '@mui/joy/Box';
import type { Place } from '@ats/contracts';
import { useCardPresence } from '@/lib/presence';
import { PresenceAvatar } from './presence-avatars';

/** On a board card: the avatar of each colleague dragging it or having it open. */
export function CardPresence({ place, cardId }: { place: Place; cardId: number }) {
  const members = useCardPresence(place, cardId);
  if (members.length === 0) return null;
  return (
    <Box
      component="span"
      data-testid={`card-presence-${cardId}`}
      sx={{ display: 'inline-flex', gap: 0.25, ml: 'auto', flex: 'none', '--Avatar-size': '22px' }}
    >
      {members.map((member) => (
        <PresenceAvatar
          key={member.userId}
          member={member}
          action={member.activity.dragging ? 'is moving this card' : 'has this card open'}
          focusable={false}
        />
      ))}
    </Box>
  );
}
