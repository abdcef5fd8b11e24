import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@ats/events';
import { eventLog, project } from '../../../test/support/events';
import { candidateRegistered } from '../../../test/support/fixtures';
import { candidatesProjection } from '../candidates';
import { candidateMatchKeysProjection, MATCH_KEYS, nameCompanyKey, phoneKey, profileUrlKey } from './match-keys';
import { CANDIDATE_PRIVACY, candidatePrivacyProjection } from './privacy';
import { AUDIT_SUBJECTS, auditSubjectsProjection, type AuditSubjectDoc } from './audit-subjects';

const merged: DomainEvent = {
  type: 'CandidatesMerged',
  data: {
    survivorId: 1,
    absorbedId: 2,
    changes: { phone: '+1 555 0100' },
    previous: { phone: '+44 20 7946 0000' },
    mergedAt: '2025-03-02T10:00:00.000Z',
  },
};
const unmerged: DomainEvent = {
  type: 'CandidatesUnmerged',
  data: { survivorId: 1, absorbedId: 2, restored: { phone: '+44 20 7946 0000' } },
};

function twoRecords() {
  const at = eventLog();
  return {
    at,
    events: [
      at(candidateRegistered(), { stream: 'candidate-1' }),
      at(
        candidateRegistered({
          candidateId: 2,
          email: 'ADA@example.org',
          phone: '+1 555 0100',
          linkedinUrl: 'https://www.linkedin.com/in/ada/',
        }),
        {
          stream: 'candidate-2',
        },
      ),
    ],
  };
}

describe('matching keys', () => {
  it('normalise phones, names with companies and profile URLs', () => {
    expect(phoneKey('+44 20 7946 0000')).toBe(phoneKey('020 7946 0000'));
    expect(phoneKey('12')).toBeNull();
    expect(nameCompanyKey('Zoë', 'Smith', 'ACME, Inc.')).toBe(nameCompanyKey('zoe', 'SMITH', 'Acme Inc'));
    expect(nameCompanyKey('Zoë', 'Smith', null)).toBeNull();
    expect(profileUrlKey('https://www.LinkedIn.com/in/ada/?trk=x')).toBe('linkedin.com/in/ada');
  });
});

describe('merge in the candidates and match-key read models', () => {
  it('hides the absorbed record, gives the survivor the chosen values, and an unmerge puts both back', () => {
    const { at, events } = twoRecords();
    const before = project([candidatesProjection, candidateMatchKeysProjection], events);
    const after = project(
      [candidatesProjection, candidateMatchKeysProjection],
      [...events, at(merged, { stream: 'candidate-2', revision: 1 }), at(merged, { stream: 'candidate-1', revision: 1 })],
    );
    expect(after.get('candidates', 2)).toMatchObject({ merged: true, mergedInto: 1 });
    expect(after.get('candidates', 1)).toMatchObject({ phone: '+1 555 0100', mergedFrom: [2] });
    expect(after.get(MATCH_KEYS, 2)).toMatchObject({ active: false });
    expect(after.get(MATCH_KEYS, 1)).toMatchObject({ active: true, phoneKey: phoneKey('+1 555 0100') });

    const undone = project(
      [candidatesProjection, candidateMatchKeysProjection],
      [
        ...events,
        at(merged, { stream: 'candidate-2', revision: 1 }),
        at(merged, { stream: 'candidate-1', revision: 1 }),
        at(unmerged, { stream: 'candidate-1', revision: 2 }),
        at(unmerged, { stream: 'candidate-2', revision: 2 }),
      ],
    );
    const strip = (d: unknown) => {
      const { revision: _r, updatedAt: _u, mergedFrom: _m, ...rest } = d as Record<string, unknown>;
      return rest;
    };
    expect(strip(undone.get('candidates', 2))).toEqual(strip(before.get('candidates', 2)));
    expect(strip(undone.get('candidates', 1))).toEqual(strip(before.get('candidates', 1)));
    expect(undone.get(MATCH_KEYS, 2)).toEqual(before.get(MATCH_KEYS, 2));
    expect(undone.get(MATCH_KEYS, 1)).toEqual(before.get(MATCH_KEYS, 1));
  });
});

