import { beforeAll, describe, expect, it } from 'vitest';
import { parseResume, prepareResumeParser } from '../src';

describe('resume parsing (built-in rules)', () => {
  beforeAll(prepareResumeParser);

  it('reads a classic header layout', () => {
    const text = `MARIA CHEN
Chief Financial Officer at Helios Health
San Francisco, CA | maria.chen@example.com | +1 (415) 555-0134
Mobile: +1 628 555 0199
linkedin.com/in/maria-chen-cfo

Summary
Finance executive with 17 years of experience leading IPO readiness and M&A.

Skills
Financial Planning, M&A, Investor Relations, Treasury, GAAP

Experience
Chief Financial Officer, Helios Health (2019 – Present)`;
    expect(parseResume(text)).toEqual({
      firstName: 'Maria',
      lastName: 'Chen',
      email: 'maria.chen@example.com',
      phone: '+1 (415) 555-0134',
      mobilePhone: '+1 628 555 0199',
      currentTitle: 'Chief Financial Officer',
      currentCompany: 'Helios Health',
      location: 'San Francisco, CA',
      linkedinUrl: 'https://linkedin.com/in/maria-chen-cfo',
      skills: ['Financial Planning', 'M&A', 'Investor Relations', 'Treasury', 'GAAP'],
      experience: '17+ years',
      summary: 'Finance executive with 17 years of experience leading IPO readiness and M&A.',
      confidence: expect.objectContaining({ firstName: expect.any(Number), email: expect.any(Number) }) as unknown,
    });
  });

  it('finds the title in the experience section when the header has none', () => {
    const text = `Dmitri Ivanov
dmitri@ivanov.dev · London, UK · 020 7946 0958

PROFESSIONAL EXPERIENCE
VP Engineering — Cobalt Systems, 2020–present
Built a 120-person engineering organisation on Kubernetes and TypeScript.`;
    const parsed = parseResume(text);
    expect(parsed).toMatchObject({
      firstName: 'Dmitri',
      lastName: 'Ivanov',
      email: 'dmitri@ivanov.dev',
      location: 'London, UK',
      currentTitle: 'VP Engineering',
      currentCompany: 'Cobalt Systems',
    });
    expect(parsed.phone).toBe('020 7946 0958');
    expect(parsed.skills).toEqual(expect.arrayContaining(['Kubernetes', 'TypeScript']));
  });

  it('leaves out what it cannot find instead of guessing', () => {
    const parsed = parseResume('experienced operator looking for new challenges in logistics and supply chain management roles.');
    expect(parsed.firstName).toBeUndefined();
    expect(parsed.email).toBeUndefined();
    expect(parsed.phone).toBeUndefined();
    expect(parsed.skills).toEqual(['Supply Chain', 'Logistics']);
  });
});
