import { describe, expect, it } from 'vitest';
import { eventLog, project } from '../../../test/support/events';
import { applicationCreated, jobCreated, stageChanged } from '../../../test/support/fixtures';
import { analyticsJobHealthProjection, type AnalyticsJobHealthDoc } from './index';

/** a document's applications as `{ id: { stage, movedAt } }` (what version 1 stored), to read the assertions */
function applicationsOf(doc: unknown): Record<string, { stage: string; movedAt: string }> {
  const out: Record<string, { stage: string; movedAt: string }> = {};
  for (const [stage, ids] of Object.entries((doc as AnalyticsJobHealthDoc | null)?.movedAt ?? {})) {
    for (const [id, at] of Object.entries(ids)) out[id] = { stage, movedAt: new Date(at).toISOString() };
  }
  return out;
}

describe('analytics_job_health projection', () => {
  it('keeps each job’s applications with their stage and last move', () => {
    const at = eventLog();
    const { get } = project(
      [analyticsJobHealthProjection],
      [
        at(jobCreated({ jobId: 1 }), { occurredAt: '2025-01-01T00:00:00.000Z' }),
        at(jobCreated({ jobId: 2, title: 'CFO' }), { occurredAt: '2025-01-02T00:00:00.000Z' }),
        at(applicationCreated({ applicationId: 1, appliedAt: '2025-01-05T00:00:00.000Z' })),
        at(applicationCreated({ applicationId: 2, candidateId: 2, appliedAt: '2025-01-06T00:00:00.000Z' })),
        at(stageChanged('applied', 'offer', { applicationId: 1, changedAt: '2025-02-01T00:00:00.000Z' })),
        // moved back
        at(stageChanged('offer', 'interview', { applicationId: 1, changedAt: '2025-02-03T00:00:00.000Z' })),
        at({ type: 'ApplicationDetached', data: { applicationId: 2, candidateId: 2, jobId: 1, detachedBy: { id: 'u1', name: 'T' } } }),
        at({ type: 'JobUpdated', data: { jobId: 1, changes: { status: 'interviewing', title: 'VP Eng' } } }),
        at({ type: 'JobDeleted', data: { jobId: 2 } }),
      ],
    );
    expect(get('analytics_job_health', 1)).toMatchObject({
      title: 'VP Eng',
      status: 'interviewing',
      openedAt: '2025-01-01T00:00:00.000Z',
      movedAt: { interview: { 1: Date.parse('2025-02-03T00:00:00.000Z') } },
      lastMoveAt: '2025-02-03T00:00:00.000Z',
      deleted: false,
    });
    // the detached application is gone, and so is the stage nobody stands at
    expect(get('analytics_job_health', 1)?.movedAt).toEqual({ interview: { 1: Date.parse('2025-02-03T00:00:00.000Z') } });
    expect(get('analytics_job_health', 2)).toMatchObject({ deleted: true, movedAt: {}, lastMoveAt: null });
  });

  it('never changes the document it was given, and stores plain JSON', () => {
    const at = eventLog();
    const evolve = (doc: Parameters<typeof analyticsJobHealthProjection.evolve>[0], event: ReturnType<typeof at>) =>
      analyticsJobHealthProjection.evolve(doc, event as never, { lookup: () => null });
    const created = evolve(null, at(jobCreated({ jobId: 1 })));
    const one = evolve(created, at(applicationCreated({ applicationId: 1, appliedAt: '2025-01-05T00:00:00.000Z' })));
    const two = evolve(one, at(applicationCreated({ applicationId: 2, candidateId: 2, appliedAt: '2025-01-06T00:00:00.000Z' })));
    const moved = evolve(two, at(stageChanged('applied', 'offer', { applicationId: 1, changedAt: '2025-02-01T00:00:00.000Z' })));
    const detached = evolve(
      moved,
      at({ type: 'ApplicationDetached', data: { applicationId: 2, candidateId: 2, jobId: 1, detachedBy: { id: 'u1', name: 'T' } } }),
    );
    expect(created?.movedAt).toEqual({});
    expect(applicationsOf(one)).toEqual({ 1: { stage: 'applied', movedAt: '2025-01-05T00:00:00.000Z' } });
    expect(Object.keys((two as AnalyticsJobHealthDoc | null)?.movedAt.applied ?? {})).toEqual(['1', '2']);
    expect(applicationsOf(moved)).toMatchObject({ 1: { stage: 'offer' }, 2: { stage: 'applied' } });
    // stages in the order of the pipeline, whatever order they were entered
    expect(Object.keys((moved as AnalyticsJobHealthDoc | null)?.movedAt ?? {})).toEqual(['applied', 'offer']);
    expect(applicationsOf(detached)).toEqual({ 1: { stage: 'offer', movedAt: '2025-02-01T00:00:00.000Z' } });
    // what is stored (and read back) is the same plain document
    const stored = JSON.parse(JSON.stringify(detached)) as typeof detached;
    expect(stored).toEqual(detached);
    expect(stored).toMatchObject({
      lastMoveAt: '2025-02-01T00:00:00.000Z',
      movedAt: { offer: { 1: Date.parse('2025-02-01T00:00:00.000Z') } },
    });
    // a document read back from the store evolves like one kept in memory
    const again = evolve(stored, at(stageChanged('offer', 'placed', { applicationId: 1, changedAt: '2025-03-01T00:00:00.000Z' })));
    expect(applicationsOf(again)).toEqual({ 1: { stage: 'placed', movedAt: '2025-03-01T00:00:00.000Z' } });
    expect(applicationsOf(stored)).toEqual({ 1: { stage: 'offer', movedAt: '2025-02-01T00:00:00.000Z' } });
  });

  it('keeps every version exact over many moves and detaches (changes folded into the base as they grow)', () => {
    const at = eventLog();
    const evolve = (doc: Parameters<typeof analyticsJobHealthProjection.evolve>[0], event: ReturnType<typeof at>) =>
      analyticsJobHealthProjection.evolve(doc, event as never, { lookup: () => null });
    let doc = evolve(null, at(jobCreated({ jobId: 1 })));
    const expected = new Map<number, { stage: string; movedAt: string }>();
    const versions: Array<{ doc: typeof doc; json: string }> = [];
    const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 3_600_000).toISOString();
    for (let i = 1; i <= 400; i++) {
      // a deterministic mix: attach, move an earlier one, detach an earlier one, re-attach
      const id = i % 7 === 3 ? Math.ceil(i / 3) : i;
      if (i % 5 === 0 && expected.has(i - 4)) {
        doc = evolve(
          doc,
          at({
            type: 'ApplicationDetached',
            data: { applicationId: i - 4, candidateId: i - 4, jobId: 1, detachedBy: { id: 'u1', name: 'T' } },
          }),
        );
        expected.delete(i - 4);
      } else if (expected.has(id)) {
        doc = evolve(doc, at(stageChanged('applied', 'interview', { applicationId: id, candidateId: id, changedAt: day(i) })));
        expected.set(id, { stage: 'interview', movedAt: day(i) });
      } else {
        doc = evolve(doc, at(applicationCreated({ applicationId: id, candidateId: id, appliedAt: day(i) })));
        expected.set(id, { stage: 'applied', movedAt: day(i) });
      }
      versions.push({ doc, json: JSON.stringify(Object.fromEntries([...expected].sort((a, b) => a[0] - b[0]))) });
      // now and then from a stored copy, as after a flush dropped it from memory
      if (i % 97 === 0) doc = JSON.parse(JSON.stringify(doc)) as typeof doc;
    }
    // every earlier version still holds what it held when made (read late, as a flush does)
    for (const { doc: version, json } of versions) expect(JSON.stringify(applicationsOf(version))).toBe(json);
    expect(Object.keys(applicationsOf(doc)).map(Number)).toEqual([...expected.keys()].sort((a, b) => a - b));
  });
});
