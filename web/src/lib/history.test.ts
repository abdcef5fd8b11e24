import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@ats/contracts';
import { timelineRows } from './history';

const access = (position: number, userId: string, at: string): HistoryEntry => ({
  position,
  type: 'RecordsAccessed',
  kind: 'access',
  occurredAt: at,
  actor: { id: 'system', name: 'Access log' },
  summary: 'Viewed by someone',
  changes: [],
  links: [],
  accesses: [{ userId, userName: userId === 'u1' ? 'Dana Reyes' : 'Sam Lee', kind: 'read', at, detail: null }],
});
const edit = (position: number): HistoryEntry => ({
  position,
  type: 'CandidateUpdated',
  kind: 'change',
  occurredAt: '2026-11-12T10:00:00.000Z',
  actor: { id: 'u1', name: 'Dana Reyes' },
  summary: 'Edited the candidate',
  changes: [{ field: 'currentTitle', label: 'Current Job Title', from: 'VP Finance', to: 'CFO' }],
  links: [],
  accesses: [],
});

describe('timelineRows', () => {
  it('gathers accesses per day and person into one line, keeping other events as they are', () => {
    const rows = timelineRows([
      access(9, 'u1', '2026-11-12T15:00:00.000Z'),
      access(8, 'u2', '2026-11-12T14:00:00.000Z'),
      access(7, 'u1', '2026-11-12T09:00:00.000Z'),
      edit(6),
      access(5, 'u1', '2026-11-11T09:00:00.000Z'),
    ]);
    expect(rows.map((r) => (r.kind === 'event' ? r.entry.position : `${r.userName} ${r.day} ×${r.times}`))).toEqual([
      'Dana Reyes 2026-11-12 ×2',
      'Sam Lee 2026-11-12 ×1',
      6,
      'Dana Reyes 2026-11-11 ×1',
    ]);
    const first = rows[0] as Extract<(typeof rows)[number], { kind: 'viewed' }>;
    expect(first.last).toBe('2026-11-12T15:00:00.000Z');
  });
});
