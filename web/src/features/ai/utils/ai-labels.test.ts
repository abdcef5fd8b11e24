import { describe, expect, it } from 'vitest';
import { capSuggestions, formatConfidence, isSuccessHighlighted, matchLabel, topSkills } from './ai-labels';

describe('AI labels', () => {
  it('labels a match at 80, 60 and 40', () => {
    expect(matchLabel(100)).toBe('Excellent match');
    expect(matchLabel(80)).toBe('Excellent match');
    expect(matchLabel(79.9)).toBe('Good match');
    expect(matchLabel(60)).toBe('Good match');
    expect(matchLabel(59)).toBe('Moderate match');
    expect(matchLabel(40)).toBe('Moderate match');
    expect(matchLabel(39)).toBe('Weak match');
    expect(matchLabel(0)).toBe('Weak match');
  });
  it('highlights success only above 70', () => {
    expect(isSuccessHighlighted(70)).toBe(false);
    expect(isSuccessHighlighted(71)).toBe(true);
  });
  it('shows a confidence as a percentage', () => {
    expect(formatConfidence(0.856)).toBe('86%');
    expect(formatConfidence(1.2)).toBe('100%');
  });
  it('caps skills and suggestions', () => {
    const skills = [1, 9, 3, 7, 5, 8].map((demand, i) => ({ skill: `s${i}`, demand }));
    expect(topSkills(skills).map((s) => s.demand)).toEqual([9, 8, 7, 5, 3]);
    const capped = capSuggestions({ priorityActions: ['a', 'b', 'c', 'd', 'e', 'f'], automationOpportunities: ['1', '2', '3', '4'] });
    expect(capped.priorityActions).toHaveLength(5);
    expect(capped.automationOpportunities).toEqual(['1', '2', '3']);
  });
});
