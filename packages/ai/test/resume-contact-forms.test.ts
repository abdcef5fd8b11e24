import { beforeAll, describe, expect, it } from 'vitest';
import { parseResume, prepareResumeParser } from '../src';

const NOW = new Date(Date.UTC(2026, 10, 1));
const resume = (contact: string) => `Jane Doe
Head of Finance
${contact}

Experience
Head of Finance, Acme Ltd, 2019 – Present
Finance Manager, Initech, 2012 – 2019`;

/** Contact details written to dodge scrapers, and phones as people write them (the resume-styles set's misses). */
describe('resume contact details in the forms people write them', () => {
  beforeAll(prepareResumeParser);

  it.each([
    ['jane.doe [at] gmail [dot] com'],
    ['jane.doe(at)gmail.com'],
    ['jane.doe (at) gmail (dot) com'],
    ['jane dot doe at gmail dot com'],
    ['jane.doe@gmail .com'],
    ['jane.doe AT gmail DOT com'],
    ['jane.doe [arroba] gmail [punto] com'],
    ['E-mail: jane.doe{at}gmail{dot}com'],
  ])('reads the address in %j', (written) => {
    expect(parseResume(resume(`London, UK | ${written}`), { now: NOW }).email).toBe('jane.doe@gmail.com');
  });

  it('reads an address a narrow column wrapped', () => {
    expect(parseResume(resume('London, UK\njane.doe [at] gmail\n[dot] com'), { now: NOW }).email).toBe('jane.doe@gmail.com');
    expect(parseResume(resume('London, UK\njane.doe [at] gmail [dot]\ncom'), { now: NOW }).email).toBe('jane.doe@gmail.com');
  });

  it('cuts a table cell glued to the address', () => {
    expect(parseResume(resume('jane.doe@gmail.comMobile\t+44 7911 123456'), { now: NOW }).email).toBe('jane.doe@gmail.com');
  });

  // a guard (true before the change as well): the word forms must not turn prose into an address
  it('does not make an address out of prose', () => {
    const parsed = parseResume(resume('London, UK\nI work at Acme and lead at scale.\nManager at Booking.com'), { now: NOW });
    expect(parsed.email).toBeUndefined();
  });

  it.each([
    ['Office: (415) 555-0132 ext. 12', 'phone', '(415) 555-0132 ext. 12'],
    ['(415) 555-0132 x 12', 'phone', '(415) 555-0132 ext. 12'],
  ] as const)('reads %j as the %s', (written, field, value) => {
    expect(parseResume(resume(`London, UK | jane.doe@gmail.com\n${written}`), { now: NOW })[field]).toBe(value);
  });

  // these four were read right before this change too: kept so that the new rules do not break them
  it.each([
    ['Tel: +44 (0) 20 7946 0958', 'phone', '+44 (0) 20 7946 0958'],
    ['020-7946-0958 (mobile)', 'mobilePhone', '020-7946-0958'],
    ['+1.415.555.0132', 'phone', '+1.415.555.0132'],
    ['Telephone: 0044 20 7946 0958', 'phone', '0044 20 7946 0958'],
  ] as const)('still reads %j as the %s', (written, field, value) => {
    expect(parseResume(resume(`London, UK | jane.doe@gmail.com\n${written}`), { now: NOW })[field]).toBe(value);
  });

  it('reads two labelled numbers whose spacing collapsed', () => {
    const parsed = parseResume(resume('T: +44 (0) 20 7946 0958 M: +44 (0) 7911 654 321\njane.doe@gmail.com'), { now: NOW });
    expect(parsed).toMatchObject({ phone: '+44 (0) 20 7946 0958', mobilePhone: '+44 (0) 7911 654 321' });
  });

  it('takes no date of birth for a phone and no driving licence for a place', () => {
    const parsed = parseResume(
      resume('Geboortedatum: 12-03-1984\nNée le 2 avril 1985 – Nationalité française – Permis B\njane.doe@gmail.com'),
      { now: NOW },
    );
    expect(parsed.phone).toBeUndefined();
    expect(parsed.location).toBeUndefined();
  });

  it('reads a European address without a label, on one line or two', () => {
    expect(parseResume(resume('Helmholtzstraße 7, 01069 Dresden\njane.doe@gmail.com'), { now: NOW }).location).toBe('Dresden');
    expect(parseResume(resume('Bahnhofstrasse 12\n8001 Zürich\njane.doe@gmail.com'), { now: NOW }).location).toBe('Zürich');
  });

  it('reads the contact details of a signature at the bottom', () => {
    const text = `Hi,\n\nPlease find my details below.\n\nEXPERIENCE\nController — Graybar Electric, St. Louis, MO — 2020 – Present\n\nThanks,\nMarcus Reed\nSt. Louis, MO\n(314) 555-0148\nmarcus.reed [at] gmail [dot] com`;
    expect(parseResume(text, { now: NOW })).toMatchObject({
      email: 'marcus.reed@gmail.com',
      phone: '(314) 555-0148',
      location: 'St. Louis, MO',
      firstName: 'Marcus',
      lastName: 'Reed',
    });
  });
});

