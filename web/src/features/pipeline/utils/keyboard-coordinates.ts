import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Pure: the next column to the right (direction 1) or left (-1) of a point, by column centre.
 */
export function nextColumnRect<R extends Rect>(columns: readonly R[], fromX: number, direction: 1 | -1): R | null {
  let best: R | null = null;
  let bestDistance = Infinity;
  for (const rect of columns) {
    const distance = (rect.left + rect.width / 2 - fromX) * direction;
    if (distance > 1 && distance < bestDistance) {
      best = rect;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Keyboard dragging jumps whole columns: Left/Right (and Up/Down as previous/next) move the card
 * over the neighbouring stage's column instead of nudging it by pixels.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const direction =
    event.code === 'ArrowRight' || event.code === 'ArrowDown' ? 1 : event.code === 'ArrowLeft' || event.code === 'ArrowUp' ? -1 : 0;
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (direction === 0 || !collisionRect) return undefined;
  event.preventDefault();
  const rects: Rect[] = [];
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id);
    if (rect) rects.push(rect);
  }
  const target = nextColumnRect(rects, collisionRect.left + collisionRect.width / 2, direction);
  if (!target) return currentCoordinates;
  const maxTop = target.top + Math.max(0, target.height - collisionRect.height);
  return {
    x: target.left + (target.width - collisionRect.width) / 2,
    y: Math.min(Math.max(currentCoordinates.y, target.top), maxTop),
  };
};
