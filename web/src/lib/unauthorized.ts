import { limits } from '@ats/contracts';
import { toast } from '@/components/toast';

let redirecting = false;

/**
 * The sign-in page, asked to come back here afterwards (a deep link survives signing in). The
 * server keeps `next` only when it is a path on this origin.
 */
export function signInUrl(location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): string {
  const here = location.pathname + location.search + location.hash;
  return here === '/' || here.startsWith('/api/') ? '/api/login' : `/api/login?next=${encodeURIComponent(here)}`;
}

/** Ends the session by POST (a GET from another site cannot), then shows the landing page. */
export async function signOut(): Promise<void> {
  try {
    await fetch('/api/logout', { method: 'POST', credentials: 'same-origin' });
  } finally {
    window.location.assign('/');
  }
}

/**
 * SPEC §2.3/§8: the session is gone. Say so once ('Unauthorized' / 'You are logged out.
 * Logging in again...') and go to the sign-in page after 500 ms.
 */
export function signalUnauthorized(): void {
  if (redirecting) return;
  redirecting = true;
  toast({ variant: 'destructive', title: 'Unauthorized', description: 'You are logged out. Logging in again...' });
  setTimeout(() => window.location.assign(signInUrl()), limits.unauthorizedRedirectMs);
}

/** SPEC §8: an error whose message begins '401:' and contains 'Unauthorized'. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401:') && /unauthorized/i.test(error.message);
}
