import { useCallback, useEffect, useState } from 'react';

export interface ScrollHint {
  /** content hidden to the left / to the right of a sideways-scrolling element */
  left: boolean;
  right: boolean;
}

const NONE: ScrollHint = { left: false, right: false };

/** Which sides of a sideways-scrolling element hide content (1px tolerance for fractional widths). */
export function scrollHintOf(metrics: { scrollLeft: number; scrollWidth: number; clientWidth: number }): ScrollHint {
  const { scrollLeft, scrollWidth, clientWidth } = metrics;
  if (scrollWidth <= clientWidth + 1) return NONE;
  return { left: scrollLeft > 1, right: scrollLeft + clientWidth < scrollWidth - 1 };
}

/**
 * Follows an element that scrolls sideways (a board, a tab list) and says where content is
 * hidden, so the screen can show a hint there. Pass the element (a callback ref's state).
 */
export function useScrollHint(element: HTMLElement | null): ScrollHint {
  const [hint, setHint] = useState<ScrollHint>(NONE);
  const measure = useCallback(() => {
    if (!element) return;
    const next = scrollHintOf(element);
    setHint((prev) => (prev.left === next.left && prev.right === next.right ? prev : next));
  }, [element]);
  useEffect(() => {
    if (!element) return;
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [element, measure]);
  return hint;
}
