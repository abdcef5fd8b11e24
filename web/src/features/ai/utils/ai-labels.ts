/** SPEC §2.8 / §9: the compatibility label for a job-match score. */
export function matchLabel(score: number): 'Excellent match' | 'Good match' | 'Moderate match' | 'Weak match' {
  if (score >= 80) return 'Excellent match';
  if (score >= 60) return 'Good match';
  if (score >= 40) return 'Moderate match';
  return 'Weak match';
}

export function matchColor(score: number): 'success' | 'primary' | 'warning' | 'danger' {
  if (score >= 80) return 'success';
  if (score >= 60) return 'primary';
  if (score >= 40) return 'warning';
  return 'danger';
}

/** SPEC §2.9 / §9: the success-probability badge is highlighted above 70. */
export function isSuccessHighlighted(probability: number): boolean {
  return probability > 70;
}

/** 0.86 → "86%" (a confidence is 0–1). */
export function formatConfidence(confidence: number): string {
  return `${Math.round(Math.max(0, Math.min(1, confidence)) * 100)}%`;
}

/** SPEC §9: at most 5 in-demand skills, highest demand first. */
export function topSkills<T extends { demand: number }>(skills: readonly T[], limit = 5): T[] {
  return [...skills].sort((a, b) => b.demand - a.demand).slice(0, limit);
}

/** SPEC §2.5 / §9: at most 5 priority actions and 3 automation opportunities. */
export function capSuggestions(s: { priorityActions: readonly string[]; automationOpportunities: readonly string[] }) {
  return { priorityActions: s.priorityActions.slice(0, 5), automationOpportunities: s.automationOpportunities.slice(0, 3) };
}