describe('candidate privacy read model', () => {
  it('records consent, the last activity (not reads) and how long the candidate is kept', () => {
    const at = eventLog();
    const { get } = project(
      [candidatePrivacyProjection],
      [
        at(candidateRegistered(), { occurredAt: '2024-01-01T00:00:00.000Z' }),
        at(
          {
            type: 'CandidateConsentRecorded',
            data: {
              candidateId: 1,
              basis: 'consent',
              state: 'given',
              source: 'e-mail',
              recordedAt: '2024-01-02T00:00:00.000Z',
              note: null,
            },
          },
          { occurredAt: '2024-02-01T00:00:00.000Z', actor: { id: 'u2', name: 'Rita Recruiter' } },
        ),
        at(
          { type: 'CandidateRetentionExtended', data: { candidateId: 1, months: 6, until: '2024-09-01T00:00:00.000Z', reason: null } },
          { occurredAt: '2024-03-01T00:00:00.000Z' },
        ),
      ],
    );
    expect(get(CANDIDATE_PRIVACY, 1)).toEqual({
      id: 1,
      active: true,
      consent: {
        basis: 'consent',
        state: 'given',
        source: 'e-mail',
        recordedAt: '2024-01-02T00:00:00.000Z',
        note: null,
        recordedBy: 'Rita Recruiter',
      },
      lastActivityAt: '2024-03-01T00:00:00.000Z',
      retainedUntil: '2024-09-01T00:00:00.000Z',
    });
    expect(candidatePrivacyProjection.handles).not.toContain('RecordsAccessed');
  });
});

describe('audit subjects (the audit search person index)', () => {
  it('keeps every name and e-mail a person was known by, a merge survivor takes the other name, and an erasure deletes the entry', () => {
    const { at, events } = twoRecords();
    const renamed: DomainEvent = {
      type: 'CandidateUpdated',
      data: { candidateId: 1, changes: { lastName: 'King', email: 'ada@king.example' } },
    };
    const mergedName: DomainEvent = {
      ...merged,
      data: { ...merged.data, changes: { firstName: 'Augusta' }, previous: { firstName: 'Ada' } },
    } as DomainEvent;
    const log = [
      ...events,
      at(renamed, { stream: 'candidate-1', revision: 1 }),
      at(mergedName, { stream: 'candidate-2', revision: 1 }),
      at(mergedName, { stream: 'candidate-1', revision: 2 }),
    ];
    const { get } = project([auditSubjectsProjection], log);
    const one = get(AUDIT_SUBJECTS, 'candidate-1') as AuditSubjectDoc;
    expect(one.terms.split(' · ')).toEqual(['Ada Lovelace', 'ada@example.com', 'Ada King', 'ada@king.example', 'Augusta King']);
    expect(get(AUDIT_SUBJECTS, 'candidate-2')).toMatchObject({ kind: 'candidate', terms: 'Ada Lovelace · ADA@example.org' });

    for (const type of ['CandidateErased', 'CandidateAnonymised'] as const) {
      const gone = project([auditSubjectsProjection], [...log, at({ type, data: { candidateId: 1, reason: 'Art. 17' } })]);
      expect(gone.get(AUDIT_SUBJECTS, 'candidate-1')).toBeNull();
      expect(gone.get(AUDIT_SUBJECTS, 'candidate-2')).not.toBeNull();
    }
  });
});

describe('anonymised candidates', () => {
  it('keep their record for statistics under no name', () => {
    const at = eventLog();
    const { get } = project(
      [candidatesProjection],
      [
        at(candidateRegistered({ skills: ['IFRS'] }), { stream: 'candidate-1' }),
        at({ type: 'CandidateAnonymised', data: { candidateId: 1, reason: 'Retention' } }, { stream: 'candidate-1', revision: 1 }),
      ],
    );
    expect(get('candidates', 1)).toMatchObject({
      firstName: 'Anonymised',
      lastName: 'candidate',
      email: '',
      phone: null,
      currentTitle: null,
      skills: ['IFRS'],
      anonymised: true,
    });
  });
});
