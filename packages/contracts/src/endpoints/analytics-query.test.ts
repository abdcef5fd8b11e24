import { describe, expect, it } from 'vitest';
import { analyticsContracts, analyticsRange, AnalyticsQuerySchema } from './analytics';
import { analyticsMoreContracts } from './analytics-more';

const paths = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  (result.error?.issues ?? []).map((i) => i.path.join('.'));

describe('the one analytics query schema', () => {
  it('is what every analytics read validates with (the figures add only: both days of the range)', () => {
    const { sourceEffectiveness, recruiterActivity, jobHealth } = analyticsMoreContracts;
    for (const c of [sourceEffectiveness, recruiterActivity, jobHealth]) expect(c.query).toBe(AnalyticsQuerySchema);
    const figure = analyticsContracts.analyticsFunnel.query!;
    expect(figure.safeParse({ from: '2025-03-01', to: '2025-03-31', client: '4' }).data).toEqual({
      from: '2025-03-01',
      to: '2025-03-31',
      client: 4,
    });
    expect(paths(figure.safeParse({}))).toEqual(['from', 'to']);
    expect(AnalyticsQuerySchema.safeParse({}).data).toEqual({});
  });

  it('names the field of each bad filter', () => {
    expect(paths(AnalyticsQuerySchema.safeParse({ from: '2025-13-45', to: 'x', client: 'abc', job: '0' }))).toEqual([
      'from',
      'to',
      'client',
      'job',
    ]);
    const reversed = AnalyticsQuerySchema.safeParse({ from: '2025-05-01', to: '2025-04-01' });
    expect(reversed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['to', 'The start date must be on or before the end date'],
    ]);
    expect(paths(AnalyticsQuerySchema.safeParse({ from: '2015-01-01', to: '2025-01-01' }))).toEqual(['from']);
    expect(paths(AnalyticsQuerySchema.safeParse({ asOf: 'yesterday' }))).toEqual(['asOf']);
  });

  it('fills a missing day of the range with the 90 days up to the other day, or up to today', () => {
    const now = Date.parse('2025-05-01T10:00:00Z');
    expect(analyticsRange({}, now)).toEqual({ from: '2025-02-01', to: '2025-05-01' });
    expect(analyticsRange({ to: '2025-03-31' }, now)).toEqual({ from: '2025-01-01', to: '2025-03-31' });
    expect(analyticsRange({ from: '2025-01-01', to: '2025-01-31' }, now)).toEqual({ from: '2025-01-01', to: '2025-01-31' });
  });
});