describe('resume names, dates and entries in the forms people write them', () => {
  beforeAll(prepareResumeParser);

  it('keeps a Spanish surname after "de la" whole, and offers a single name', () => {
    const spanish = parseResume(
      `María José de la Cruz Fernández\nGerente de Marketing\nmj@gmail.com\n\nExperiencia\nGerente de Marketing — Cruzcampo (Heineken España), Sevilla — 2019 – actualidad`,
      { now: NOW },
    );
    expect(spanish).toMatchObject({ firstName: 'María', lastName: 'de la Cruz Fernández', currentCompany: 'Cruzcampo' });
    const single = parseResume(
      `WIRANTO\nFinance Manager\nJakarta · wiranto.fin@gmail.com\n\nExperience\nFinance Manager, PT Unilever Indonesia Tbk — 2020 – Present`,
      { now: NOW },
    );
    expect(single.firstName).toBe('Wiranto');
    expect(single.confidence.firstName).toBeLessThan(0.75);
    expect(single.lastName).toBeUndefined();
  });

  it('reads years written with an apostrophe and bullets before entries', () => {
    const parsed = parseResume(
      `Derek Nguyen\nSan Jose, CA | derek@example.com\n\nWork\nStaff Data Engineer, Stripe — Jan. '19 - now\nData Engineer, Intuit — Aug. '12 - Dec. '18\n\nSchool\nB.S. Computer Science, UC Davis — '08 - '12`,
      { now: NOW },
    );
    expect(parsed).toMatchObject({ currentTitle: 'Staff Data Engineer', currentCompany: 'Stripe', experience: '14+ years' });
    const bullets = parseResume(
      `Lukas Gruber\nWien · lukas@gmx.at\n\nBERUFSERFAHRUNG\n▪ 2019–Heute\tHead of Product, Bitpanda GmbH, Wien\n▪ 2011–2019\tProduktmanager, A1 Telekom Austria, Wien`,
      { now: NOW },
    );
    expect(bullets).toMatchObject({ currentTitle: 'Head of Product', currentCompany: 'Bitpanda GmbH' });
  });

  it('pairs roles and dates of two columns flattened one after the other', () => {
    const parsed = parseResume(
      `Olivia Hale\nStockholm, Sweden | olivia@example.com\n\nEXPERIENCE\nSenior Product Manager, Spotify\nProduct Manager, Klarna\n2021 – present\n2014 – 2021`,
      { now: NOW },
    );
    expect(parsed).toMatchObject({ currentTitle: 'Senior Product Manager', currentCompany: 'Spotify' });
  });

  it('reads Dutch job words and a title followed by its function', () => {
    const dutch = parseResume(`Pieter van der Berg\nUtrecht · pj@ziggo.nl\n\nWerkervaring\n2019–heden\nHoofd Inkoop\nJumbo Supermarkten`, {
      now: NOW,
    });
    expect(dutch).toMatchObject({ lastName: 'van der Berg', currentTitle: 'Hoofd Inkoop', currentCompany: 'Jumbo Supermarkten' });
    const group = parseResume(
      `Emeka Okafor\nLagos, Nigeria · emeka@yahoo.com\n\nEXPERIENCE\nGroup Head, Treasury\nAccess Bank Plc\n03/2019 – present`,
      { now: NOW },
    );
    expect(group).toMatchObject({ currentTitle: 'Group Head, Treasury', currentCompany: 'Access Bank Plc' });
  });
});
