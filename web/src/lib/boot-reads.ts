/**
 * The first reads `public/boot.js` started while the app's JavaScript was loading (the session
 * check, the dashboard's reads): the one fetch wrapper takes such a reply instead of asking
 * again. Each reply is taken once; later reads of the same URL go to the network as usual.
 */
interface BootReads {
  take(url: string): Promise<Response> | undefined;
}

export function takeBootRead(url: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as { __atsBootReads?: BootReads }).__atsBootReads?.take(url);
}

/** Where the app notes that this browser was signed in at its last session check (boot.js reads it). */
export const SIGNED_IN_HINT_KEY = 'ats.signedIn';
/**
 * The same hint as a cookie (`ats_signed_in=1`, readable by boot.js, no credential: the server
 * never reads it), so it lives and goes with the session cookie: a browser that kept its cookies
 * but lost its storage (or a new context given the cookies) still starts the screen's reads early.
 */
export const SIGNED_IN_HINT_COOKIE = 'ats_signed_in';
const HINT_MAX_AGE_S = 30 * 24 * 3600;

/**
 * Notes the outcome of a session check for boot.js: with the hint set, the next load starts its
 * screen's reads beside the session check instead of after it. A stale hint (the session ended
 * meanwhile) costs that load a few refused reads, and the check that follows clears it.
 */
export function noteSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // storage refused (private mode, quota): the cookie below still tells boot.js
  }
  if (typeof document === 'undefined') return;
  const value = signedIn ? `1; max-age=${HINT_MAX_AGE_S}` : '; max-age=0';
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=${value}; path=/; SameSite=Lax`;
}
