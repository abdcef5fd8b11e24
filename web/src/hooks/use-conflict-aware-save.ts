import { useState } from 'react';
import type { EditConflictProblem } from '@ats/contracts';
import { parseEditConflict, resolvedBody, type ConflictChoice } from '@/lib/edit-conflict';

/**
 * Saves an edit that carries its base revision. A 409 edit_conflict keeps the body and opens the
 * conflict dialog (its props come back as `conflict`); the user's choices are saved again with
 * the revision the server reported. Other outcomes go to `onSaved` / `onError`.
 */
export function useConflictAwareSave<B extends Record<string, unknown>>(
  save: (body: B) => Promise<unknown>,
  { onSaved, onError }: { onSaved: () => void; onError: (error: unknown) => void },
) {
  const [pending, setPending] = useState<{ problem: EditConflictProblem; body: B } | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = (body: B): Promise<void> => {
    setSaving(true);
    return save(body).then(
      () => {
        setSaving(false);
        setPending(null);
        onSaved();
      },
      (error: unknown) => {
        setSaving(false);
        const problem = parseEditConflict(error);
        if (problem) {
          setPending({ problem, body });
          return;
        }
        setPending(null);
        onError(error);
      },
    );
  };

  return {
    submit,
    conflict: {
      problem: pending?.problem ?? null,
      pending: saving,
      onResolve: (choices: Record<string, ConflictChoice>) => {
        if (pending) void submit(resolvedBody(pending.body, pending.problem, choices));
      },
      onCancel: () => setPending(null),
    },
  };
}
