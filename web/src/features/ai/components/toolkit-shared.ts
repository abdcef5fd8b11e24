import type { ToolkitTab } from '../api/ai';

export interface ToolkitCandidate {
  id: number;
  firstName: string;
  lastName: string;
  currentTitle?: string | null;
  location?: string | null;
  skills?: string[];
}
export interface ToolkitJob {
  id: number;
  title: string;
  location?: string | null;
  client?: { companyName: string; industry: string | null } | null;
}

/** SPEC §8 toolkit failure texts. */
export const TOOLKIT_FAILURES: Record<ToolkitTab, string> = {
  salary: 'Failed to generate salary analysis',
  message: 'Failed to generate message',
  predict: 'Failed to generate prediction',
  interview: 'Failed to analyze interview notes',
  search: 'Failed to generate search strings',
  workflow: 'Failed to generate action suggestions',
  market: 'Failed to generate market analysis',
};

/** Joy's Select listbox above the modal it sits in. */
export const listboxOnModal = { listbox: { sx: { zIndex: 'calc(var(--joy-zIndex-modal) + 1)' } } };
