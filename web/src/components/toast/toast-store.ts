import { atom, getDefaultStore, useAtomValue } from 'jotai';
import { limits } from '@ats/contracts';

/** SPEC §8/§9: default and destructive toasts with a title and description, one visible at a time. */
export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  /** ms before it closes by itself; SPEC default 5000 */
  duration?: number;
  /**
   * false when something else already told screen readers (the board's drag-and-drop live
   * region announces its own moves): the toast shows but is not read out a second time
   */
  announce?: boolean;
}

export interface ToastItem extends ToastInput {
  id: string;
  variant: ToastVariant;
  duration: number;
}

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = limits.toastDurationMs;
/** a toast that offers Undo stays a little longer: enough to read it and reach the button */
export const UNDO_TOAST_DURATION_MS = 8000;

export const toastsAtom = atom<ToastItem[]>([]);

let counter = 0;

/** Pure: the newest toast first, older ones beyond the limit dropped. */
export function addToast(list: readonly ToastItem[], item: ToastItem, limit = TOAST_LIMIT): ToastItem[] {
  return [item, ...list.filter((t) => t.id !== item.id)].slice(0, limit);
}

export function removeToast(list: readonly ToastItem[], id?: string): ToastItem[] {
  return id === undefined ? [] : list.filter((t) => t.id !== id);
}

const store = getDefaultStore();

/** Shows a toast from anywhere (components, query callbacks, the realtime layer). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const item: ToastItem = {
    ...input,
    id,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DURATION_MS,
  };
  store.set(toastsAtom, (list) => addToast(list, item));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id?: string): void {
  store.set(toastsAtom, (list) => removeToast(list, id));
}

export function useToast() {
  const toasts = useAtomValue(toastsAtom, { store });
  return { toasts, toast, dismiss: dismissToast };
}

/**
 * The success toast of an undoable action (a delete, a stage move): its Undo button runs `undo`
 * (a command whose event puts things back). Keyboard: F8 reaches the toast, Tab the button.
 */
export function toastWithUndo(input: Omit<ToastInput, 'action' | 'variant'> & { undo: () => void }) {
  const { undo, ...rest } = input;
  return toast({ ...rest, duration: input.duration ?? UNDO_TOAST_DURATION_MS, action: { label: 'Undo', onClick: undo } });
}
