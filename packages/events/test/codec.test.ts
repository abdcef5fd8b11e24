import { describe, expect, it } from 'vitest';
import { decodeEvent, encodeEvent, type StoredEventLike } from '../src';

const stored = (type: string, data: unknown, schemaVersion = 1): StoredEventLike => ({
  id: '00000000-0000-4000-8000-000000000001',
  type,
  data,
  metadata: { schemaVersion },
  stream: 'job-1',
  revision: 0,
  position: 1,
});

describe('event codec', () => {
  it('encodes with the current schema version and rejects invalid data', () => {
    const encoded = encodeEvent({ type: 'CandidateDeleted', data: { candidateId: 3 } });
    expect(encoded).toEqual({ type: 'CandidateDeleted', data: { candidateId: 3 }, schemaVersion: 1 });
    expect(() => encodeEvent({ type: 'CandidateDeleted', data: { candidateId: -1 } })).toThrow();
  });

  it('decodes a recorded event and refuses unknown types', () => {
    const decoded = decodeEvent(stored('CandidateDeleted', { candidateId: 7 }));
    expect(decoded.type).toBe('CandidateDeleted');
    expect(decoded.data).toEqual({ candidateId: 7 });
    expect(decoded.position).toBe(1);
    expect(() => decodeEvent(stored('NoSuchEvent', {}))).toThrow(/Unknown event type/);
  });

  it('upcasts an older version on read (writes v1, reads v2)', () => {
    // pretend JobCreated v1 lacked feePercentage and the current v2 requires it: the upcaster fills the default
    const v1 = {
      jobId: 1,
      title: 'CFO',
      department: null,
      description: null,
      requirements: null,
      salaryMin: null,
      salaryMax: null,
      hourlyRateMin: null,
      hourlyRateMax: null,
      location: null,
      type: 'full-time',
      priority: 'medium',
      status: 'open',
      clientId: null,
    };
    const upcasters = { 'JobCreated@0': (data: unknown) => ({ ...(data as object), feePercentage: 20 }) };
    const decoded = decodeEvent(stored('JobCreated', v1, 0), upcasters);
    expect(decoded.type === 'JobCreated' && decoded.data.feePercentage).toBe(20);
    expect(() => decodeEvent(stored('JobCreated', v1, 0), {})).toThrow(/No upcaster/);
  });

  it('reads a CommunicationRecorded v1 (before providers) as v2 with no provider', () => {
    const v1 = {
      communicationId: 4,
      type: 'email',
      subject: 'Hi',
      content: 'Hello',
      recipientType: 'candidate',
      recipientId: 2,
      recipientAddress: 'a@b.example',
      sentAt: null,
      delivered: false,
    };
    const decoded = decodeEvent(stored('CommunicationRecorded', v1, 1));
    expect(decoded.data).toEqual({ ...v1, provider: null, providerMessageId: null, note: null });
    const encoded = encodeEvent({
      type: 'CommunicationRecorded',
      data: { ...v1, type: 'email', recipientType: 'candidate', provider: 'outbox', providerMessageId: 'outbox-1', note: 'Not delivered' },
    });
    expect(encoded.schemaVersion).toBe(2);
  });
});
