import { useEffect, type RefObject } from 'react';
import { useRouter } from '@tanstack/react-router';

// Screens load their data after the route resolves, so the heading may come a little later.
const WAIT_FOR_HEADING_MS = 5000;

/**
 * WCAG 2.4.3: after an in-app navigation to another screen, focus moves to the new screen's
 * h1, so keyboard and screen-reader users start there and hear where they are. Not on the
 * first load (the browser starts at the top and the skip link is the first stop), and not when
 * only the search changes (the user is typing in a filter).
 */
export function useFocusHeadingOnNavigate(mainRef: RefObject<HTMLElement | null>) {
  const router = useRouter();
  useEffect(() => {
    let previousHeading: Element | null = null;
    let stop: (() => void) | undefined;
    const offBefore = router.subscribe('onBeforeNavigate', (event) => {
      if (event.pathChanged) previousHeading = mainRef.current?.querySelector('h1') ?? null;
    });
    const offResolved = router.subscribe('onResolved', (event) => {
      const main = mainRef.current;
      if (!main || !event.fromLocation || !event.pathChanged) return;
      stop?.();
      stop = focusNewHeading(main, previousHeading);
    });
    return () => {
      offBefore();
      offResolved();
      stop?.();
    };
  }, [router, mainRef]);
}

/**
 * Focuses the first h1 in main that is not the old screen's, now or as soon as it renders; if
 * that h1 is replaced while focus is still on it (a loading state giving way to the record),
 * focus follows to the new one. Returns a stop function.
 */
function focusNewHeading(main: HTMLElement, previous: Element | null): () => void {
  let focused: HTMLElement | null = null;
  const attempt = () => {
    const lost = focused && (!focused.isConnected || document.activeElement !== focused);
    if (focused && !lost) return;
    // focus moved on by the user (not just dropped to <body> with an unmounted heading): leave it
    if (focused && focused.isConnected) return done();
    if (focused && document.activeElement && document.activeElement !== document.body) return done();
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading || heading === previous) return;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    focused = heading;
  };
  const observer = new MutationObserver(attempt);
  const timer = setTimeout(() => done(), WAIT_FOR_HEADING_MS);
  function done() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  attempt();
  return done;
}
