import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ERASED, PII_FIELD, SubjectKeyMissingError, openData, sealData, sealedKeyIdOf } from '../src/subject-crypto';
import { nodeCipher } from '../src/node';

const key = randomBytes(32);

/** a deep copy frozen all the way down: sealing and opening must not write to their input */
function frozen<T>(value: T): T {
  const copy = structuredClone(value);
  const freeze = (v: unknown) => {
    if (v && typeof v === 'object') {
      for (const child of Object.values(v)) freeze(child);
      Object.freeze(v);
    }
  };
  freeze(copy);
  return copy;
}

const cases: Array<[string, Record<string, unknown>, string[]]> = [
  [
    'CandidateUpdated',
    { candidateId: 7, changes: { firstName: 'Åsa', email: 'asa@example.com', status: 'active' }, updatedBy: { id: 'u1', name: 'Rec' } },
    ['changes.firstName', 'changes.email'],
  ],
  [
    'CandidateResumeUploaded',
    { candidateId: 7, resumeText: 'CV …', blob: { fileName: 'cv.pdf', size: 10, sha256: 'ab' } },
    ['resumeText', 'blob.fileName'],
  ],
  [
    'CandidatesMerged',
    { survivorId: 3, absorbedId: 4, changes: { phone: '+1 555' }, previous: { phone: null, email: 'old@example.com' } },
    ['changes.phone', 'previous.email'],
  ],
  // sweep ten: an interview's place and video link, its invitation's address, an application's AI analysis
  [
    'InterviewDetailsChanged',
    { interviewId: 2, candidateId: 7, changes: { location: 'Home of Åsa Berg', videoLink: 'https://meet.example.com/asa', type: 'video' } },
    ['changes.location', 'changes.videoLink'],
  ],
  [
    'InterviewInvitationSent',
    {
      interviewId: 2,
      candidateId: 7,
      communicationId: 5,
      method: 'REQUEST',
      sequence: 0,
      recipientAddress: 'asa@example.com',
      delivered: true,
    },
    ['recipientAddress'],
  ],
  [
    'AiAnalysisRecorded',
    {
      analysisId: 9,
      entityType: 'application',
      entityId: 4,
      candidateId: 7,
      results: { summary: 'Åsa (asa@example.com) fits' },
      score: 80,
    },
    ['results'],
  ],
];

describe('subject crypto: sealing and opening personal fields', () => {
  it.each(cases)('%s: seals exactly the personal fields, opens to the same data, leaves the input untouched', (type, data, fields) => {
    const input = frozen(data);
    const sealed = sealData(type, input, key, nodeCipher) as Record<string, unknown>;
    expect(input).toEqual(data);
    expect((sealed[PII_FIELD] as { f: string[] }).f.sort()).toEqual([...fields].sort());
    expect(JSON.stringify(sealed)).not.toContain('example.com');
    for (const field of fields) {
      const [head, tail] = field.split('.');
      expect(tail ? (sealed[head!] as Record<string, unknown>)[tail] : sealed[head!]).toBeUndefined();
    }
    const opened = openData(frozen(sealed), key, nodeCipher);
    expect(opened).toEqual(data);
    // the sealed form was not written to either
    expect(sealedKeyIdOf(sealed)).toMatch(/^candidate-\d+$/);
  });

  it('opens a field whose parent object is gone from the stored form (a path with nothing else left in it)', () => {
    const data = { candidateId: 1, changes: { firstName: 'Ann' } };
    const sealed = sealData('CandidateUpdated', data, key, nodeCipher) as Record<string, unknown>;
    expect(sealed.changes).toEqual({});
    const { changes: _dropped, ...withoutChanges } = sealed;
    expect(openData(withoutChanges, key, nodeCipher)).toEqual(data);
  });

  it('returns data with nothing personal as it is, reads an erased key as [erased] and a missing key loudly', () => {
    const plain = { candidateId: 1, changes: { status: 'active' } };
    expect(sealData('CandidateUpdated', plain, key, nodeCipher)).toBe(plain);
    expect(sealData('ApplicationStageChanged', { applicationId: 1 }, key, nodeCipher)).toEqual({ applicationId: 1 });
    // an application's analysis recorded before it carried its candidate cannot be keyed
    const oldAnalysis = { analysisId: 1, entityType: 'application', entityId: 4, results: { summary: 's' } };
    expect(sealData('AiAnalysisRecorded', oldAnalysis, key, nodeCipher)).toBe(oldAnalysis);
    const sealed = sealData('CandidateUpdated', { candidateId: 1, changes: { email: 'a@example.com', status: 'x' } }, key, nodeCipher);
    expect(openData(sealed, 'erased', nodeCipher)).toEqual({ candidateId: 1, changes: { email: ERASED, status: 'x' } });
    expect(() => openData(sealed, undefined, nodeCipher)).toThrow(SubjectKeyMissingError);
    expect(() => openData(sealed, randomBytes(32), nodeCipher)).toThrow();
  });

  it('seals with a fresh iv every time, across refills of the iv pool, and each seal opens', () => {
    const ivs = new Set<string>();
    const sealed: string[] = [];
    for (let i = 0; i < 1500; i++) {
      const text = nodeCipher.seal(key, `{"n":${i}}`);
      sealed.push(text);
      ivs.add(Buffer.from(text, 'base64').subarray(0, 12).toString('hex'));
    }
    expect(ivs.size).toBe(1500);
    // a seal made before a refill still opens after it (its iv was not overwritten)
    expect(sealed.map((text) => nodeCipher.open(key, text))).toEqual(sealed.map((_, i) => `{"n":${i}}`));
  });
});
