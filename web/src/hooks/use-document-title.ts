import { useEffect } from 'react';

export const APP_NAME = 'TalentFlow';
/** The title before sign-in (index.html's). */
export const LANDING_TITLE = `${APP_NAME} · Executive Recruiting`;

/**
 * The tab title of a screen (WCAG 2.4.2): most specific first, the app last, e.g.
 * "Ada Lovelace · Candidates · TalentFlow". No parts gives the landing title.
 */
export function documentTitle(...parts: (string | null | undefined)[]): string {
  const named = parts.map((part) => part?.trim()).filter((part): part is string => Boolean(part));
  return named.length === 0 ? LANDING_TITLE : [...named, APP_NAME].join(' · ');
}

/** Sets the tab title while the calling screen shows (each screen sets its own). */
export function useDocumentTitle(...parts: (string | null | undefined)[]): void {
  const title = documentTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
