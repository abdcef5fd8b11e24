export interface Rect {
  top: number;
  left: number;
  right: number;
  bottom: number;
}

export interface ToastPlacement {
  /** which edge of the window the stack sits on */
  edge: 'top' | 'bottom';
  /** at most this wide (px), so it fits beside an open dialog */
  maxWidth: number;
}

const WIDTH = 420;
const MIN_SIDE = 260;
const MIN_BAND = 88;

/**
 * Where the toasts go so they never cover an open dialog's footer (its buttons): the usual
 * corner (bottom right on wide screens, top on phones) with no dialog; beside the dialog when
 * the space right of it holds a narrower toast; else in the larger band above or below it,
 * above when neither is big enough (a header covered for a moment beats hidden buttons).
 */
export function toastPlacement(viewport: { width: number; height: number }, dialog: Rect | null, phone: boolean): ToastPlacement {
  const usual: ToastPlacement = { edge: phone ? 'top' : 'bottom', maxWidth: WIDTH };
  if (!dialog) return usual;
  const right = viewport.width - dialog.right;
  if (right >= MIN_SIDE) return { edge: 'bottom', maxWidth: Math.min(WIDTH, right) };
  const above = dialog.top;
  const below = viewport.height - dialog.bottom;
  if (below >= MIN_BAND && below >= above) return { edge: 'bottom', maxWidth: WIDTH };
  return { edge: 'top', maxWidth: WIDTH };
}
