export type Tone = 'danger' | 'warning' | 'neutral' | 'success' | 'primary';

/** Badge colours for a client's priority and status. */
export const CLIENT_PRIORITY_COLOR: Record<string, Tone> = { high: 'danger', medium: 'warning', low: 'neutral' };
export const CLIENT_STATUS_COLOR: Record<string, Tone> = { active: 'success', inactive: 'neutral' };
