import { describe, expect, it } from 'vitest';
import {
  InterviewAnalysisSchema,
  JobAnalysisSchema,
  JobMatchSchema,
  MarketAnalysisSchema,
  ProfileAnalysisSchema,
  SalaryBenchmarkSchema,
  SearchStringsSchema,
  SuccessPredictionSchema,
  WorkflowSuggestionsSchema,
} from '@ats/contracts/ai-results';
import {
  analyzeInterviewNotes,
  analyzeJob,
  analyzeProfile,
  generateMessage,
  generateSearchStrings,
  marketAnalysis,
  matchCandidateToJob,
  matchLabel,
  predictSuccess,
  salaryBenchmark,
  suggestActions,
  type CandidateFacts,
  type JobFacts,
} from '../src';

const ada: CandidateFacts = {
  id: 1,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+1 415 555 0100',
  location: 'New York, NY',
  linkedinUrl: 'https://linkedin.com/in/ada',
  currentTitle: 'Chief Financial Officer',
  currentCompany: 'Analytical Engines',
  skills: ['M&A', 'Treasury', 'Investor Relations', 'GAAP'],
  experience: '18 years',
  summary: 'Led two IPOs and grew the finance team from 5 to 60. Partnered with the board on M&A; data-driven and customer focused.',
  salaryExpectation: 380,
  resumeText: null,
  resumeFileName: 'ada.pdf',
};
const cfo: JobFacts = {
  id: 10,
  title: 'CFO',
  description: 'Lead finance through the next fund cycle.',
  requirements: 'CPA, M&A, Treasury, Investor Relations, 15+ years',
  location: 'New York, NY',
  salaryMin: 350,
  salaryMax: 450,
  status: 'open',
  createdAt: '2026-09-01T00:00:00.000Z',
  clientName: 'Northwind Capital',
};
const junior: CandidateFacts = {
  ...ada,
  id: 2,
  firstName: 'Sam',
  lastName: 'Lee',
  currentTitle: 'Junior Analyst',
  skills: ['Excel'],
  experience: '2 years',
  summary: null,
  location: 'London, UK',
  salaryExpectation: 600,
  linkedinUrl: null,
  resumeFileName: null,
  phone: null,
};

describe('profile analysis', () => {
  it('scores a complete executive profile high, with the evidence it used', () => {
    const result = ProfileAnalysisSchema.parse(analyzeProfile(ada));
    expect(result.experienceLevel).toBe('executive');
    expect(result.score).toBeGreaterThanOrEqual(80);
    expect(result.confidence).toBe(0.9);
    expect(result.personalityTraits).toEqual(
      expect.arrayContaining(['Leadership', 'Growth-oriented', 'Collaborative', 'Analytical', 'Customer-focused']),
    );
    expect(result.summary).toContain('Profile 100% complete');
  });
  it('says what is missing and scores a thin profile low', () => {
    const result = analyzeProfile(junior);
    expect(result.experienceLevel).toBe('junior');
    expect(result.score).toBeLessThan(50);
    expect(result.summary).toMatch(/missing: phone, professional-network profile, at least 3 skills, summary, resume/);
    expect(result.personalityTraits).toEqual(['Not enough written history to infer traits']);
  });
});

describe('job matching', () => {
  it('explains a strong match with skills, seniority, location and salary', () => {
    const result = JobMatchSchema.parse(matchCandidateToJob(ada, cfo));
    expect(result.compatibilityScore).toBeGreaterThanOrEqual(80);
    expect(result.strengths[0]).toBe('Has 3 of 4 skills the job asks for: M&A, Treasury, Investor Relations');
    expect(result.weaknesses).toContain('Missing: CPA');
    expect(result.recommendation).toMatch(/^Excellent match: present Ada Lovelace/);
  });
  it('explains a weak match', () => {
    const result = matchCandidateToJob(junior, cfo);
    expect(result.compatibilityScore).toBeLessThan(40);
    expect(result.weaknesses).toEqual(
      expect.arrayContaining([
        'Seniority below the role: junior for a executive position',
        'Lives in London, UK; the job is in New York, NY (relocation needed)',
      ]),
    );
    expect(matchLabel(result.compatibilityScore)).toBe('Weak match');
  });
  it('labels at 80, 60 and 40', () => {
    expect([80, 79, 60, 59, 40, 39].map(matchLabel)).toEqual([
      'Excellent match',
      'Good match',
      'Good match',
      'Moderate match',
      'Moderate match',
      'Weak match',
    ]);
  });
});

