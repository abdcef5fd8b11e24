import { useEffect, useRef, useState } from 'react';

interface LoadMoreOptions {
  /** whether there is more to load and nothing is loading now */
  enabled: boolean;
  /** the scrolling element the sentinel sits in; the viewport when omitted */
  root?: Element | null;
  /** how far ahead of the end loading starts */
  rootMargin?: string;
}

/**
 * Infinite scroll: returns a ref for an element at the end of a list, and calls `onReach` when
 * that element comes near the visible part of `root`. The observer is made anew each time
 * loading becomes possible again, so a sentinel still in sight after a short page asks again.
 */
export function useLoadMoreSentinel(onReach: () => void, { enabled, root = null, rootMargin = '0px 0px 240px 0px' }: LoadMoreOptions) {
  const [sentinel, setSentinel] = useState<Element | null>(null);
  const onReachRef = useRef(onReach);
  onReachRef.current = onReach;

  useEffect(() => {
    if (!enabled || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onReachRef.current();
      },
      { root, rootMargin },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [enabled, sentinel, root, rootMargin]);

  return setSentinel;
}
