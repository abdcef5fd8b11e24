import type { ReadModelName } from '@ats/contracts';
import type { Doc, NoticePatch } from './ports';

/**
 * Read models whose changes a notice carries as values (screens draw them without reading
 * again), and the fields a patch of each always names so a screen can place it (a card's job and
 * candidate). Every role may read these read models in full, and their notices go only to rooms
 * of readers of them; the users read model (and anything internal) never carries values.
 */
export const PATCHABLE: Partial<Record<ReadModelName, readonly string[]>> = {
  applications: ['candidateId', 'jobId', 'stage'],
  candidates: [],
  jobs: [],
  clients: [],
};

/** a patch bigger than this (serialised) is left out: the screen reads again, as before */
export const PATCH_BYTES_LIMIT = 2_048;

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Pure: the patch for one change of one document, or null when the read model carries none, the
 * document was created or deleted (a screen reads those again) or the patch would be too big.
 */
export function noticePatch(readModel: ReadModelName, before: Doc | null, after: Doc | null, revision: number): NoticePatch | null {
  const always = PATCHABLE[readModel];
  if (!always || !before || !after) return null;
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (key === 'id') continue;
    if (always.includes(key) || !same(before[key], value)) fields[key] = value;
  }
  for (const key of Object.keys(before)) if (!(key in after)) fields[key] = null;
  const patch: NoticePatch = { id: after.id, revision, fields };
  return JSON.stringify(patch).length > PATCH_BYTES_LIMIT ? null : patch;
}
