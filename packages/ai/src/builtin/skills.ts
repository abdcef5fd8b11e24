import { PhraseIndex, words, type Phrase } from './words';

/** Skills the built-in engine recognises in free text (job descriptions, summaries, resumes). */
export const SKILL_VOCABULARY = [
  'Financial Planning',
  'M&A',
  'Investor Relations',
  'GAAP',
  'IFRS',
  'Treasury',
  'FP&A',
  'Fundraising',
  'Audit',
  'CPA',
  'Distributed Systems',
  'Kubernetes',
  'TypeScript',
  'JavaScript',
  'Python',
  'Java',
  'Go',
  'AWS',
  'Azure',
  'GCP',
  'Cloud Architecture',
  'Security',
  'Platform Engineering',
  'Machine Learning',
  'MLOps',
  'SQL',
  'Statistics',
  'Data Science',
  'Analytics',
  'AI',
  'Product Strategy',
  'Roadmapping',
  'B2B SaaS',
  'SaaS',
  'Enterprise Sales',
  'Negotiation',
  'Salesforce',
  'Channel Partnerships',
  'Forecasting',
  'Brand Strategy',
  'Digital Marketing',
  'Go-to-Market',
  'PR',
  'Supply Chain',
  'Lean Operations',
  'P&L Ownership',
  'Six Sigma',
  'Logistics',
  'Corporate Law',
  'Compliance',
  'Contracts',
  'Talent Strategy',
  'Org Design',
  'Compensation',
  'DEI',
  'Employer Branding',
  'Recruiting',
  'Team Leadership',
  'Leadership',
  'Hiring',
  'Change Management',
  'Strategy',
  'Operations',
  'Healthcare',
  'Private Equity',
  'Board Relations',
  'IPO',
  'SEC Reporting',
] as const;

/** Other ways job orders and resumes say the same skill (words, as `words()` reads them). */
const SYNONYMS: Record<string, string[]> = {
  'M&A': ['mergers and acquisitions', 'mergers & acquisitions', 'acquisitions'],
  'FP&A': ['financial planning and analysis', 'financial planning & analysis'],
  'Investor Relations': ['investor relation'],
  Treasury: ['treasury management'],
  IPO: ['initial public offering', 'public company', 'public listing', 'ipos'],
  'SEC Reporting': ['sec filings', 'sec filing', '10 k'],
  'Go-to-Market': ['gtm'],
  'Org Design': ['organisational design', 'organizational design', 'organisation design', 'organization design'],
  DEI: ['diversity equity and inclusion', 'diversity & inclusion', 'diversity and inclusion', 'd&i'],
  Compensation: ['compensation design', 'total rewards'],
  Contracts: ['contract', 'contract negotiation'],
  Negotiation: ['negotiating', 'negotiations'],
  Hiring: ['hire', 'hiring and growing'],
  'Distributed Systems': ['distributed system'],
  Kubernetes: ['k8s'],
  'Machine Learning': ['ml'],
  'Corporate Law': ['corporate legal'],
};

/**
 * Words that describe the setting rather than a skill ("a healthcare company", "provide
 * leadership"): taken from a job's requirements, never from its description alone.
 */
export const CONTEXT_SKILLS = new Set<string>([
  'Healthcare',
  'Private Equity',
  'SaaS',
  'B2B SaaS',
  'Leadership',
  'Team Leadership',
  'Strategy',
  'Operations',
]);

interface SkillForm {
  skill: string;
  p: Phrase;
}

function formsOf(skills: readonly string[]): SkillForm[] {
  const forms: SkillForm[] = [];
  for (const skill of skills) {
    for (const text of [skill, ...(SYNONYMS[skill] ?? [])]) {
      const p = words(text);
      if (p.length) forms.push({ skill, p });
    }
  }
  return forms;
}
const VOCABULARY_INDEX = new PhraseIndex(formsOf(SKILL_VOCABULARY));

/** Vocabulary skills mentioned in a text, in vocabulary order (the `extra` skills first); each word counts once. */
export function skillsIn(text: string | null | undefined, extra: readonly string[] = []): string[] {
  const w = words(text);
  if (!w.length) return [];
  const extraIndex = extra.length ? new PhraseIndex(formsOf(extra)) : null;
  const hit = new Set<string>();
  for (let i = 0; i < w.length;) {
    const fromVocabulary = VOCABULARY_INDEX.at(w, i)[0];
    const fromExtra = extraIndex?.at(w, i)[0];
    const best = fromExtra && (!fromVocabulary || fromExtra.p.length >= fromVocabulary.p.length) ? fromExtra : fromVocabulary;
    if (best) hit.add(best.skill.toLowerCase());
    i += best ? best.p.length : 1;
  }
  const found: string[] = [];
  for (const skill of [...extra, ...SKILL_VOCABULARY])
    if (hit.has(skill.toLowerCase()) && !found.some((f) => f.toLowerCase() === skill.toLowerCase())) found.push(skill);
  return found;
}
