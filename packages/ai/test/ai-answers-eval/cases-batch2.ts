import type { JobCase, LocationCase, NoteCase, TitleCase } from './cases';

/**
 * Batch 2: written after rules-v2 was built and committed WITHOUT running it first, so it is the
 * closest thing to a held-out check this set has. Labels are not to be changed to fit the engine.
 */
export const NOTE_CASES_2: NoteCase[] = [
  {
    notes:
      'Great conversation. He explained the carve-out he led in detail and was precise on working capital. Warm with the team and clearly wants this role.',
    expected: 'advance',
  },
  {
    notes: 'Could not give a single example of a budget he owned. Talked over the panel. Said he would probably take a counteroffer.',
    expected: 'reject',
  },
  {
    notes:
      'Strong operator with a solid track record. A little reserved in the first half, warmed up later. Would like references before the final round.',
    expected: 'hold',
  },
  {
    notes: 'Enthusiastic and personable, but his answers on revenue recognition were shallow and he lacks public-company experience.',
    expected: 'hold',
  },
  {
    notes:
      'Exceptional. The most structured thinker we have seen for this search, deep expertise in treasury, humble, and genuinely excited by the turnaround.',
    expected: 'advance',
  },
  {
    notes: 'Evasive about why she left her last two roles. Rude to the coordinator. Not interested in relocating.',
    expected: 'reject',
  },
];

export const TITLE_CASES_2: TitleCase[] = [
  { a: 'SVP Engineering', b: 'Chief Technology Officer', expected: 'high' },
  { a: 'Director of Product', b: 'VP Product', expected: 'high' },
  { a: 'Head of Sales', b: 'VP Marketing', expected: 'medium' },
  { a: 'Chief People Officer', b: 'Chief Financial Officer', expected: 'low' },
  { a: 'Financial Analyst', b: 'Chief Financial Officer', expected: 'medium' },
  { a: 'VP Legal', b: 'General Counsel', expected: 'high' },
];

export const LOCATION_CASES_2: LocationCase[] = [
  { a: 'Berkeley, CA', b: 'Palo Alto, CA', expected: 'same' },
  { a: 'Hoboken, NJ', b: 'Manhattan, NY', expected: 'same' },
  { a: 'Cambridge, UK', b: 'London, UK', expected: 'different' },
  { a: 'Redmond, WA', b: 'Seattle', expected: 'same' },
  { a: 'Remote (US)', b: 'Chicago, IL', expected: 'remote' },
  { a: 'Los Angeles, CA', b: 'San Francisco, CA', expected: 'different' },
];

export const JOB_CASES_2: JobCase[] = [
  {
    title: 'Chief Revenue Officer',
    description: 'A B2B SaaS company in healthcare analytics wants a CRO to build the enterprise motion.',
    requirements: 'Enterprise sales leadership, forecasting, Salesforce, channel partnerships.',
    mustInclude: ['Enterprise Sales', 'Forecasting', 'Salesforce', 'Channel Partnerships'],
    mustNotInclude: ['Healthcare'],
  },
  {
    title: 'Chief Operating Officer',
    description: 'Lead operations for a private-equity-owned logistics group across 12 sites.',
    requirements: 'Supply chain, lean operations, P&L ownership; Six Sigma a plus.',
    mustInclude: ['Supply Chain', 'Lean Operations', 'P&L Ownership', 'Six Sigma'],
    mustNotInclude: ['Private Equity'],
  },
];
