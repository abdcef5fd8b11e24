import { describe, expect, it } from 'vitest';
import { HubSearchSchema, isFiltered, toHubQuery } from './hub-filters';

describe('hub filters', () => {
  it('keeps good URL values and drops bad ones', () => {
    expect(
      HubSearchSchema.parse({
        q: ' ada ',
        template: 'nope',
        delivered: 'true',
        recipient: '7',
        recipientKind: 'contact',
        open: 'x',
        from: '2026-01-02',
      }),
    ).toEqual({ q: 'ada', delivered: 'true', recipient: 7, recipientKind: 'contact', from: '2026-01-02' });
  });
  it('reads values the router parsed as JSON (booleans, numbers) as text', () => {
    expect(HubSearchSchema.parse({ delivered: true, q: 123, sender: 42 })).toEqual({ delivered: 'true', q: '123', sender: '42' });
  });
  it('turns local days into an inclusive instant range, read the right way round', () => {
    const query = toHubQuery({ from: '2026-03-05', to: '2026-03-01' });
    expect(query.from).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.to).toBe(new Date(2026, 2, 6).toISOString());
  });
  it('sends a recipient only with a candidate or contact kind', () => {
    expect(toHubQuery({ recipient: 3, recipientKind: 'candidate' })).toMatchObject({ recipient: 3, recipientKind: 'candidate' });
    expect(toHubQuery({ recipient: 3 }).recipient).toBeUndefined();
    expect(toHubQuery({ recipient: 3, recipientKind: 'other' }).recipient).toBeUndefined();
  });
  it('says when the list is narrowed (the open message and tab do not count)', () => {
    expect(isFiltered({ open: 4, tab: 'templates' })).toBe(false);
    expect(isFiltered({ delivered: 'false' })).toBe(true);
  });
});
