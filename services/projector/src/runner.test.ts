import { describe, expect, it } from 'vitest';
import { mergeNotices } from './notices';

const maria = { id: 'u2', name: 'Maria Chen' };

describe('mergeNotices', () => {
  it('folds a batch into one notice per read model, event type and actor, at the batch checkpoint', () => {
    const merged = mergeNotices(
      [
        { position: 0, readModel: 'candidates', ids: [1], eventType: 'CandidateRegistered', actor: maria, refs: { candidateId: [1] } },
        { position: 0, readModel: 'activities', ids: ['e1'], eventType: 'CandidateRegistered', actor: maria, refs: { candidateId: [1] } },
        { position: 0, readModel: 'candidates', ids: [2], eventType: 'CandidateRegistered', actor: maria, refs: { candidateId: [2] } },
        { position: 0, readModel: 'candidates', ids: [2], eventType: 'CandidateDeleted', actor: maria, refs: { candidateId: [2] } },
        { position: 0, readModel: 'candidates', ids: [1], eventType: 'CandidateRegistered', actor: maria, refs: { candidateId: [1] } },
        {
          position: 0,
          readModel: 'candidates',
          ids: [3],
          eventType: 'CandidateRegistered',
          actor: { id: 'u3', name: 'Sam Lee' },
          refs: {},
        },
      ],
      42,
    );
    expect(merged).toEqual([
      { position: 42, readModel: 'candidates', ids: [1, 2], eventType: 'CandidateRegistered', actor: maria, refs: { candidateId: [1, 2] } },
      { position: 42, readModel: 'activities', ids: ['e1'], eventType: 'CandidateRegistered', actor: maria, refs: { candidateId: [1] } },
      { position: 42, readModel: 'candidates', ids: [2], eventType: 'CandidateDeleted', actor: maria, refs: { candidateId: [2] } },
      { position: 42, readModel: 'candidates', ids: [3], eventType: 'CandidateRegistered', actor: { id: 'u3', name: 'Sam Lee' }, refs: {} },
    ]);
  });

  it('does not share arrays with its input', () => {
    const input = [
      { position: 0, readModel: 'notes' as const, ids: [1], eventType: 'NoteAdded', actor: maria, refs: { candidateId: [9] } },
    ];
    const [merged] = mergeNotices([...input, { ...input[0]!, ids: [2] }], 1);
    expect(merged?.ids).toEqual([1, 2]);
    expect(input[0]!.ids).toEqual([1]);
  });
});
