import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import { applicationCreated, stageChanged } from '../../../test/support/fixtures';
import {
  analyticsApplicationsProjection,
  expandAnalyticsApplication,
  storedAnalyticsApplication,
  type AnalyticsApplicationDoc,
  type StoredAnalyticsApplicationDoc,
} from './index';

/**
 * Version 5 stores each application's analytics history without its empty and derived parts
 * (issue 15: the bytes a B3 rebuild writes after the moves); readers expand it to the whole
 * document, which must be exactly what version 4 stored.
 */
const maria = { id: 'u2', name: 'Maria Chen' };
const day = (d: string) => `${d}T00:00:00.000Z`;

function history() {
  const at = eventLog();
  return project(
    [analyticsApplicationsProjection],
    [
      // 1: moved twice, placed and recorded
      at(applicationCreated({ applicationId: 1, appliedAt: day('2025-03-02') })),
      at(stageChanged('applied', 'phone_screen', { changedAt: day('2025-03-03') })),
      at(stageChanged('phone_screen', 'placed', { changedAt: day('2025-03-09') })),
      at({
        type: 'PlacementRecorded',
        data: { applicationId: 1, candidateId: 1, jobId: 1, salary: 200, feePercentage: 25, fee: 50, placedAt: day('2025-03-09') },
      }),
      // 2: detached, then restored
      at(applicationCreated({ applicationId: 2, candidateId: 2, appliedAt: day('2025-03-04') })),
      at(
        { type: 'ApplicationDetached', data: { applicationId: 2, candidateId: 2, jobId: 1, detachedBy: maria } },
        { occurredAt: day('2025-03-05') },
      ),
      at(
        {
          type: 'ApplicationRestored',
          data: {
            applicationId: 2,
            candidateId: 2,
            jobId: 1,
            stage: 'applied',
            appliedAt: day('2025-03-04'),
            stageChangedAt: null,
            stageChangedBy: null,
            restoredBy: maria,
          },
        },
        { occurredAt: day('2025-03-06') },
      ),
      // 3: never moved
      at(applicationCreated({ applicationId: 3, candidateId: 3, appliedAt: day('2025-03-07') })),
    ],
  );
}

describe('analytics_applications stored form (version 5)', () => {
  const { get, docs } = history();

  it('leaves out what is empty or follows from the rest', () => {
    expect(get('analytics_applications', 3)).toEqual({
      id: 3,
      candidateId: 3,
      jobId: 1,
      createdAt: day('2025-03-07'),
      stage: 'applied',
      stays: [{ stage: 'applied', enteredAt: day('2025-03-07') }],
      funnelKey: '0',
      detached: false,
      source: null,
      createdBy: 'u1',
    });
    expect(get('analytics_applications', 1)).toMatchObject({
      stays: [
        { stage: 'applied', enteredAt: day('2025-03-02') },
        { stage: 'phone_screen', enteredAt: day('2025-03-03'), movedBy: maria },
        { stage: 'placed', enteredAt: day('2025-03-09'), movedBy: maria },
      ],
    });
    for (const doc of docs('analytics_applications') as StoredAnalyticsApplicationDoc[]) {
      for (const stay of doc.stays) expect(stay).not.toHaveProperty('leftAt');
    }
  });

  it('expands to the whole document version 4 stored', () => {
    const whole: AnalyticsApplicationDoc = {
      id: 1,
      candidateId: 1,
      jobId: 1,
      createdAt: day('2025-03-02'),
      stage: 'placed',
      firstPlacedAt: day('2025-03-09'),
      stays: [
        { stage: 'applied', enteredAt: day('2025-03-02'), leftAt: day('2025-03-03'), movedBy: null },
        { stage: 'phone_screen', enteredAt: day('2025-03-03'), leftAt: day('2025-03-09'), movedBy: maria },
        { stage: 'placed', enteredAt: day('2025-03-09'), leftAt: null, movedBy: maria },
      ],
      placements: [{ placedAt: day('2025-03-09'), fee: 50, salary: 200 }],
      detachments: [],
      funnelKey: '5',
      detached: false,
      standing: { placedAt: day('2025-03-09'), fee: 50, salary: 200, by: maria },
      standingPlacedAt: day('2025-03-09'),
      source: null,
      createdBy: 'u1',
    };
    expect(expandAnalyticsApplication(get('analytics_applications', 1) as StoredAnalyticsApplicationDoc)).toEqual(whole);
    expect(expandAnalyticsApplication(get('analytics_applications', 2) as StoredAnalyticsApplicationDoc)).toMatchObject({
      firstPlacedAt: null,
      stays: [{ stage: 'applied', enteredAt: day('2025-03-04'), leftAt: null, movedBy: null }],
      placements: [],
      detachments: [{ from: day('2025-03-05'), to: day('2025-03-06') }],
      detached: false,
      standing: null,
      standingPlacedAt: null,
    });
    // a whole document (version 4, or written by hand) is read as it is
    expect(expandAnalyticsApplication(whole)).toBe(whole);
    for (const doc of docs('analytics_applications') as StoredAnalyticsApplicationDoc[]) {
      expect(storedAnalyticsApplication(expandAnalyticsApplication(doc))).toEqual(doc);
    }
  });

  // a third on an application never placed (B3's), a fifth on this placement-heavy history
  it('stores fewer bytes', () => {
    const stored = docs('analytics_applications') as StoredAnalyticsApplicationDoc[];
    const bytes = (list: unknown[]) => list.reduce<number>((n, d) => n + JSON.stringify(d).length, 0);
    expect(bytes(stored)).toBeLessThan(0.8 * bytes(stored.map(expandAnalyticsApplication)));
  });
});
