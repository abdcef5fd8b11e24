import { createHash } from 'node:crypto';
import { TooManyRequestsError } from '../errors';
import { retryAfterSeconds, type RateLimitStore } from '../rate-limit/store';

/**
 * Sign-in throttling that a stranger cannot turn into a lock-out, on shared atomic counters.
 *
 * Every attempt is counted BEFORE its password is checked (so parallel guesses cannot all slip
 * under the limit), on three keys:
 * - account + client address: after 3 failures each attempt waits 250 ms × 2^(n-4) (capped at
 *   4 s); over 10 in 15 minutes that client is refused (429) for this account until the window ends;
 * - client address (an IPv6 one by its /64: `loginClientOf`): over 50 attempts in 15 minutes (any
 *   accounts: password spraying) that client is refused (no delay of its own: the pair key already slows each account's guesses);
 * - account: generous (100 attempts in 15 minutes from all clients). Beyond it, clients that
 *   already failed on this account are refused and a client with no failure is only slowed (1 s),
 *   so a stranger can never lock the owner out.
 * A successful sign-in clears its account + client counter and gives back its own attempt.
 */
export const LOGIN_LIMITS = {
  accountClient: { name: 'login-account-client', points: 10, durationSec: 15 * 60 },
  client: { name: 'login-client', points: 50, durationSec: 15 * 60 },
  account: { name: 'login-account', points: 100, durationSec: 15 * 60 },
} as const;

/** failures free of delay per account + client, then 250 ms doubling up to 4 s */
const FREE_ACCOUNT_CLIENT = 3;
const MAX_DELAY_MS = 4000;
/** the delay a client without failures gets on an account under attack */
const BUSY_ACCOUNT_DELAY_MS = 1000;

export const progressiveDelayMs = (attempt: number, free: number) =>
  attempt <= free ? 0 : Math.min(MAX_DELAY_MS, 250 * 2 ** (attempt - free - 1));

// counters hold no e-mail addresses or IPs in clear
const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/**
 * The client a sign-in counts against. An IPv6 address counts by its /64 network: one home or
 * server gets a whole /64 and could otherwise take a fresh address (and fresh counters) for every
 * guess. An IPv4 address, also written IPv4-mapped (`::ffff:10.0.0.1`), is itself.
 */
export function loginClientOf(address: string): string {
  const lower = address.trim().toLowerCase();
  // a zone (`fe80::1%eth0`) is not part of the address
  const plain = lower.includes('%') ? lower.slice(0, lower.indexOf('%')) : lower;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (!plain.includes(':')) return plain;
  const [head = '', tail = ''] = plain.split('::', 2);
  const left = head ? head.split(':') : [];
  const right = plain.includes('::') && tail ? tail.split(':') : [];
  // `::` stands for as many zero groups as are missing
  const groups = plain.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, '') || '0')
    .join(':')}::/64`;
}

export interface LoginAttempt {
  /** how long the attempt was held back before its password was checked */
  delayMs: number;
  /** the password was right: clear this client's failures, give back the attempt */
  succeeded(): Promise<void>;
}

export function createLoginThrottle(store: RateLimitStore, sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))) {
  const accountClient = store.limiter(LOGIN_LIMITS.accountClient);
  const client = store.limiter(LOGIN_LIMITS.client);
  const account = store.limiter(LOGIN_LIMITS.account);
  return {
    /** Counts the attempt (429 TooManyRequestsError when it may not be checked), then waits its delay. */
    async begin(email: string, clientAddress: string): Promise<LoginAttempt> {
      const accountKey = digest(email.trim().toLowerCase());
      const clientKey = digest(loginClientOf(clientAddress));
      const pairKey = `${accountKey}:${clientKey}`;
      // in order: a refused attempt does not count on the wider keys, so one client cannot
      // push the account over its limit with attempts that were never checked
      const pair = await accountClient.consume(pairKey);
      if (!pair.allowed) throw new TooManyRequestsError(retryAfterSeconds(pair.msBeforeReset));
      const fromClient = await client.consume(clientKey);
      if (!fromClient.allowed) throw new TooManyRequestsError(retryAfterSeconds(fromClient.msBeforeReset));
      const onAccount = await account.consume(accountKey);
      let delayMs = progressiveDelayMs(pair.consumed, FREE_ACCOUNT_CLIENT);
      if (!onAccount.allowed) {
        if (pair.consumed > 1) throw new TooManyRequestsError(retryAfterSeconds(Math.min(onAccount.msBeforeReset, pair.msBeforeReset)));
        delayMs = Math.max(delayMs, BUSY_ACCOUNT_DELAY_MS);
      }
      if (delayMs > 0) await sleep(delayMs);
      return {
        delayMs,
        async succeeded() {
          await Promise.all([accountClient.delete(pairKey), client.reward(clientKey), account.reward(accountKey)]);
        },
      };
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
