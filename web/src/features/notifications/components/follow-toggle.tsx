import Button from '@mui/joy/Button';
import { BellPlus, BellRing } from 'lucide-react';
import { useFollow } from '../api/follow';

/** Follow / Following toggle for a candidate or job: its stage moves and notes (by others) reach my bell. */
export function FollowToggle({ kind, id }: { kind: 'candidate' | 'job'; id: number }) {
  const { following, loaded, toggle } = useFollow(kind, id);
  return (
    <Button
      size="sm"
      variant={following ? 'soft' : 'outlined'}
      color={following ? 'primary' : 'neutral'}
      disabled={!loaded}
      loading={toggle.isPending}
      startDecorator={following ? <BellRing size={16} aria-hidden /> : <BellPlus size={16} aria-hidden />}
      onClick={() => toggle.mutate(!following)}
    >
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}
