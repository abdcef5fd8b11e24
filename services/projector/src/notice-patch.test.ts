import { describe, expect, it } from 'vitest';
import { PATCH_BYTES_LIMIT, noticePatch } from './notice-patch';
import { mergeNotices } from './notices';

const app = {
  id: 7,
  stage: 'screening',
  candidateId: 3,
  jobId: 12,
  appliedAt: '2026-01-01T00:00:00.000Z',
  stageChangedAt: null,
  stageChangedBy: null,
};

describe('noticePatch', () => {
  it('carries a moved card: its new stage, who and when, with its job and candidate and the revision', () => {
    const after = {
      ...app,
      stage: 'interview',
      stageChangedAt: '2026-02-01T00:00:00.000Z',
      stageChangedBy: { id: 'u1', name: 'Riley Chen' },
    };
    expect(noticePatch('applications', app, after, 42)).toEqual({
      id: 7,
      revision: 42,
      fields: {
        candidateId: 3,
        jobId: 12,
        stage: 'interview',
        stageChangedAt: '2026-02-01T00:00:00.000Z',
        stageChangedBy: { id: 'u1', name: 'Riley Chen' },
      },
    });
  });

  it('carries only the changed fields of a candidate, and a removed field as null', () => {
    const before = { id: 3, firstName: 'Ada', lastName: 'Byron', phone: '1', skills: ['A'], updatedAt: 'x' };
    const after = { id: 3, firstName: 'Ada', lastName: 'Lovelace', skills: ['A'], updatedAt: 'y' };
    expect(noticePatch('candidates', before, after, 9)).toEqual({
      id: 3,
      revision: 9,
      fields: { lastName: 'Lovelace', updatedAt: 'y', phone: null },
    });
  });

  it('carries nothing for a creation, a deletion, a read model that is not patchable, or a too big change', () => {
    expect(noticePatch('applications', null, app, 1)).toBeNull();
    expect(noticePatch('applications', app, null, 1)).toBeNull();
    expect(noticePatch('users', { id: 'u1', role: 'recruiter' }, { id: 'u1', role: 'admin' }, 1)).toBeNull();
    expect(noticePatch('notes', { id: 1, text: 'a' }, { id: 1, text: 'b' }, 1)).toBeNull();
    const big = 'x'.repeat(PATCH_BYTES_LIMIT);
    expect(noticePatch('candidates', { id: 3, resumeText: '' }, { id: 3, resumeText: big }, 1)).toBeNull();
  });
});

describe('mergeNotices with patches', () => {
  it('keeps every patch of the merged notices, in order', () => {
    const base = { position: 0, readModel: 'applications' as const, eventType: 'ApplicationStageChanged', actor: { id: 'u1', name: 'A' } };
    const merged = mergeNotices(
      [
        { ...base, ids: [7], patches: [{ id: 7, revision: 1, fields: { stage: 'interview' } }] },
        { ...base, ids: [8] },
        { ...base, ids: [7], patches: [{ id: 7, revision: 2, fields: { stage: 'offer' } }] },
      ],
      5,
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]!.ids).toEqual([7, 8]);
    expect(merged[0]!.patches).toEqual([
      { id: 7, revision: 1, fields: { stage: 'interview' } },
      { id: 7, revision: 2, fields: { stage: 'offer' } },
    ]);
  });
});
