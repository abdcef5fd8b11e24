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

  it('avoids the confident junk of the old rules (issue 17)', () => {
    const parsed = parseResume(
      [
        'Personal Profile',
        'Key Facts',
        'Rebecca L. Stern, CPA',
        'Office: (212) 555-0166 | Mobile: (917) 555-0133',
        'rstern@sterncfo.com',
        'Salary expectation: $420k',
        '',
        'Experience (oldest first)',
        'Manager, Assurance, Ernst & Young 2007 – 2014',
        'Chief Financial Officer Jan 2019 – Present',
        'Meridian Media Group, New York, NY',
        '',
        'Skills',
        'SEC reporting, M&A',
      ].join('\n'),
      { now: new Date(Date.UTC(2026, 10, 1)) },
    );
    expect(parsed).toMatchObject({
      firstName: 'Rebecca',
      lastName: 'Stern',
      phone: '(212) 555-0166',
      mobilePhone: '(917) 555-0133',
      currentTitle: 'Chief Financial Officer',
      currentCompany: 'Meridian Media Group',
      salaryExpectation: 420,
      skills: ['SEC reporting', 'M&A'],
    });
    expect(parsed.location ?? '').not.toMatch(/CPA/);
    // 2007–2014 (through December) and Jan 2019–now: 8 + 7.9 years, the gap not counted
    expect(parsed.experience).toBe('15+ years');
  });

  it('reads a European personal-details block', () => {
    const parsed = parseResume(
      [
        'Lebenslauf',
        'Persönliche Daten',
        'Name: Jürgen Baumann',
        'Adresse: Leopoldstraße 112, 80802 München',
        'Mobil: +49 171 2345678',
        'E-Mail: jb@web.de',
      ].join('\n'),
    );
    expect(parsed).toMatchObject({ firstName: 'Jürgen', lastName: 'Baumann', location: 'München', mobilePhone: '+49 171 2345678' });
  });

  it('reads a form with dot leaders, a quoted nickname and a remark after the place', () => {
    const parsed = parseResume(
      [
        'CURRICULUM VITAE',
        '',
        'NAME ........ Dr. Oluwaseun "Seun" Adeyemi-Clarke',
        'E-MAIL ...... oadeyemi@proton.me',
        'MOBILE ...... (+234) 803-555-0147',
        'BASED IN .... Lagos, Nigeria (open to relocate: London / Dubai)',
        '',
        '>> WHAT I DO NOW',
        '   2021 – present   Group Chief Financial Officer, Zenith Crescent Holdings plc',
      ].join('\n'),
    );
    expect(parsed).toMatchObject({
      firstName: 'Oluwaseun',
      lastName: 'Adeyemi-Clarke',
      email: 'oadeyemi@proton.me',
      mobilePhone: '+234 803-555-0147',
      location: 'Lagos, Nigeria',
      currentTitle: 'Group Chief Financial Officer',
    });
  });
});
