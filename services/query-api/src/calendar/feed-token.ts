import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Personal calendar-feed tokens: base64url(HMAC-SHA256(key, userId ":" version)) followed by
 * base64url(userId). The key is derived from the server's secret, so the event log holds only the
 * version; a reset (new version) makes every older token fail at once, and the current URL can be
 * shown again at any time without storing it.
 */
const MAC_LENGTH = 43; // 32 bytes in base64url, no padding

export interface FeedTokens {
  issue(userId: string, version: number): string;
  /** the user a token names, when its MAC matches that user's current version (constant-time) */
  verify(token: string, currentVersion: (userId: string) => Promise<number | null>): Promise<string | null>;
  /** the user id a token claims (unverified), or null when it is malformed */
  claimedUser(token: string): string | null;
}

export function createFeedTokens(secret: string): FeedTokens {
  const key = createHmac('sha256', secret).update('talentflow calendar feed v1').digest();
  const mac = (userId: string, version: number) => createHmac('sha256', key).update(`${userId}:${version}`).digest();
  const claimedUser = (token: string) => {
    if (token.length <= MAC_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
    const userId = Buffer.from(token.slice(MAC_LENGTH), 'base64url').toString('utf8');
    return userId.length > 0 && userId.length <= 200 ? userId : null;
  };
  return {
    issue: (userId, version) => mac(userId, version).toString('base64url') + Buffer.from(userId, 'utf8').toString('base64url'),
    claimedUser,
    async verify(token, currentVersion) {
      const userId = claimedUser(token);
      if (userId === null) return null;
      const version = await currentVersion(userId);
      if (version === null) return null;
      const given = Buffer.from(token.slice(0, MAC_LENGTH), 'base64url');
      const expected = mac(userId, version);
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },
  };
}
