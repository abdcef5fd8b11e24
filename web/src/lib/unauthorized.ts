import { limits } from '@ats/contracts';
import { toast } from '@/components/toast';

let redirecting = false;

/**
 * SPEC §2.3/§8: the session is gone. Say so once ('Unauthorized' / 'You are logged out.
 * Logging in again...') and go to the sign-in page after 500 ms.
 */
export function signalUnauthorized(): void {
  if (redirecting) return;
  redirecting = true;
  toast({ variant: 'destructive', title: 'Unauthorized', description: 'You are logged out. Logging in again...' });
  setTimeout(() => window.location.assign('/api/login'), limits.unauthorizedRedirectMs);
}

/** SPEC §8: an error whose message begins '401:' and contains 'Unauthorized'. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401:') && /unauthorized/i.test(error.message);
}
