import { describe, expect, it } from 'vitest';
import { messages } from '@ats/contracts';
import { guessMapping, mappedValues, validateRow } from './fields';

describe('guessMapping', () => {
  it('maps exact names, aliases and headers containing a name, each column once', () => {
    expect(guessMapping('candidates', ['First Name', 'Surname', 'Work Email', 'Job Title', 'Employer', 'Mobile No.', 'Notes?'])).toEqual({
      firstName: 'First Name',
      lastName: 'Surname',
      email: 'Work Email',
      currentTitle: 'Job Title',
      currentCompany: 'Employer',
      mobilePhone: 'Mobile No.',
    });
    // a client's contact e-mail is not its company's
    expect(guessMapping('clients', ['Company', 'Contact', 'Email'])).toEqual({
      companyName: 'Company',
      contactName: 'Contact',
      contactEmail: 'Email',
    });
    expect(guessMapping('jobs', ['Headline'])).toEqual({});
  });
});

describe('validateRow', () => {
  const row = (values: Record<string, string>) => validateRow('candidates', values);

  it('answers the command body of a good row, with typed numbers and lists', () => {
    const { row: ok, errors } = row({
      firstName: 'Ada',
      lastName: 'L',
      email: 'ada@x.example',
      currentTitle: 'CTO',
      skills: 'Go; SQL,  Rust',
      salaryExpectation: '$250',
    });
    expect(errors).toEqual([]);
    expect(ok?.kind === 'candidates' && ok.body).toMatchObject({ skills: ['Go', 'SQL', 'Rust'], salaryExpectation: 250 });
  });

  it("reports each bad cell by field in the forms' words", () => {
    expect(row({ lastName: 'L', email: 'nope', currentTitle: 'CTO', salaryExpectation: 'lots' }).errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: messages.firstNameRequired },
        { field: 'email', message: messages.validEmailRequired },
        { field: 'salaryExpectation', message: 'Salary Expectation must be a number' },
      ]),
    );
    expect(validateRow('clients', { companyName: 'Initech', contactName: 'Bill', contactEmail: 'bad' }).errors).toEqual([
      { field: 'contactEmail', message: messages.invalidEmail },
    ]);
    expect(validateRow('clients', { contactName: 'Bill' }).errors).toEqual([
      { field: 'companyName', message: messages.companyNameRequired },
    ]);
  });

  it('reads only the mapped, non-empty cells', () => {
    expect(mappedValues('candidates', { email: 'Mail', firstName: 'Missing' }, { Mail: 'a@b.example', Other: 'x' })).toEqual({
      email: 'a@b.example',
    });
  });
});
