/**
 * The AI-answer evaluation set: labelled cases written BEFORE the engine was tuned (truth first).
 * Labels are what an experienced executive recruiter would answer; do not edit a label to make
 * the engine pass — fix the engine, or argue the label in review.
 */

export type Recommendation = 'advance' | 'hold' | 'reject';
export interface NoteCase {
  notes: string;
  expected: Recommendation;
}

/** high: same function and track (≤ one level apart); medium: same function far apart, or adjacent function; low: unrelated. */
export type Band = 'high' | 'medium' | 'low';
export interface TitleCase {
  a: string;
  b: string;
  expected: Band;
}

export interface LocationCase {
  a: string;
  b: string;
  expected: 'same' | 'different' | 'remote';
}

export interface JobCase {
  title: string;
  description: string;
  requirements: string;
  mustInclude: string[];
  mustNotInclude: string[];
}

export const NOTE_CASES: NoteCase[] = [
  {
    notes:
      'Communicated clearly and concisely throughout. Strong command of FP&A and treasury. Good cultural fit, highly motivated by the mission.',
    expected: 'advance',
  },
  {
    notes:
      'She communicated clearly and answered every question with specifics. Very strong on the numbers. Good cultural fit, highly motivated.',
    expected: 'advance',
  },
  {
    notes: 'Not a good fit for the team. Answers were vague and he could not explain his own budget. Seemed uninterested in the role.',
    expected: 'reject',
  },
  {
    notes:
      'Very strong technically, with deep knowledge of distributed systems. However, communication was not very clear and he interrupted often. Motivation seems fine.',
    expected: 'hold',
  },
  {
    notes:
      'Excellent candidate. Articulate, thoughtful, and genuinely excited about the role. The team loved her. Recommend moving forward.',
    expected: 'advance',
  },
  {
    notes:
      'Did not demonstrate the depth we need. Struggled with basic questions on consolidation. Polite but not a strong communicator. Not convinced she wants the role.',
    expected: 'reject',
  },
  {
    notes:
      'Solid experience, pleasant conversation. Some gaps in international tax. Would like a second conversation with the CFO to probe that.',
    expected: 'hold',
  },
  {
    notes:
      'No concerns about his technical ability; he has clearly delivered at scale. Never once lost the thread of the conversation. Very eager to join.',
    expected: 'advance',
  },
  {
    notes: 'Not unmotivated, but not especially enthusiastic either. Technical answers were adequate. Communication was okay.',
    expected: 'hold',
  },
  {
    notes: 'Arrogant and dismissive toward the panel. Said he is only here for the money. Technically capable.',
    expected: 'reject',
  },
  {
    notes:
      'Outstanding communicator with a highly structured way of thinking. Impressive track record of two IPOs. Humble, collaborative and keen to build the team here.',
    expected: 'advance',
  },
  {
    notes:
      'Weak on Kubernetes specifics, though clearly a fast learner. Communication was clear. Motivated. Worth a technical follow-up before deciding.',
    expected: 'hold',
  },
  {
    notes:
      'She was not very articulate and her answers rambled. She is motivated and a reasonable culture fit. Technical knowledge is adequate.',
    expected: 'hold',
  },
  { notes: 'Seemed fine.', expected: 'hold' },
  {
    notes:
      'Highly recommend. Very strong leader, communicates with real clarity, a great fit with the founders’ values, and really driven.',
    expected: 'advance',
  },
  {
    notes:
      'Poor communication, hard to follow. Shallow understanding of GAAP. Not motivated by the role and hesitant about relocating. Not a fit.',
    expected: 'reject',
  },
];

export const TITLE_CASES: TitleCase[] = [
  { a: 'VP Finance', b: 'Chief Financial Officer', expected: 'high' },
  { a: 'Head of Engineering', b: 'VP Engineering', expected: 'high' },
  { a: 'CFO', b: 'Chief Financial Officer', expected: 'high' },
  { a: 'Finance Director', b: 'VP Finance', expected: 'high' },
  { a: 'Director of Finance', b: 'Controller', expected: 'medium' },
  { a: 'CTO', b: 'VP Engineering', expected: 'high' },
  { a: 'Chief Financial Officer', b: 'Chief Marketing Officer', expected: 'low' },
  { a: 'VP Sales', b: 'Chief Revenue Officer', expected: 'high' },
  { a: 'Software Engineer', b: 'VP Engineering', expected: 'medium' },
  { a: 'Head of People', b: 'CHRO', expected: 'high' },
  { a: 'VP Marketing', b: 'VP Engineering', expected: 'low' },
  { a: 'General Counsel', b: 'Chief Legal Officer', expected: 'high' },
  { a: 'Senior Accountant', b: 'CFO', expected: 'medium' },
  { a: 'Head of Talent Acquisition', b: 'VP Human Resources', expected: 'high' },
  { a: 'Data Scientist', b: 'VP Sales', expected: 'low' },
  { a: 'COO', b: 'VP Operations', expected: 'high' },
];

