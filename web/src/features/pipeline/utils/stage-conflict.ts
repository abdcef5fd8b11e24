import { format } from 'date-fns';
import { STAGE_LABELS, type StageConflictProblem } from '@ats/contracts';
import { timeAgo } from '../../../lib/format';
import { asStageConflict } from '../../../lib/wire-checks';

/** The 409 `stage_conflict` problem of a failed move, if that is what it was. */
export function parseStageConflict(error: unknown): StageConflictProblem | null {
  if (!error || typeof error !== 'object') return null;
  const { status, problem } = error as { status?: unknown; problem?: unknown };
  if (status !== 409 || !problem) return null;
  return asStageConflict(problem);
}

/** The card a refused move was about: the candidate's name and the job's title. */
export interface ConflictSubject {
  candidate: string;
  job: string;
}

/** The toast for a move refused because someone else moved the card first: whose card, who, where, when. */
export function stageConflictToast(
  problem: StageConflictProblem,
  subject?: ConflictSubject,
  now: Date = new Date(),
): { title: string; description: string } {
  const who = problem.movedBy?.name || 'Another user';
  const where = STAGE_LABELS[problem.currentStage] ?? problem.currentStage;
  let when = '';
  if (problem.movedAt) {
    const at = new Date(problem.movedAt);
    if (!Number.isNaN(at.getTime())) when = ` ${timeAgo(problem.movedAt, now)} (${format(at, 'MMM d, h:mm a')})`;
  }
  return {
    title: 'Application was already moved',
    description: `${who} moved ${subject ? `${subject.candidate} for ${subject.job}` : 'this application'} to ${where}${when}. The board now shows the latest stage.`,
  };
}
