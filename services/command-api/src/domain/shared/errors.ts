import { ConflictError, DomainError, NotFoundError } from '@ats/http-kit';

export { ConflictError, DomainError, NotFoundError };

/** The application has moved on since the user saw it (stale drag). */
export class StageConflictError extends ConflictError {
  constructor(currentStage: string, movedBy: { id: string; name: string } | null, movedAt: string | null, stageLabel: string) {
    const when = movedAt ? ` at ${movedAt}` : '';
    const who = movedBy ? `${movedBy.name} moved this candidate` : 'This candidate was moved';
    super('stage_conflict', `${who} to ${stageLabel}${when}.`, { currentStage, movedBy, movedAt });
  }
}
