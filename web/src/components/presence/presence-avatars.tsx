import Avatar from '@mui/joy/Avatar';
import Box from '@mui/joy/Box';
import Button from '@mui/joy/Button';
import Tooltip from '@mui/joy/Tooltip';
import { Eye, EyeOff } from 'lucide-react';
import type { Place, PresenceMember } from '@ats/contracts';
import { setPresenceHidden, usePresence } from '@/lib/presence';
import { alsoHereText, initialsOf, memberLabel } from '@/lib/presence-text';
import { VisuallyHidden } from '../visually-hidden';

/** One colleague's avatar: initials, the name in a tooltip and for screen readers; auditors outlined (read-only). */
export function PresenceAvatar({
  member,
  size = 'sm',
  action,
  focusable = true,
}: {
  member: PresenceMember;
  size?: 'sm' | 'md';
  action?: string;
  /** false inside a focusable card: the card's own label already names it */
  focusable?: boolean;
}) {
  const label = action ? `${memberLabel(member)} ${action}` : memberLabel(member);
  return (
    <Tooltip title={label} variant="solid" size="sm">
      <Avatar
        size={size}
        variant={member.readOnly ? 'outlined' : 'solid'}
        color={member.readOnly ? 'neutral' : 'primary'}
        data-testid={`presence-avatar-${member.userId}`}
        tabIndex={focusable ? 0 : undefined}
        role="img"
        aria-label={label}
        sx={{ fontSize: size === 'sm' ? 'xs' : 'sm', ...(member.readOnly ? { borderStyle: 'dashed' } : {}) }}
      >
        {initialsOf(member.name)}
      </Avatar>
    </Tooltip>
  );
}

/**
 * Who else is on this place (the board, a job, a candidate, a client): avatars with an accessible
 * list "Also here: Riley Chen, …". Auditors may hide themselves here (kept in this browser).
 */
export function PresenceAvatars({ place }: { place: Place | null }) {
  const { others, canHide, hidden } = usePresence(place);
  if (others.length === 0 && !canHide) return null;
  const text = alsoHereText(others);
  return (
    <Box data-testid="presence" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {others.length > 0 && (
        <Box
          component="ul"
          aria-label={text}
          data-testid="presence-list"
          sx={{ display: 'flex', gap: 0.5, listStyle: 'none', m: 0, p: 0, alignItems: 'center' }}
        >
          {others.slice(0, 6).map((member) => (
            <Box component="li" key={member.userId}>
              <PresenceAvatar member={member} />
            </Box>
          ))}
          {others.length > 6 && (
            <Box component="li">
              <Avatar size="sm" variant="soft" aria-label={`${others.length - 6} more`}>
                +{others.length - 6}
              </Avatar>
            </Box>
          )}
        </Box>
      )}
      {text && <VisuallyHidden>{text}</VisuallyHidden>}
      {canHide && (
        <Button
          size="sm"
          variant="plain"
          color="neutral"
          aria-pressed={hidden}
          startDecorator={hidden ? <EyeOff size={14} aria-hidden /> : <Eye size={14} aria-hidden />}
          onClick={() => setPresenceHidden(!hidden)}
        >
          {hidden ? 'Hidden from others' : 'Visible to others'}
        </Button>
      )}
    </Box>
  );
}
