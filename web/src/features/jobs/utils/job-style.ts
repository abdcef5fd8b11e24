type Tone = 'danger' | 'warning' | 'neutral' | 'success' | 'primary';

export const JOB_PRIORITY_COLOR: Record<string, Tone> = { urgent: 'danger', high: 'danger', medium: 'warning', low: 'neutral' };
export const JOB_STATUS_COLOR: Record<string, Tone> = {
  open: 'success',
  sourcing: 'primary',
  interviewing: 'primary',
  offer_extended: 'warning',
  filled: 'success',
  closed: 'neutral',
};
