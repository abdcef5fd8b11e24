import type {
  JobMatch,
  MarketAnalysis,
  OutreachMessage,
  ProfileAnalysis,
  SalaryBenchmark,
  SearchStrings,
  SuccessPrediction,
  WorkflowSuggestions,
} from '@ats/contracts/ai-results';
import type { ApplicationFacts, CandidateFacts, InterviewFacts, JobFacts, PlacementFacts } from './facts';
import { isIdleApplication, isThinJob, wholeDaysSince } from '@ats/contracts/pipeline-health';
import { jobSkills } from './builtin/job-analysis';
import { salaryComparable, titleSimilarity } from './builtin/titles';
import { TRAIT_RULES } from './builtin/traits';
import {
  SENIORITY_ORDER,
  TITLE_ALIASES,
  clamp,
  jaccard,
  normalize,
  parseYears,
  percentile,
  round,
  sameLocation,
  sameSkill,
  seniorityFromYears,
  skillsIn,
  titleSeniority,
  tokens,
  type Seniority,
} from './text';

/**
 * The built-in engine: deterministic, explainable answers computed from the data on record.
 * Every result says what it was based on; where the data is too thin it says so.
 */
export const BUILTIN_ENGINE = { engine: 'builtin', model: 'rules-v2', promptVersion: 'builtin-2' } as const;

export { analyzeInterviewNotes } from './builtin/interview-notes';
export { analyzeJob, jobSkills } from './builtin/job-analysis';
export { titleSimilarity, titleBand, readTitle, salaryComparable } from './builtin/titles';
export { metroOf } from './builtin/locations';

const fullName = (c: CandidateFacts) => `${c.firstName} ${c.lastName}`.trim();

export function candidateSeniority(c: CandidateFacts): Seniority {
  const years = parseYears(c.experience) ?? parseYears(c.summary) ?? parseYears(c.resumeText);
  const fromTitle = titleSeniority(c.currentTitle);
  const fromYears = years !== null ? seniorityFromYears(years) : null;
  if (fromTitle && fromYears) return SENIORITY_ORDER[Math.max(SENIORITY_ORDER.indexOf(fromTitle), SENIORITY_ORDER.indexOf(fromYears))]!;
  return fromTitle ?? fromYears ?? 'mid';
}

export function analyzeProfile(c: CandidateFacts): ProfileAnalysis {
  const checks: Array<[string, boolean]> = [
    ['e-mail', Boolean(c.email)],
    ['phone', Boolean(c.phone)],
    ['location', Boolean(c.location)],
    ['current title', Boolean(c.currentTitle)],
    ['current company', Boolean(c.currentCompany)],
    ['professional-network profile', Boolean(c.linkedinUrl)],
    ['at least 3 skills', c.skills.length >= 3],
    ['summary', (c.summary ?? '').length >= 40],
    ['resume', Boolean(c.resumeText || c.resumeFileName)],
  ];
  const completeness = checks.filter(([, ok]) => ok).length / checks.length;
  const missing = checks.filter(([, ok]) => !ok).map(([name]) => name);
  const level = candidateSeniority(c);
  const text = [c.summary, c.resumeText].filter(Boolean).join('\n');
  const skills = [...c.skills];
  for (const s of skillsIn(text)) if (!skills.some((k) => sameSkill(k, s))) skills.push(s);
  const traits = TRAIT_RULES.filter(([re]) => re.test(text)).map(([, t]) => t);
  const score = Math.round(
    clamp(
      45 * completeness +
        Math.min(25, skills.length * 4) +
        { junior: 5, mid: 10, senior: 15, executive: 20 }[level] +
        (text.length > 400 ? 10 : text.length > 80 ? 5 : 0),
      0,
      100,
    ),
  );
  const confidence = round(clamp(0.3 + 0.6 * completeness, 0, 1), 2);
  const headline = [c.currentTitle, c.currentCompany && `at ${c.currentCompany}`].filter(Boolean).join(' ');
  const summary =
    `${fullName(c)}${headline ? `, ${headline}` : ''}: ${level}-level profile with ${skills.length} skill${skills.length === 1 ? '' : 's'} on record` +
    `${c.location ? `, based in ${c.location}` : ''}. Profile ${Math.round(completeness * 100)}% complete` +
    (missing.length ? ` (missing: ${missing.join(', ')}).` : '.');
  return {
    summary,
    score,
    experienceLevel: level,
    skillsExtracted: skills,
    personalityTraits: traits.length ? traits : ['Not enough written history to infer traits'],
    confidence,
  };
}

