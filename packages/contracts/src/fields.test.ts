import { describe, expect, it } from 'vitest';
import { WEB_URL_MESSAGE, closeBidi, isInvisibleText, isWebAddress } from './fields';
import { CreateLinkedinJobPostBodySchema } from './endpoints/linkedin';
import { contracts } from './index';

describe('web address fields', () => {
  it('accept http(s) URLs and bare domains as the UI sends them', () => {
    for (const ok of [
      'https://acme.com',
      'http://acme.com/about?x=1#y',
      'HTTPS://www.linkedin.com/in/ada-lovelace',
      'acme.com',
      'www.acme.co.uk/careers',
      'acme.com:8080/jobs',
      'linkedin.com/in/ada',
    ])
      expect(isWebAddress(ok), ok).toBe(true);
  });

  it('refuse other schemes and things that are not addresses', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'javascript://acme.com/%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'javascript:1',
      'https://',
      'https://user:pw@acme.com',
      'acme',
      'not a url',
      '<script>',
    ])
      expect(isWebAddress(bad), bad).toBe(false);
  });

  it('every URL field of the contracts says why, under that field', () => {
    const bodies = [
      [
        contracts.createCandidate.body,
        { firstName: 'A', lastName: 'B', email: 'a@b.co', linkedinUrl: 'javascript:alert(1)' },
        'linkedinUrl',
      ],
      [contracts.updateCandidate.body, { linkedinUrl: 'javascript:alert(1)' }, 'linkedinUrl'],
      [contracts.createClient.body, { companyName: 'Acme', website: 'javascript:alert(1)' }, 'website'],
      [contracts.updateClient.body, { website: 'data:text/html,x' }, 'website'],
      [CreateLinkedinJobPostBodySchema, { jobId: 1, linkedinJobId: 'x', postUrl: 'javascript:alert(1)' }, 'postUrl'],
    ] as const;
    for (const [schema, body, field] of bodies) {
      const result = schema.safeParse(body);
      expect(result.success, field).toBe(false);
      expect(
        result.error!.issues.map((i) => [i.path.join('.'), i.message]),
        field,
      ).toContainEqual([field, WEB_URL_MESSAGE]);
    }
    expect(contracts.createClient.body.safeParse({ companyName: 'Acme', website: 'acme.com' }).success).toBe(true);
    expect(contracts.updateClient.body.safeParse({ website: '' }).success).toBe(true);
  });
});

describe('names that leave a bidirectional override open', () => {
  const RLO = '\u202E';
  const PDF = '\u202C';
  it('are closed at their end, so the override reverses only the name', () => {
    expect(closeBidi(`Eve${RLO}gnp.exe`)).toBe(`Eve${RLO}gnp.exe${PDF}`);
    expect(closeBidi(`a\u2067b\u202Bc`)).toBe(`a\u2067b\u202Bc${PDF}\u2069`);
    // balanced or plain text is kept as it is
    for (const same of ['Ada Lovelace', 'עברית', `x${RLO}y${PDF}z`, 'a\u2068b\u2069', '🚀', undefined, null, ''])
      expect(closeBidi(same)).toBe(same);
  });

  it('on every name the screens compose into lines: candidates, clients, jobs', () => {
    const body = { firstName: `Eve${RLO}`, lastName: 'Stone', email: 'eve@example.com', currentTitle: 'CTO' };
    expect(contracts.createCandidate.body!.parse(body)).toMatchObject({ firstName: `Eve${RLO}${PDF}`, lastName: 'Stone' });
    expect(contracts.updateCandidate.body!.parse({ lastName: `${RLO}Stone` })).toMatchObject({ lastName: `${RLO}Stone${PDF}` });
    expect(contracts.createClient.body!.parse({ companyName: `Acme${RLO}` })).toMatchObject({ companyName: `Acme${RLO}${PDF}` });
    expect(contracts.updateClient.body!.parse({ companyName: `Acme${RLO}` })).toMatchObject({ companyName: `Acme${RLO}${PDF}` });
    expect(contracts.createJob.body!.parse({ title: `CFO${RLO}` })).toMatchObject({ title: `CFO${RLO}${PDF}` });
    expect(contracts.updateJob.body!.parse({ title: `CFO${RLO}` })).toMatchObject({ title: `CFO${RLO}${PDF}` });
  });
});

describe('isInvisibleText (sweep six)', () => {
  it('is true for zero-width, bidi, variation-selector, tag and blank-letter text only', () => {
    for (const text of ['\u200B', ' \u200D ', '\u200F\u200E', '\u00AD', '\uFE0F', '\u{E0100}', '\u{E0041}', '\u3164', '\u2060\uFEFF'])
      expect(isInvisibleText(text), JSON.stringify(text)).toBe(true);
    for (const text of ['', 'a', '👩\u200D💻', 'כהן\u200F', '🐀', '\u200Bx', '\u0301'])
      expect(isInvisibleText(text), JSON.stringify(text)).toBe(false);
  });

  it('reads a 15 MB body of zero-width spaces without holding the event loop (the \\p{Cf} pattern took ~0.6 s)', () => {
    const text = JSON.parse(JSON.stringify('\u200B'.repeat(5_000_000))) as string;
    const started = performance.now();
    expect(isInvisibleText(text)).toBe(true);
    expect(isInvisibleText(text + 'a')).toBe(false);
    expect(performance.now() - started).toBeLessThan(300);
  });
});
