import { describe, expect, it } from 'vitest';
import type { Candidate } from '@ats/contracts';
import { defaultChoices, differingFields } from './merge-fields';

const base = {
  id: 1,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  mobilePhone: null,
  location: 'London',
  linkedinUrl: null,
  currentTitle: 'CTO',
  currentCompany: null,
  status: 'active',
  experienceLevel: null,
  skills: [],
  summary: null,
  salaryExpectation: 250,
  resumeFileName: null,
  resumeUploadedAt: null,
  resumeText: null,
  aiLastAnalyzed: null,
  aiMatchScore: null,
  createdBy: 'u1',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
} satisfies Candidate;

describe('merge fields', () => {
  it('lists only the fields that differ, and fills empty ones from the other record by default', () => {
    const rows = differingFields(base, { ...base, id: 2, phone: '+44 1', location: 'Paris', experienceLevel: 'Executive' });
    expect(rows.map((r) => [r.field, r.survivor, r.absorbed])).toEqual([
      ['phone', '', '+44 1'],
      ['location', 'London', 'Paris'],
      ['experience', '', 'Executive'],
    ]);
    expect(defaultChoices(rows)).toEqual({ phone: 'absorbed', location: 'survivor', experience: 'absorbed' });
  });
  it("offers the e-mail right after the name, keeping the survivor's by default", () => {
    const rows = differingFields(base, { ...base, id: 2, email: 'countess@example.com', location: 'Paris' });
    expect(rows.map((r) => [r.field, r.survivor, r.absorbed])).toEqual([
      ['email', 'ada@example.com', 'countess@example.com'],
      ['location', 'London', 'Paris'],
    ]);
    expect(defaultChoices(rows)).toEqual({ email: 'survivor', location: 'survivor' });
  });
});