export const matchLabel = (score: number) =>
  score >= 80 ? 'Excellent match' : score >= 60 ? 'Good match' : score >= 40 ? 'Moderate match' : 'Weak match';

export function matchCandidateToJob(c: CandidateFacts, job: JobFacts): JobMatch {
  const strengths: string[] = [];
  const weaknesses: string[] = [];
  const wanted = jobSkills(job, c.skills);
  const have = wanted.filter((w) => c.skills.some((s) => sameSkill(s, w)));
  const lacking = wanted.filter((w) => !have.includes(w));
  let skillScore = 0.5;
  if (wanted.length > 0) {
    skillScore = have.length / wanted.length;
    if (have.length) strengths.push(`Has ${have.length} of ${wanted.length} skills the job asks for: ${have.join(', ')}`);
    if (lacking.length) weaknesses.push(`Missing: ${lacking.join(', ')}`);
  } else weaknesses.push('The job order lists no recognisable skills; skills could not be compared');

  const title = titleSimilarity(c.currentTitle, job.title);
  const titleScore = title.score;
  if (titleScore >= 0.7) strengths.push(`Current title "${c.currentTitle}" is close to "${job.title}": ${title.reason}`);
  else if (titleScore < 0.35 && title.a.fn && title.b.fn)
    weaknesses.push(`Current title "${c.currentTitle}" is in another line of work than "${job.title}": ${title.reason}`);

  const need = titleSeniority(job.title) ?? 'mid';
  const level = candidateSeniority(c);
  const gap = SENIORITY_ORDER.indexOf(level) - SENIORITY_ORDER.indexOf(need);
  const expScore = gap === 0 ? 1 : gap > 0 ? 0.8 : gap === -1 ? 0.55 : 0.2;
  if (gap === 0) strengths.push(`Seniority fits: ${level}`);
  else if (gap < 0) weaknesses.push(`Seniority below the role: ${level} for a ${need} position`);
  else weaknesses.push(`Possibly overqualified: ${level} for a ${need} position`);

  const where = sameLocation(c.location, job.location);
  const locScore = { same: 1, remote: 1, unknown: 0.7, different: 0.4 }[where];
  if (where === 'same' || where === 'remote')
    strengths.push(where === 'remote' ? 'Remote-compatible location' : `Located in ${c.location}`);
  if (where === 'different') weaknesses.push(`Lives in ${c.location}; the job is in ${job.location} (relocation needed)`);

  let salaryScore = 0.7;
  if (c.salaryExpectation !== null && job.salaryMax !== null) {
    const over = (c.salaryExpectation - job.salaryMax) / job.salaryMax;
    salaryScore = over <= 0 ? 1 : clamp(1 - over * 3, 0, 1);
    if (over > 0) weaknesses.push(`Expects $${c.salaryExpectation}k, ${Math.round(over * 100)}% above the $${job.salaryMax}k maximum`);
    else strengths.push(`Salary expectation $${c.salaryExpectation}k is within budget`);
  }

  const compatibilityScore = Math.round(
    100 * (0.45 * skillScore + 0.2 * titleScore + 0.15 * expScore + 0.1 * locScore + 0.1 * salaryScore),
  );
  const label = matchLabel(compatibilityScore);
  const recommendation =
    compatibilityScore >= 80
      ? `${label}: present ${fullName(c)} to the client for ${job.title}.`
      : compatibilityScore >= 60
        ? `${label}: screen ${fullName(c)}${lacking.length ? `, probing ${lacking.slice(0, 2).join(' and ')}` : ''}.`
        : compatibilityScore >= 40
          ? `${label}: keep ${fullName(c)} as a backup for ${job.title}.`
          : `${label}: ${fullName(c)} is unlikely to fit ${job.title}.`;
  return { compatibilityScore, strengths, weaknesses, recommendation };
}

const BASELINE: Record<Seniority, [number, number]> = { junior: [60, 90], mid: [100, 150], senior: [180, 260], executive: [280, 420] };
const LEVEL_FACTOR: Record<string, number> = { junior: 0.85, entry: 0.85, mid: 1, senior: 1.12, executive: 1.25 };

