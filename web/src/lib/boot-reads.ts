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