describe('salary benchmarking', () => {
  const jobs: JobFacts[] = [
    { ...cfo, id: 1, salaryMin: 300, salaryMax: 400 },
    { ...cfo, id: 2, title: 'Chief Financial Officer', salaryMin: 350, salaryMax: 450 },
    { ...cfo, id: 3, title: 'Chief Financial Officer', salaryMin: 400, salaryMax: 500, location: 'Boston, MA' },
    { ...cfo, id: 4, title: 'VP Sales', salaryMin: 200, salaryMax: 260 },
  ];
  it('computes the range from similar records and says how many', () => {
    const result = SalaryBenchmarkSchema.parse(
      salaryBenchmark({ jobTitle: 'CFO', location: 'New York' }, jobs, [{ jobTitle: 'CFO', location: 'New York, NY', salary: 420 }]),
    );
    expect(result.basedOnRecords).toBe(3);
    expect(result.marketSalaryRange).toEqual({ min: 325, max: 435, median: 400 });
    expect(result.recommendations[0]).toContain('Based on 3 job orders and placements');
  });
  it('adjusts for experience and falls back to a labelled estimate when data is thin', () => {
    const result = salaryBenchmark({ jobTitle: 'Director of Data Science', location: 'Global', experienceLevel: 'senior' }, jobs);
    expect(result.basedOnRecords).toBe(0);
    expect(result.recommendations[0]).toMatch(/general estimate/);
    expect(result.marketSalaryRange).toEqual({ min: 202, max: 291, median: 246 });
  });
});

describe('outreach messages', () => {
  it('personalises each message type with the shared skills and the client', () => {
    const initial = generateMessage(ada, cfo, 'initial', 'Rita Tester');
    expect(initial.subject).toBe('CFO at Northwind Capital — a confidential opportunity');
    expect(initial.message).toContain('Dear Ada');
    expect(initial.message).toContain('your experience in M&A, Treasury, Investor Relations');
    expect(initial.message.endsWith('Rita Tester')).toBe(true);
    for (const type of ['follow_up', 'interview_invite', 'rejection'] as const)
      expect(generateMessage(ada, cfo, type).subject).toContain('CFO');
  });
});

describe('success prediction', () => {
  it('rises with fit and stage; offer acceptance follows salary headroom and location', () => {
    const early = SuccessPredictionSchema.parse(predictSuccess(ada, cfo, 'applied'));
    const late = predictSuccess(ada, cfo, 'offer');
    expect(late.successProbability).toBeGreaterThan(early.successProbability);
    expect(early.offerAcceptanceProbability).toBe(91); // 70 + 15.6 headroom + 5 same city
    expect(predictSuccess(junior, cfo, null).offerAcceptanceProbability).toBeLessThan(30);
  });
});

describe('interview-note analysis', () => {
  it('scores each dimension from what the notes say', () => {
    const notes =
      'Very articulate and concise. Deep knowledge of treasury, with a proven track record. Clearly a team player and humble. Excited and passionate about the mission.';
    const result = InterviewAnalysisSchema.parse(analyzeInterviewNotes(notes));
    // each dimension has intensified positive evidence ("Very articulate", "Deep", "Clearly a team player", "Excited and passionate")
    for (const dim of ['communicationSkills', 'technicalCompetency', 'culturalFit', 'motivation'] as const)
      expect(result[dim]).toBeGreaterThanOrEqual(7);
    expect(result.recommendation).toBe('Advance to the next round: the notes are positive across the board.');
    expect(analyzeInterviewNotes('Seemed fine.').recommendation).toMatch(/^The notes are short \(2 words\); scores stay near neutral/);
  });
  it('counts negatives and negations against, and advises not to advance', () => {
    const notes =
      'He rambled and was hard to follow for most of the hour, and the structure of his answers was unclear. He struggled with basic GAAP questions and could not explain the cash flow statement he had prepared. He seemed arrogant and dismissive with the junior interviewer. He was lukewarm about the role and mentioned a counter-offer twice.';
    const result = analyzeInterviewNotes(notes);
    expect(result.communicationSkills).toBeLessThan(5);
    expect(result.technicalCompetency).toBeLessThan(5);
    expect(result.culturalFit).toBeLessThan(5);
    expect(result.motivation).toBeLessThan(5);
    expect(result.recommendation).toBe('Do not advance: the notes raise concerns in several areas.');
  });
});