export function salaryBenchmark(
  query: { jobTitle: string; location?: string | null; experienceLevel?: string | null },
  jobs: readonly JobFacts[],
  placements: readonly PlacementFacts[] = [],
): SalaryBenchmark {
  const global = !query.location || /^global$/i.test(query.location.trim());
  const inPlace = (location: string | null) => global || sameLocation(query.location, location) !== 'different';
  // records by the title ontology (function track + level), not by shared words: the same level
  // first; titles one level apart only when fewer than two records match exactly
  const collect = (accept: ReadonlySet<'same' | 'near'>) => {
    const found = { points: [] as number[], mins: [] as number[], maxs: [] as number[] };
    const similar = (title: string, location: string | null) => {
      const kind = salaryComparable(query.jobTitle, title);
      return kind !== null && accept.has(kind) && inPlace(location);
    };
    for (const j of jobs) {
      if (j.salaryMin === null || j.salaryMax === null || !similar(j.title, j.location)) continue;
      found.mins.push(j.salaryMin);
      found.maxs.push(j.salaryMax);
      found.points.push((j.salaryMin + j.salaryMax) / 2);
    }
    for (const p of placements) {
      if (!similar(p.jobTitle, p.location)) continue;
      found.mins.push(p.salary);
      found.maxs.push(p.salary);
      found.points.push(p.salary);
    }
    return found;
  };
  let widened = false;
  let { points, mins, maxs } = collect(new Set(['same']));
  if (points.length < 2) {
    const wider = collect(new Set(['same', 'near']));
    if (wider.points.length >= 2) {
      ({ points, mins, maxs } = wider);
      widened = true;
    }
  }
  const factor = LEVEL_FACTOR[(query.experienceLevel ?? 'mid').toLowerCase()] ?? 1;
  const recommendations: string[] = [];
  let range: { min: number; max: number; median: number };
  if (points.length >= 2) {
    const s = (a: number[]) => [...a].sort((x, y) => x - y);
    range = { min: percentile(s(mins), 0.25), max: percentile(s(maxs), 0.75), median: percentile(s(points), 0.5) };
    recommendations.push(
      `Based on ${points.length} job orders and placements on record for titles like "${query.jobTitle}"${global ? '' : ` in ${query.location}`}.`,
    );
    if (widened) recommendations.push('Too few records at the same level: titles one level above or below are included.');
  } else {
    const [lo, hi] = BASELINE[titleSeniority(query.jobTitle) ?? 'mid'];
    range = { min: lo, max: hi, median: (lo + hi) / 2 };
    recommendations.push(
      points.length === 1
        ? `Only 1 comparable record on file — this is a general estimate for the title's seniority, not a market benchmark.`
        : `No comparable job orders or placements on file — this is a general estimate for the title's seniority, not a market benchmark.`,
    );
  }
  if (factor !== 1) recommendations.push(`Adjusted ×${factor} for ${query.experienceLevel} experience.`);
  const scaled = { min: Math.round(range.min * factor), max: Math.round(range.max * factor), median: Math.round(range.median * factor) };
  recommendations.push(
    `Open offers near the median ($${scaled.median}k) to stay competitive; reserve the top of the range for candidates with every required skill.`,
  );
  return { marketSalaryRange: scaled, recommendations, basedOnRecords: points.length };
}

export type MessageType = 'initial' | 'follow_up' | 'interview_invite' | 'rejection';

export function generateMessage(c: CandidateFacts, job: JobFacts, type: MessageType, sender = 'Your recruiter'): OutreachMessage {
  const shared = jobSkills(job, c.skills)
    .filter((s) => c.skills.some((k) => sameSkill(k, s)))
    .slice(0, 3);
  const company = job.clientName ? ` at ${job.clientName}` : '';
  const hook = shared.length
    ? `your experience in ${shared.join(', ')}`
    : c.currentTitle
      ? `your work as ${c.currentTitle}`
      : 'your background';
  const where = job.location ? ` (${job.location})` : '';
  const sign = `\n\nBest regards,\n${sender}`;
  switch (type) {
    case 'initial':
      return {
        subject: `${job.title}${company} — a confidential opportunity`,
        message: `Dear ${c.firstName},\n\nI am leading the search for a ${job.title}${company}${where}. Given ${hook}, I believe you would be an exceptional fit. Would you be open to a confidential conversation this week?${sign}`,
      };
    case 'follow_up':
      return {
        subject: `Following up: ${job.title}${company}`,
        message: `Dear ${c.firstName},\n\nI wanted to follow up on the ${job.title} role${company}. The client was particularly interested in ${hook}. Do you have 20 minutes in the coming days?${sign}`,
      };
    case 'interview_invite':
      return {
        subject: `Interview invitation: ${job.title}${company}`,
        message: `Dear ${c.firstName},\n\nThe hiring team${company} would like to meet you for the ${job.title} position${where}. Please share two or three times that suit you over the next week and I will coordinate the rest.${sign}`,
      };
    case 'rejection':
      return {
        subject: `Update on the ${job.title} search`,
        message: `Dear ${c.firstName},\n\nThank you for the time you invested in the ${job.title} process${company}. The client has decided to move forward with another candidate. I was impressed by ${hook} and would like to keep you in mind for upcoming searches.${sign}`,
      };
  }
}

