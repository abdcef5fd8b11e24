/** Working-style traits the built-in engine reads from a profile or a job description. */
export const TRAIT_RULES: Array<[RegExp, string]> = [
  [/\b(led|lead|leadership|managed|headed)\b/i, 'Leadership'],
  [/\b(built|founded|launched|created|established)\b/i, 'Builder mindset'],
  [/\b(grew|growth|scal(e|ed|ing)|expan(d|ded|sion))\b/i, 'Growth-oriented'],
  [/\b(collaborat\w*|partnered|cross-functional|team)\b/i, 'Collaborative'],
  [/\b(data|analytic\w*|metrics|quantitative)\b/i, 'Analytical'],
  [/\b(customer|client)s?\b/i, 'Customer-focused'],
  [/\b(transform\w*|turnaround|change)\b/i, 'Change agent'],
];
