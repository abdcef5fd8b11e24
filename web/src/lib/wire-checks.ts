import {
  READ_MODELS,
  type ChangedMessage,
  type EditConflictProblem,
  type PresenceMember,
  type PresenceMessage,
  type Problem,
  type StageConflictProblem,
} from '@ats/contracts';

/**
 * The checks the app makes on what the server sends (problems, live notices, presence), written
 * out by hand (B8): with zod's `ProblemSchema`, `ChangedMessageSchema` and the presence schemas
 * they kept zod's runtime and the contracts' schemas in the entry chunk, or in the pipeline's
 * and the dashboard's first chunks, before their first data. Each checks the same shape as its
 * schema in `@ats/contracts` (the server sends what those schemas describe); the forms still
 * use zod, loaded with the form.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const optional = (value: unknown, check: (v: unknown) => boolean) => value === undefined || check(value);

/** An RFC 9457 problem as the API sends it (as `ProblemSchema`, extra members kept), or null. */
export function asProblem(value: unknown): Problem | null {
  if (!isRecord(value)) return null;
  const { type, title, status, detail, code, errors } = value;
  if (typeof type !== 'string' || typeof title !== 'string' || typeof code !== 'string') return null;
  if (!Number.isSafeInteger(status)) return null;
  if (!optional(detail, (d) => typeof d === 'string')) return null;
  const fieldError = (e: unknown) => isRecord(e) && typeof e.path === 'string' && typeof e.message === 'string';
  if (!optional(errors, (list) => Array.isArray(list) && list.every(fieldError))) return null;
  return value as Problem;
}

const readModels = new Set<string>(READ_MODELS);
const isPatch = (p: unknown) => isRecord(p) && isId(p.id) && isNumber(p.revision) && isRecord(p.fields);

/** A `changed` notice from the query-api (as `ChangedMessageSchema`), or null. */
export function asChangedMessage(value: unknown): ChangedMessage | null {
  if (!isRecord(value)) return null;
  const { position, readModel, ids, eventType, actor, patches } = value;
  if (!isNumber(position) || typeof readModel !== 'string' || !readModels.has(readModel)) return null;
  if (!Array.isArray(ids) || !ids.every(isId) || typeof eventType !== 'string') return null;
  if (actor !== null && !(isRecord(actor) && typeof actor.id === 'string' && typeof actor.name === 'string')) return null;
  if (!optional(patches, (list) => Array.isArray(list) && list.length <= 500 && list.every(isPatch))) return null;
  return value as ChangedMessage;
}

const isUser = (value: unknown) => isRecord(value) && typeof value.id === 'string' && typeof value.name === 'string';

/** A 409 `stage_conflict` problem (as `StageConflictProblemSchema`), or null. */
export function asStageConflict(value: unknown): StageConflictProblem | null {
  const problem = asProblem(value);
  if (!problem || problem.code !== 'stage_conflict') return null;
  const { currentStage, movedBy, movedAt } = problem as Record<string, unknown>;
  if (typeof currentStage !== 'string') return null;
  if (movedBy !== null && !isUser(movedBy)) return null;
  if (movedAt !== null && typeof movedAt !== 'string') return null;
  return problem as StageConflictProblem;
}

/** A 409 `edit_conflict` problem (as `EditConflictProblemSchema`), or null. */
export function asEditConflict(value: unknown): EditConflictProblem | null {
  const problem = asProblem(value);
  if (!problem || problem.code !== 'edit_conflict') return null;
  const { conflicts, revision } = problem as Record<string, unknown>;
  if (!isNumber(revision) || !Array.isArray(conflicts)) return null;
  const isConflict = (c: unknown) => isRecord(c) && typeof c.field === 'string' && isUser(c.by) && typeof c.at === 'string';
  return conflicts.every(isConflict) ? (problem as EditConflictProblem) : null;
}

const isPlace = (value: unknown): value is string =>
  value === 'board' || (typeof value === 'string' && /^(job|candidate|client):\d{1,15}$/.test(value));
const ACTIVITY_KEYS = new Set(['cardId', 'dragging', 'typing']);
const isActivity = (a: unknown) =>
  isRecord(a) &&
  Object.keys(a).every((key) => ACTIVITY_KEYS.has(key)) &&
  (a.cardId === undefined || a.cardId === null || (Number.isSafeInteger(a.cardId) && (a.cardId as number) > 0)) &&
  optional(a.dragging, (d) => typeof d === 'boolean') &&
  optional(a.typing, (t) => typeof t === 'boolean');
const isMember = (m: unknown) =>
  isRecord(m) && typeof m.userId === 'string' && typeof m.name === 'string' && typeof m.readOnly === 'boolean' && isActivity(m.activity);

/** The accepted reply to `presence:join` (as `PresenceJoinAckSchema` with `ok: true`), or null. */
export function asPresenceJoined(value: unknown): { members: PresenceMember[]; you: { userId: string; canHide: boolean } } | null {
  if (!isRecord(value) || value.ok !== true) return null;
  const { members, you } = value;
  if (!Array.isArray(members) || !members.every(isMember)) return null;
  if (!isRecord(you) || typeof you.userId !== 'string' || typeof you.canHide !== 'boolean') return null;
  return { members: members as PresenceMember[], you: { userId: you.userId, canHide: you.canHide } };
}

/** A `presence` message: everyone on a place now (as `PresenceMessageSchema`), or null. */
export function asPresenceMessage(value: unknown): PresenceMessage | null {
  if (!isRecord(value) || !isPlace(value.place)) return null;
  const { members } = value;
  if (!Array.isArray(members) || members.length > 500 || !members.every(isMember)) return null;
  return value as PresenceMessage;
}
