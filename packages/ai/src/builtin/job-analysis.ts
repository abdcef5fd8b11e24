import type { JobAnalysis } from '@ats/contracts/ai-results';
import type { JobFacts } from '../facts';
import { clamp, parseYears, round, seniorityFromYears, titleSeniority } from '../text';
import { CONTEXT_SKILLS, skillsIn } from './skills';
import { TRAIT_RULES } from './traits';

const isContext = (skill: string) => [...CONTEXT_SKILLS].some((c) => c.toLowerCase() === skill.toLowerCase());

/**
 * The skills a job order asks for: everything its requirements name first, then what its title and
 * description add — but not the setting ("a healthcare company", "provide leadership"), which is
 * context, not a requirement.
 */
export function jobSkills(job: JobFacts, hints: readonly string[] = []): string[] {
  const required = skillsIn(job.requirements, hints);
  const described = skillsIn([job.title, job.description].filter(Boolean).join('\n'), hints).filter((s) => !isContext(s));
  for (const s of described) if (!required.some((r) => r.toLowerCase() === s.toLowerCase())) required.push(s);
  return required;
}

export function analyzeJob(job: JobFacts): JobAnalysis {
  const text = [job.requirements, job.description].filter(Boolean).join('\n');
  const requiredSkills = jobSkills(job);
  const years = parseYears(text);
  const seniority = titleSeniority(job.title) ?? (years !== null ? seniorityFromYears(years) : 'mid');
  const preferredExperience = years !== null ? `${years}+ years, ${seniority} level` : `${seniority} level (no years stated)`;
  const personalityFit = TRAIT_RULES.filter(([re]) => re.test(text)).map(([, t]) => t);
  if (seniority === 'executive' && !personalityFit.includes('Leadership')) personalityFit.unshift('Leadership');
  const generatedQuestions = [
    ...requiredSkills
      .slice(0, 3)
      .map((s) => `Tell us about the hardest ${s} problem you owned end to end. What did you decide, and what happened?`),
    `Why ${job.clientName ?? 'this company'}, and why now?`,
    `What would your first 90 days as ${job.title} look like?`,
  ];
  const confidence = round(clamp(0.3 + Math.min(0.5, text.length / 1200) + (requiredSkills.length ? 0.15 : 0), 0, 0.95), 2);
  return {
    requiredSkills,
    preferredExperience,
    personalityFit: personalityFit.length ? personalityFit : ['Not enough description to infer'],
    generatedQuestions,
    confidence,
  };
}