export const LOCATION_CASES: LocationCase[] = [
  { a: 'Boston, MA', b: 'Cambridge, MA', expected: 'same' },
  { a: 'San Francisco, CA', b: 'Oakland, CA', expected: 'same' },
  { a: 'London, UK', b: 'Croydon', expected: 'same' },
  { a: 'New York, NY', b: 'Brooklyn, NY', expected: 'same' },
  { a: 'New York, NY', b: 'Jersey City, NJ', expected: 'same' },
  { a: 'London, UK', b: 'New York, NY', expected: 'different' },
  { a: 'Boston, MA', b: 'New York, NY', expected: 'different' },
  { a: 'San Francisco, CA', b: 'San Jose, CA', expected: 'same' },
  { a: 'Paris, France', b: 'Paris, TX', expected: 'different' },
  { a: 'Remote', b: 'Berlin, Germany', expected: 'remote' },
  { a: 'Palo Alto, CA', b: 'San Francisco', expected: 'same' },
  { a: 'Chicago, IL', b: 'Evanston, IL', expected: 'same' },
  { a: 'Manchester, UK', b: 'London, UK', expected: 'different' },
  { a: 'Seattle, WA', b: 'Bellevue, WA', expected: 'same' },
  { a: 'Munich, Germany', b: 'Berlin, Germany', expected: 'different' },
];

export const JOB_CASES: JobCase[] = [
  {
    title: 'Chief Financial Officer',
    description:
      'Our client, a fast-growing healthcare services company, seeks a CFO to lead the finance organisation through its IPO. You will provide leadership to a team of 40.',
    requirements: 'Public-company or IPO experience; 15+ years in finance; FP&A, treasury and investor relations; CPA preferred.',
    mustInclude: ['IPO', 'FP&A', 'Treasury', 'Investor Relations'],
    mustNotInclude: ['Healthcare'],
  },
  {
    title: 'VP Engineering',
    description: 'A Series C fintech needs a VP Engineering to take the platform from 40 to 120 engineers.',
    requirements: 'Experience scaling distributed systems on AWS and Kubernetes; hiring and growing engineering teams of 50+.',
    mustInclude: ['Distributed Systems', 'AWS', 'Kubernetes', 'Hiring'],
    mustNotInclude: [],
  },
  {
    title: 'Chief Marketing Officer',
    description: 'We sell scheduling software to hospitals and clinics; the CMO owns the brand and demand generation.',
    requirements: 'Brand strategy, digital marketing and go-to-market for new product lines.',
    mustInclude: ['Brand Strategy', 'Digital Marketing', 'Go-to-Market'],
    mustNotInclude: ['Healthcare'],
  },
  {
    title: 'General Counsel',
    description: 'The first in-house lawyer of a private-equity-backed manufacturer.',
    requirements: 'Corporate law, M&A transactions, regulatory compliance and contract negotiation.',
    mustInclude: ['Corporate Law', 'M&A', 'Compliance', 'Contracts'],
    mustNotInclude: [],
  },
  {
    title: 'Chief Human Resources Officer',
    description: 'Build the people function for a 2,000-person retailer.',
    requirements: 'Talent strategy, compensation design, organisational design and diversity, equity and inclusion.',
    mustInclude: ['Talent Strategy', 'Compensation', 'Org Design', 'DEI'],
    mustNotInclude: [],
  },
  {
    title: 'VP Finance',
    description: 'Report to the CFO; own financial planning and analysis and support mergers and acquisitions.',
    requirements: 'Ten years of financial planning and analysis, mergers and acquisitions, SEC reporting.',
    mustInclude: ['FP&A', 'M&A', 'SEC Reporting'],
    mustNotInclude: [],
  },
];
