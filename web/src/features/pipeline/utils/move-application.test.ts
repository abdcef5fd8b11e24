import { describe, expect, it } from 'vitest';
import { APPLICATION_STAGES, type Application } from '@ats/contracts';
import { groupByStage, moveApplication } from './move-application';

const app = (id: number, stage: Application['stage']): Application => ({
  id,
  stage,
  appliedAt: '2025-01-01T00:00:00.000Z',
  candidateId: id * 10,
  jobId: 1,
  stageChangedAt: null,
  stageChangedBy: null,
  candidate: { firstName: 'A', lastName: String(id), email: `a${id}@x.io`, location: null, skills: [] },
  job: { title: 'CFO', location: null, client: null },
});

describe('moveApplication', () => {
  it('moves only the given application', () => {
    const list = [app(1, 'applied'), app(2, 'applied')];
    const next = moveApplication(list, 2, 'offer');
    expect(next.map((a) => a.stage)).toEqual(['applied', 'offer']);
    expect(next[0]).toBe(list[0]);
    expect(list[1]?.stage).toBe('applied');
  });
  it('returns the same list when nothing changes', () => {
    const list = [app(1, 'applied')];
    expect(moveApplication(list, 1, 'applied')).toBe(list);
    expect(moveApplication(list, 99, 'offer')).toBe(list);
  });
});

describe('groupByStage', () => {
  it('counts per stage in board order and the total', () => {
    const { total, byStage } = groupByStage([app(1, 'applied'), app(2, 'placed'), app(3, 'applied')], APPLICATION_STAGES);
    expect(total).toBe(3);
    expect(byStage.applied.map((a) => a.id)).toEqual([1, 3]);
    expect(byStage.placed).toHaveLength(1);
    expect(byStage.rejected).toEqual([]);
    expect(Object.keys(byStage)).toEqual([...APPLICATION_STAGES]);
  });
});
