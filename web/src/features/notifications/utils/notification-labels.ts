import type { Notification, NotificationKind } from '@ats/contracts';

export const KIND_SETTINGS: Array<{ kind: NotificationKind; label: string; description: string }> = [
  { kind: 'tasks', label: 'Tasks', description: 'Tasks assigned to me, with their due date' },
  { kind: 'interviews', label: 'Interviews', description: 'Interviews with candidates I own or follow' },
  { kind: 'moves', label: 'Stage moves', description: 'Candidates I own or follow moved on jobs I own or follow' },
  { kind: 'notes', label: 'Notes', description: 'Notes added to candidates I own or follow' },
];

/** 'Overdue' / 'Due today' for a task, 'Today' / 'Soon' for an interview (local calendar days), else null. */
export function dueLabel(n: Pick<Notification, 'kind' | 'dueAt'>, now: Date = new Date()): string | null {
  if (!n.dueAt) return null;
  // a bare date (YYYY-MM-DD) is a local calendar day
  const due = /^\d{4}-\d{2}-\d{2}$/.test(n.dueAt) ? new Date(`${n.dueAt}T23:59:59`) : new Date(n.dueAt);
  if (Number.isNaN(due.getTime())) return null;
  const sameDay = due.toDateString() === now.toDateString();
  if (n.kind === 'tasks') return due.getTime() < now.getTime() && !sameDay ? 'Overdue' : sameDay ? 'Due today' : null;
  if (n.kind === 'interviews') {
    if (due.getTime() < now.getTime()) return null;
    if (sameDay) return 'Today';
    return due.getTime() - now.getTime() < 3 * 24 * 3600 * 1000 ? 'Soon' : null;
  }
  return null;
}

/** The most the bell's badge shows as a number; above it, "99+". */
export const BADGE_MAX = 99;

/** The count as the bell's badge shows it ("99+" above BADGE_MAX), empty at 0. */
export const badgeCount = (unread: number) => (unread <= 0 ? '' : unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread));

/** The bell's accessible name: the badge's own count, so what is heard is what is seen. */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifications (${badgeCount(unread)} new)` : 'Notifications');