const STAGE_WEIGHT: Record<string, number> = {
  applied: 0,
  phone_screen: 5,
  interview: 10,
  final_interview: 18,
  offer: 25,
  placed: 30,
  rejected: -40,
};

export function predictSuccess(c: CandidateFacts, job: JobFacts, stage: string | null): SuccessPrediction {
  const match = matchCandidateToJob(c, job);
  const stageBoost = stage ? (STAGE_WEIGHT[stage] ?? 0) : 0;
  const successProbability = Math.round(clamp(match.compatibilityScore * 0.8 + 10 + stageBoost, 1, 99));
  let acceptance = 70;
  const riskFactors = [...match.weaknesses];
  const strengthFactors = [...match.strengths];
  if (c.salaryExpectation !== null && job.salaryMax !== null) {
    const headroom = (job.salaryMax - c.salaryExpectation) / job.salaryMax;
    acceptance += clamp(headroom * 100, -40, 20);
  } else riskFactors.push('No salary expectation or budget on record: offer acceptance is uncertain');
  const where = sameLocation(c.location, job.location);
  if (where === 'different') acceptance -= 15;
  if (where === 'same' || where === 'remote') acceptance += 5;
  if (stage === 'offer') strengthFactors.push('Already at offer stage');
  if (stage === 'rejected') riskFactors.push('The application was rejected');
  return { successProbability, offerAcceptanceProbability: Math.round(clamp(acceptance, 1, 99)), strengthFactors, riskFactors };
}

function titleVariants(title: string): string[] {
  const t = title.trim();
  const variants = new Set<string>([t]);
  const lower = normalize(t);
  for (const [abbr, full] of Object.entries(TITLE_ALIASES)) {
    if (lower === abbr) variants.add(full.replace(/\b\w/g, (m) => m.toUpperCase()));
    if (lower === full) variants.add(abbr.toUpperCase());
    if (lower.startsWith(`${abbr} `)) variants.add(`${full.replace(/\b\w/g, (m) => m.toUpperCase())}${t.slice(abbr.length)}`);
    if (lower.startsWith(`${full} `)) variants.add(`${abbr.toUpperCase()}${t.slice(full.length)}`);
  }
  return [...variants];
}

const quote = (s: string) => `"${s.replace(/"/g, '')}"`;

export function generateSearchStrings(query: { jobTitle: string; skills?: readonly string[]; location?: string | null }): SearchStrings {
  const titles = `(${titleVariants(query.jobTitle).map(quote).join(' OR ')})`;
  const skills = (query.skills ?? []).filter(Boolean).slice(0, 5);
  const skillPart = skills.length ? ` AND (${skills.map(quote).join(' OR ')})` : '';
  const loc = query.location && !/^(global|remote)$/i.test(query.location.trim()) ? query.location.split(',')[0]!.trim() : null;
  return {
    linkedinSearch: `${titles}${skillPart}${loc ? ` AND ${quote(loc)}` : ''} NOT (intern OR recruiter)`,
    googleSearch: `site:linkedin.com/in ${titles}${skills.length ? ` (${skills.map(quote).join(' OR ')})` : ''}${loc ? ` ${quote(loc)}` : ''} -intitle:jobs -inurl:jobs`,
  };
}

