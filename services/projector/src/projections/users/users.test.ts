import { CurrentUserSchema } from '@ats/contracts';
import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import { userRegistered } from '../../../test/support/fixtures';
import { usersProjection } from './index';

describe('users projection', () => {
  it('stores an active user profile', () => {
    const at = eventLog();
    const { docs } = project(
      [usersProjection],
      [at(userRegistered({ role: 'manager', profileImageUrl: 'https://img.example/m.png' }), { occurredAt: '2025-01-01T00:00:00.000Z' })],
    );
    expect(docs('users')).toEqual([
      {
        id: 'u2',
        email: 'maria@agency.example',
        firstName: 'Maria',
        lastName: 'Chen',
        role: 'manager',
        profileImageUrl: 'https://img.example/m.png',
        active: true,
        createdAt: '2025-01-01T00:00:00.000Z',
        updatedAt: '2025-01-01T00:00:00.000Z',
      },
    ]);
    // the current-user endpoint can serve it directly
    expect(CurrentUserSchema.parse(docs('users')[0])).toMatchObject({ id: 'u2', role: 'manager' });
  });
});
