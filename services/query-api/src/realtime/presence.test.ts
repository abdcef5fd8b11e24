import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@ats/contracts';
import { permissionRoom, placeOfRoom, presenceMembers, presenceRoom } from './presence';

const person = (id: string, firstName: string, role: CurrentUser['role'] = 'recruiter'): CurrentUser => ({
  id,
  email: `${id}@x.example`,
  firstName,
  lastName: 'Chen',
  profileImageUrl: null,
  role,
});

describe('presenceMembers', () => {
  it('lists everyone on the place once per user, by name, auditors marked read-only', () => {
    const riley = person('u1', 'Riley');
    const members = presenceMembers('board', [
      { user: person('u2', 'Ann', 'auditor'), presence: { hidden: false, places: { board: {} } } },
      { user: riley, presence: { hidden: false, places: { board: { cardId: 7 } } } },
      { user: riley, presence: { hidden: false, places: { board: { dragging: true } } } },
      { user: person('u3', 'Zed'), presence: { hidden: false, places: { 'candidate:3': {} } } },
    ]);
    expect(members).toEqual([
      { userId: 'u2', name: 'Ann Chen', readOnly: true, activity: {} },
      { userId: 'u1', name: 'Riley Chen', readOnly: false, activity: { cardId: 7, dragging: true, typing: false } },
    ]);
  });

  it('leaves out a hidden auditor but never hides anyone else', () => {
    const members = presenceMembers('candidate:3', [
      { user: person('u2', 'Ann', 'auditor'), presence: { hidden: true, places: { 'candidate:3': {} } } },
      { user: person('u1', 'Riley'), presence: { hidden: true, places: { 'candidate:3': { typing: true } } } },
      { user: person('u4', 'Nobody') },
    ]);
    expect(members.map((m) => [m.name, m.activity.typing])).toEqual([['Riley Chen', true]]);
  });
});

describe('presence rooms', () => {
  it('maps places to their rooms and back, and to the room whose permission they need', () => {
    expect(presenceRoom('job:12')).toBe('presence:job:12');
    expect(placeOfRoom('presence:job:12')).toBe('job:12');
    expect(placeOfRoom('presence:user:1')).toBeNull();
    expect(placeOfRoom('pipeline')).toBeNull();
    expect(permissionRoom('board')).toBe('pipeline');
    expect(permissionRoom('client:4')).toBe('client:4');
  });
});
