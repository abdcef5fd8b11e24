import { Briefcase, CalendarCheck, Trophy, UserRound, type LucideIcon } from 'lucide-react';

type Tone = 'primary' | 'success' | 'warning' | 'neutral';

const STYLES: Record<string, { icon: LucideIcon; color: Tone }> = {
  candidate: { icon: UserRound, color: 'primary' },
  interview: { icon: CalendarCheck, color: 'warning' },
  job: { icon: Briefcase, color: 'neutral' },
  placement: { icon: Trophy, color: 'success' },
};

/** SPEC §2.3: the activity type drives the styling; anything else looks like a candidate. */
export function activityStyle(type: string): { icon: LucideIcon; color: Tone } {
  return STYLES[type] ?? (STYLES.candidate as { icon: LucideIcon; color: Tone });
}
