import { describe, expect, it } from 'vitest';
import type { EventOfType } from '@ats/events';
import { candidateDecider, type CandidateEvent, type RegisterCandidate } from '../src/domain/candidates/decider';
import { planMerge } from '../src/domain/candidates/merge';
import { fold } from '../src/domain/shared/decider';

const meta = { now: '2026-11-03T08:00:00.000Z', actor: { id: 'u1', name: 'Ann Lee' } };
const later = (days: number) => ({ ...meta, now: new Date(Date.parse(meta.now) + days * 86_400_000).toISOString() });

function registered(candidateId: number, overrides: Partial<RegisterCandidate['data']> = {}): CandidateEvent {
  return {
    type: 'CandidateRegistered',
    data: {
      candidateId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `ada${candidateId}@example.com`,
      phone: null,
      mobilePhone: null,
      currentTitle: 'CTO',
      currentCompany: 'Analytical Engines',
      location: null,
      linkedinUrl: null,
      skills: ['Math'],
      experience: null,
      salaryExpectation: 250,
      summary: null,
      resumeFileName: null,
      resumeText: null,
      resumeUploadedAt: null,
      status: 'active',
      ...overrides,
    },
  };
}

const survivorEvents = [registered(1)];
const absorbedEvents = [registered(2, { phone: '+44 20 7946 0000', skills: ['Math', 'Poetry'], currentTitle: 'Countess' })];
const state = (events: CandidateEvent[]) => fold(candidateDecider, events);

function merged(): { data: EventOfType<'CandidatesMerged'>['data']; survivor: CandidateEvent[]; absorbed: CandidateEvent[] } {
  const data = planMerge(state(survivorEvents), state(absorbedEvents), { phone: 'absorbed', currentTitle: 'survivor' }, meta.now);
  const survivor = [
    ...survivorEvents,
    ...candidateDecider.decide({ type: 'MergeCandidates', data, metadata: meta }, state(survivorEvents)),
  ];
  const absorbed = [
    ...absorbedEvents,
    ...candidateDecider.decide({ type: 'AbsorbIntoSurvivor', data, metadata: meta }, state(absorbedEvents)),
  ];
  return { data, survivor, absorbed };
}

describe('merging two candidates', () => {
  describe('when the user picks values per field', () => {
    it('takes the chosen values from the absorbed record, unites the skills and remembers what was replaced', () => {
      const { data } = merged();
      expect(data).toEqual({
        survivorId: 1,
        absorbedId: 2,
        changes: { phone: '+44 20 7946 0000', skills: ['Math', 'Poetry'] },
        previous: { phone: null, skills: ['Math'] },
        mergedAt: meta.now,
      });
    });
    it('gives the survivor the values and marks the absorbed record as merged into it', () => {
      const { survivor, absorbed } = merged();
      const s = state(survivor);
      expect(s.status === 'registered' && s.fields.phone).toBe('+44 20 7946 0000');
      expect(state(absorbed)).toMatchObject({ status: 'merged', survivorId: 1 });
    });
    it('refuses to merge a record with itself', () => {
      expect(() => planMerge(state(survivorEvents), state(survivorEvents), {}, meta.now)).toThrow(/two different/);
    });
  });

  describe('when a record was merged already', () => {
    it('refuses to absorb it a second time (409) and refuses edits to it (404)', () => {
      const { absorbed, data } = merged();
      expect(() => candidateDecider.decide({ type: 'AbsorbIntoSurvivor', data, metadata: meta }, state(absorbed))).toThrow(
        /already merged/,
      );
      expect(() =>
        candidateDecider.decide(
          { type: 'UpdateCandidate', data: { candidateId: 2, changes: { firstName: 'X' } }, metadata: meta },
          state(absorbed),
        ),
      ).toThrow(/not found/);
    });
  });

  describe('when the merge is undone', () => {
    it('restores both records as they were within the window', () => {
      const { survivor, absorbed } = merged();
      const unmerge = { type: 'UnmergeCandidates' as const, data: { survivorId: 1, absorbedId: 2 }, metadata: later(29) };
      const events = candidateDecider.decide(unmerge, state(survivor));
      expect(events).toEqual([
        { type: 'CandidatesUnmerged', data: { survivorId: 1, absorbedId: 2, restored: { phone: null, skills: ['Math'] } } },
      ]);
      const [event] = events as [EventOfType<'CandidatesUnmerged'>];
      const released = candidateDecider.decide(
        { type: 'ReleaseFromSurvivor', data: { ...unmerge.data, event }, metadata: later(29) },
        state(absorbed),
      );
      expect(state([...survivor, ...events])).toEqual(state(survivorEvents));
      expect(state([...absorbed, ...released])).toEqual(state(absorbedEvents));
    });
    it('keeps a value edited after the merge', () => {
      const { survivor } = merged();
      const edited = [...survivor, { type: 'CandidateUpdated' as const, data: { candidateId: 1, changes: { phone: '+1 555' } } }];
      const [event] = candidateDecider.decide(
        { type: 'UnmergeCandidates', data: { survivorId: 1, absorbedId: 2 }, metadata: later(1) },
        state(edited),
      );
      expect(event?.type === 'CandidatesUnmerged' && event.data.restored).toEqual({ skills: ['Math'] });
    });
    it('refuses after 30 days (409 unmerge_expired)', () => {
      const { survivor } = merged();
      expect(() =>
        candidateDecider.decide(
          { type: 'UnmergeCandidates', data: { survivorId: 1, absorbedId: 2 }, metadata: later(31) },
          state(survivor),
        ),
      ).toThrow(/30 days/);
    });
    it('refuses to unmerge a record that was not merged into this one', () => {
      expect(() =>
        candidateDecider.decide(
          { type: 'UnmergeCandidates', data: { survivorId: 1, absorbedId: 2 }, metadata: meta },
          state(survivorEvents),
        ),
      ).toThrow(/not merged/);
    });
  });
});

describe('consent and retention', () => {
  it('records the lawful basis and consent state of a live candidate', () => {
    const data = {
      candidateId: 1,
      basis: 'consent' as const,
      state: 'given' as const,
      source: 'e-mail reply',
      recordedAt: meta.now,
      note: null,
    };
    expect(candidateDecider.decide({ type: 'RecordConsent', data, metadata: meta }, state(survivorEvents))).toEqual([
      { type: 'CandidateConsentRecorded', data },
    ]);
  });
  it('keeps a candidate N months from now', () => {
    const [event] = candidateDecider.decide(
      { type: 'ExtendRetention', data: { candidateId: 1, months: 6, reason: null }, metadata: meta },
      state(survivorEvents),
    );
    expect(event).toEqual({
      type: 'CandidateRetentionExtended',
      data: { candidateId: 1, months: 6, reason: null, until: '2027-05-03T08:00:00.000Z' },
    });
  });
});
