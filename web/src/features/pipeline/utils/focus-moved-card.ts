// The move is optimistic, but the cache update waits for in-flight board queries to be
// cancelled first, so the card may render in its new column a few frames after the drop.
const WAIT_FOR_CARD_MS = 3000;

/**
 * Focuses the card of application `id` once it shows in the `stage` column of `board`, unless
 * the user has moved focus somewhere else meanwhile. Returns a function that stops waiting.
 */
export function focusMovedCard(board: HTMLElement, id: number, stage: string): () => void {
  const selector = `[data-testid="pipeline-column-${stage}"] [data-testid="application-card-${id}"]`;
  const started = performance.now();
  let frame = 0;
  const attempt = () => {
    const focus = document.activeElement;
    // the user went on elsewhere (not merely left on <body> or on the card that is going away)
    const elsewhere = focus && focus !== document.body && !focus.closest(`[data-testid="application-card-${id}"]`);
    if (elsewhere) return;
    const card = board.querySelector<HTMLElement>(selector);
    if (card) {
      card.focus({ preventScroll: true });
      card.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      // dnd-kit may still restore focus to the old element in the same frame; check once more
      if (document.activeElement === card) return;
    }
    if (performance.now() - started < WAIT_FOR_CARD_MS) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}