describe('Boolean search strings', () => {
  it('builds professional-network and X-ray strings from title, skills and location', () => {
    const result = SearchStringsSchema.parse(
      generateSearchStrings({ jobTitle: 'CFO', skills: ['M&A', 'Treasury'], location: 'New York, NY' }),
    );
    expect(result.linkedinSearch).toBe(
      '("CFO" OR "Chief Financial Officer") AND ("M&A" OR "Treasury") AND "New York" NOT (intern OR recruiter)',
    );
    expect(result.googleSearch).toBe(
      'site:linkedin.com/in ("CFO" OR "Chief Financial Officer") ("M&A" OR "Treasury") "New York" -intitle:jobs -inurl:jobs',
    );
    expect(generateSearchStrings({ jobTitle: 'VP Engineering', location: 'Global' }).linkedinSearch).toBe(
      '("VP Engineering" OR "Vice President Engineering") NOT (intern OR recruiter)',
    );
  });
});

describe('next-action suggestions', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');
  it('finds stale applications, interviews without feedback and long-open thin jobs', () => {
    const result = WorkflowSuggestionsSchema.parse(
      suggestActions({
        now,
        applications: [
          {
            id: 1,
            candidateId: 1,
            jobId: 10,
            stage: 'offer',
            appliedAt: '2026-10-01T00:00:00Z',
            stageChangedAt: '2026-11-01T00:00:00Z',
            candidateName: 'Ada Lovelace',
            jobTitle: 'CFO',
          },
          {
            id: 2,
            candidateId: 2,
            jobId: 10,
            stage: 'interview',
            appliedAt: '2026-11-18T00:00:00Z',
            stageChangedAt: null,
            candidateName: 'Sam Lee',
            jobTitle: 'CFO',
          },
        ],
        interviews: [
          { id: 5, candidateName: 'Sam Lee', jobTitle: 'CFO', scheduledAt: '2026-11-19T15:00:00Z', status: 'completed', feedback: null },
        ],
        jobs: [cfo, { ...cfo, id: 11, title: 'COO', createdAt: '2026-11-10T00:00:00Z' }],
      }),
    );
    expect(result.priorityActions).toEqual([
      'Follow up with Ada Lovelace (offer for CFO): no movement for 20 days',
      'Collect feedback on the interview of Sam Lee for CFO (2026-11-19)',
      'Source more candidates for CFO: open 81 days with 2 active candidates',
    ]);
    expect(result.automationOpportunities[0]).toBe('Automatic follow-up reminders for the 1 application idle 14+ days');
  });
  it('says so when nothing is urgent', () => {
    expect(suggestActions({ now, applications: [], interviews: [], jobs: [] }).priorityActions[0]).toMatch(/^No urgent actions/);
  });
});

describe('market intelligence and job analysis', () => {
  it('derives temperature and in-demand skills from job orders and candidates on record', () => {
    const result = MarketAnalysisSchema.parse(
      marketAnalysis(
        { industry: 'Financial Services', jobFunction: 'Finance Officer' },
        { jobs: [cfo, { ...cfo, id: 2, title: 'Chief Financial Officer' }], candidates: [ada, junior] },
      ),
    );
    expect(result.marketTemperature).toBe('hot');
    expect(result.skillsDemand.slice(0, 2)).toEqual([
      { skill: 'CPA', demand: 2 },
      { skill: 'Investor Relations', demand: 2 },
    ]);
    expect(result.recommendations[1]).toMatch(/Few records match/);
  });
  it('extracts required skills, experience and interview questions from a job order', () => {
    const result = JobAnalysisSchema.parse(analyzeJob(cfo));
    expect(result.requiredSkills).toEqual(['M&A', 'Investor Relations', 'Treasury', 'CPA']);
    expect(result.preferredExperience).toBe('15+ years, executive level');
    expect(result.generatedQuestions).toHaveLength(5);
    expect(result.generatedQuestions[3]).toBe('Why Northwind Capital, and why now?');
  });
});