export function suggestActions(data: {
  applications: readonly ApplicationFacts[];
  interviews: readonly InterviewFacts[];
  jobs: readonly JobFacts[];
  now: Date;
}): WorkflowSuggestions {
  const now = data.now.getTime();
  const actions: Array<{ weight: number; text: string }> = [];
  const stale = data.applications
    .map((a) => ({ a, idle: wholeDaysSince(a.stageChangedAt ?? a.appliedAt, now) }))
    .filter((x) => isIdleApplication(x.a.stage, x.idle))
    .sort((x, y) => y.idle - x.idle);
  for (const { a, idle } of stale.slice(0, 5))
    actions.push({
      weight: idle + (a.stage === 'offer' ? 100 : a.stage === 'final_interview' ? 40 : 0),
      text: `Follow up with ${a.candidateName} (${a.stage.replace('_', ' ')} for ${a.jobTitle}): no movement for ${idle} days`,
    });
  const noFeedback = data.interviews.filter((i) => Date.parse(i.scheduledAt) < now && i.status !== 'cancelled' && !i.feedback);
  for (const i of noFeedback.slice(0, 5))
    actions.push({
      weight: 60,
      text: `Collect feedback on the interview of ${i.candidateName} for ${i.jobTitle} (${new Date(i.scheduledAt).toISOString().slice(0, 10)})`,
    });
  const perJob = new Map<number, number>();
  for (const a of data.applications) if (a.stage !== 'rejected') perJob.set(a.jobId, (perJob.get(a.jobId) ?? 0) + 1);
  for (const j of data.jobs) {
    const days = wholeDaysSince(j.createdAt, now);
    const count = perJob.get(j.id) ?? 0;
    if (isThinJob(j.status, days, count))
      actions.push({
        weight: days / 2,
        text: `Source more candidates for ${j.title}: open ${days} days with ${count} active candidate${count === 1 ? '' : 's'}`,
      });
  }
  actions.sort((x, y) => y.weight - x.weight);
  const automationOpportunities: string[] = [];
  if (stale.length)
    automationOpportunities.push(
      `Automatic follow-up reminders for the ${stale.length} application${stale.length === 1 ? '' : 's'} idle 14+ days`,
    );
  if (noFeedback.length)
    automationOpportunities.push(`Feedback requests sent to interviewers right after each interview (${noFeedback.length} missing now)`);
  const openJobs = data.jobs.filter((j) => !['closed', 'filled'].includes(j.status)).length;
  if (openJobs)
    automationOpportunities.push(`Saved Boolean searches for the ${openJobs} open job order${openJobs === 1 ? '' : 's'}, re-run weekly`);
  return {
    priorityActions: actions.length
      ? actions.map((a) => a.text)
      : ['No urgent actions: every application moved in the last 14 days and every interview has feedback.'],
    automationOpportunities,
    recommendations: [
      `Reviewed ${data.applications.length} applications, ${data.interviews.length} interviews and ${data.jobs.length} job orders.`,
    ],
  };
}

export function marketAnalysis(
  query: { industry: string; jobFunction: string; location?: string | null },
  data: { jobs: readonly JobFacts[]; candidates: readonly CandidateFacts[] },
): MarketAnalysis {
  const fn = tokens(query.jobFunction);
  const industry = normalize(query.industry);
  const relevantJob = (j: JobFacts) =>
    jaccard(fn, tokens(`${j.title} ${j.department ?? ''}`)) > 0 || (j.industry ? normalize(j.industry).includes(industry) : false);
  const demandJobs = data.jobs.filter((j) => !['closed', 'filled'].includes(j.status) && relevantJob(j));
  const supply = data.candidates.filter((c) => jaccard(fn, tokens(c.currentTitle)) > 0);
  const ratio = demandJobs.length / Math.max(1, supply.length);
  const marketTemperature = demandJobs.length === 0 ? 'cool' : ratio >= 0.5 ? 'hot' : ratio >= 0.25 ? 'warm' : 'balanced';
  const counts = new Map<string, number>();
  for (const j of demandJobs) for (const s of jobSkills(j)) counts.set(s, (counts.get(s) ?? 0) + 1);
  const skillsDemand = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 10)
    .map(([skill, demand]) => ({ skill, demand }));
  const recommendations = [
    `${demandJobs.length} open job order${demandJobs.length === 1 ? '' : 's'} and ${supply.length} candidate${supply.length === 1 ? '' : 's'} on record match ${query.jobFunction} in ${query.industry}${query.location && !/^global$/i.test(query.location) ? ` (${query.location})` : ''}.`,
  ];
  if (demandJobs.length < 3) recommendations.push('Few records match: treat this as a signal from your own desk, not the whole market.');
  if (marketTemperature === 'hot') recommendations.push('Demand outpaces your bench: widen sourcing and move fast on offers.');
  if (skillsDemand[0]) recommendations.push(`Most requested skill: ${skillsDemand[0].skill}.`);
  return { marketTemperature, skillsDemand, recommendations };
}
