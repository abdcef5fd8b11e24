/*
 * Pure logic of attaching candidates to jobs: the pickers' filtering and the summary toasts.
 * Shared by the candidate screens, the job screens and the pipeline (no feature owns it).
 */

/** One choice in an attach picker: a job for a candidate, or a candidate for a job. */
export interface PickerOption {
  id: number;
  label: string;
  /** a second line: the company, the current title, the e-mail… (searched as well) */
  detail?: string | null;
  /** already attached: shown as such and not selectable */
  attached: boolean;
}

/** One attach call's result, per item. */
export interface AttachOutcome {
  name: string;
  ok: boolean;
  /** why it failed, in a few words */
  reason?: string;
}

export interface AttachSummary {
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
}

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The options matching what was typed: every word must occur (case- and accent-insensitively)
 * in the label or the detail. The not yet attached come first, each group in its given order.
 */
export function filterPickerOptions<T extends PickerOption>(options: readonly T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const matches = options.filter((option) => {
    const haystack = fold(`${option.label} ${option.detail ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
  return [...matches.filter((o) => !o.attached), ...matches.filter((o) => o.attached)];
}

/** "CFO (Orion)": a job named with its client, as recruiters say it. */
export function jobName(job: { title: string; client?: { companyName: string } | null }): string {
  return job.client ? `${job.title} (${job.client.companyName})` : job.title;
}

/** A failed attach or detach in a few words, from the HTTP status. */
export function attachFailureReason(status: number | undefined, message?: string): string {
  if (status === 409) return 'already attached';
  if (status === 404) return 'no longer exists';
  if (status === 403) return 'not allowed';
  return message || 'could not be saved';
}

const notAdded = (outcomes: readonly AttachOutcome[]) => {
  const failed = outcomes.filter((o) => !o.ok);
  return failed.length > 0 ? `Not added: ${failed.map((o) => `${o.name} (${o.reason ?? 'failed'})`).join(', ')}.` : undefined;
};

/** The toast after adding candidates to one job: "3 candidates added to CFO (Orion)". */
export function candidatesAddedSummary(outcomes: readonly AttachOutcome[], job: string): AttachSummary {
  const added = outcomes.filter((o) => o.ok);
  const total = outcomes.length;
  const description = notAdded(outcomes);
  if (added.length === total) {
    const title = total === 1 ? `${added[0]!.name} added to ${job}` : `${total} candidates added to ${job}`;
    return { title, variant: 'default' };
  }
  const title = added.length === 0 ? `No candidates added to ${job}` : `${added.length} of ${total} candidates added to ${job}`;
  return { title, ...(description ? { description } : {}), variant: 'destructive' };
}

/** The toast after adding one candidate to jobs: "Jane Doe added to 2 jobs". */
export function jobsAddedSummary(outcomes: readonly AttachOutcome[], candidate: string): AttachSummary {
  const added = outcomes.filter((o) => o.ok);
  const total = outcomes.length;
  const description = notAdded(outcomes);
  if (added.length === total) {
    const title = total === 1 ? `${candidate} added to ${added[0]!.name}` : `${candidate} added to ${total} jobs`;
    return { title, variant: 'default' };
  }
  const title = added.length === 0 ? `${candidate} was not added to any job` : `${candidate} added to ${added.length} of ${total} jobs`;
  return { title, ...(description ? { description } : {}), variant: 'destructive' };
}

/** The detach confirmation's question. */
export function detachQuestion(candidate: string, job: string): string {
  return `Remove ${candidate} from ${job}? The stage history stays in the log.`;
}
