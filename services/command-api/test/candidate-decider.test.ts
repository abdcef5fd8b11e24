import { describe, expect, it } from 'vitest';
import { candidateDecider, type RegisterCandidate } from '../src/domain/candidates/decider';
import { emailReservationDecider } from '../src/domain/candidates/email-reservation';
import { fold } from '../src/domain/shared/decider';

const meta = { now: '2026-11-03T08:00:00.000Z', actor: { id: 'u1', name: 'Ann Lee' } };
const register: RegisterCandidate = {
  type: 'RegisterCandidate',
  data: {
    candidateId: 5,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: null,
    mobilePhone: null,
    currentTitle: 'CTO',
    currentCompany: null,
    location: null,
    linkedinUrl: null,
    skills: ['Math'],
    experience: null,
    salaryExpectation: 250,
    summary: null,
    resumeFileName: null,
    resumeText: null,
    resumeUploadedAt: null,
  },
  metadata: meta,
};

describe('candidate decider', () => {
  describe('when a candidate is registered', () => {
    it('records the candidate as active', () => {
      const [event] = candidateDecider.decide(register, fold(candidateDecider, []));
      expect(event).toEqual({ type: 'CandidateRegistered', data: { ...register.data, status: 'active' } });
    });
    it('refuses to register the same id twice', () => {
      const state = fold(candidateDecider, candidateDecider.decide(register, candidateDecider.initialState()));
      expect(() => candidateDecider.decide(register, state)).toThrow(/already exists/);
    });
  });
  describe('when a candidate is anonymised', () => {
    const anonymise = { type: 'AnonymiseCandidate' as const, data: { candidateId: 5, reason: 'Retention' }, metadata: meta };
    const erase = { type: 'EraseCandidate' as const, data: { candidateId: 5, reason: 'Art. 17' }, metadata: meta };
    const registered = () => fold(candidateDecider, candidateDecider.decide(register, candidateDecider.initialState()));
    it('records a PII-free CandidateAnonymised; a second one is a 409', () => {
      const events = candidateDecider.decide(anonymise, registered());
      expect(events).toEqual([{ type: 'CandidateAnonymised', data: { candidateId: 5, reason: 'Retention' } }]);
      const anonymised = fold(candidateDecider, [...candidateDecider.decide(register, candidateDecider.initialState()), ...events]);
      expect(() => candidateDecider.decide(anonymise, anonymised)).toThrow(/already anonymised/);
      expect(() => candidateDecider.decide(anonymise, candidateDecider.initialState())).toThrow(/not found/);
    });
    it('may still be erased for good, but an erased candidate cannot be anonymised or erased again', () => {
      const anonymised = fold(candidateDecider, [
        ...candidateDecider.decide(register, candidateDecider.initialState()),
        ...candidateDecider.decide(anonymise, registered()),
      ]);
      const erased = candidateDecider.decide(erase, anonymised);
      expect(erased).toEqual([{ type: 'CandidateErased', data: { candidateId: 5, reason: 'Art. 17' } }]);
      const gone = fold(candidateDecider, [...candidateDecider.decide(register, candidateDecider.initialState()), ...erased]);
      expect(() => candidateDecider.decide(anonymise, gone)).toThrow(/already erased/);
      expect(() => candidateDecider.decide(erase, gone)).toThrow(/already erased/);
    });
  });
  describe('when a candidate is deleted', () => {
    it('records the deletion once; a second delete is a 404', () => {
      const registered = fold(candidateDecider, candidateDecider.decide(register, candidateDecider.initialState()));
      const events = candidateDecider.decide({ type: 'DeleteCandidate', data: { candidateId: 5 }, metadata: meta }, registered);
      expect(events).toEqual([{ type: 'CandidateDeleted', data: { candidateId: 5 } }]);
      const deleted = fold(candidateDecider, [...candidateDecider.decide(register, candidateDecider.initialState()), ...events]);
      expect(() => candidateDecider.decide({ type: 'DeleteCandidate', data: { candidateId: 5 }, metadata: meta }, deleted)).toThrow(
        /not found/,
      );
    });
  });
});

describe('when a resume is uploaded', () => {
  const blob = {
    blobId: '0b0c7c1e-5d6f-4f7a-9a59-0d7d0c7f2b11',
    fileName: 'ada.pdf',
    size: 10,
    mimeType: 'application/pdf',
    sha256: 'b'.repeat(64),
  };
  const upload = { type: 'UploadResume' as const, data: { candidateId: 5, blob, resumeText: 'Ada', uploadedAt: meta.now }, metadata: meta };
  it('records the blob reference and text; the state shows the file', () => {
    const registered = fold(candidateDecider, candidateDecider.decide(register, candidateDecider.initialState()));
    const events = candidateDecider.decide(upload, registered);
    expect(events).toEqual([{ type: 'CandidateResumeUploaded', data: upload.data }]);
    const after = events.reduce(candidateDecider.evolve, registered);
    expect(after.status === 'registered' && after.fields).toMatchObject({
      resumeFileName: 'ada.pdf',
      resumeText: 'Ada',
      resumeUploadedAt: meta.now,
    });
  });
  it('is a 404 for a candidate that does not exist', () => {
    expect(() => candidateDecider.decide(upload, candidateDecider.initialState())).toThrow(/not found/);
  });
});

describe('candidate e-mail reservation', () => {
  const reserve = (candidateId: number, takeOverFrom: number | null = null) => ({
    type: 'ReserveCandidateEmail' as const,
    data: { email: 'ada@example.com', candidateId, takeOverFrom },
    metadata: meta,
  });
  it('reserves a free address', () => {
    expect(emailReservationDecider.decide(reserve(1), emailReservationDecider.initialState())).toEqual([
      { type: 'CandidateEmailReserved', data: { email: 'ada@example.com', candidateId: 1 } },
    ]);
  });
  it('refuses an address held by another live candidate with the field message', () => {
    const held = fold(emailReservationDecider, [{ type: 'CandidateEmailReserved', data: { email: 'ada@example.com', candidateId: 1 } }]);
    expect(() => emailReservationDecider.decide(reserve(2), held)).toThrow('A candidate with this email already exists');
  });
  it('lets the verified orphan (holder never registered) be taken over, and only that holder', () => {
    const held = fold(emailReservationDecider, [{ type: 'CandidateEmailReserved', data: { email: 'ada@example.com', candidateId: 1 } }]);
    expect(emailReservationDecider.decide(reserve(2, 1), held)).toHaveLength(1);
    // a concurrent winner (candidate 3) reserved after the orphan check: no takeover
    const raced = fold(emailReservationDecider, [
      { type: 'CandidateEmailReserved', data: { email: 'ada@example.com', candidateId: 1 } },
      { type: 'CandidateEmailReserved', data: { email: 'ada@example.com', candidateId: 3 } },
    ]);
    expect(() => emailReservationDecider.decide(reserve(2, 1), raced)).toThrow('A candidate with this email already exists');
  });
  it('frees the address when released by its holder', () => {
    const released = fold(emailReservationDecider, [
      { type: 'CandidateEmailReserved', data: { email: 'ada@example.com', candidateId: 1 } },
      { type: 'CandidateEmailReleased', data: { email: 'ada@example.com', candidateId: 1 } },
    ]);
    expect(emailReservationDecider.decide(reserve(2), released)).toHaveLength(1);
  });
});
