import { describe, expect, it } from 'vitest';
import { createFeedTokens } from './feed-token';

const tokens = createFeedTokens('a-server-secret-of-enough-length');
const versions = new Map([['user-1', 1]]);
const current = async (userId: string) => versions.get(userId) ?? null;

describe('calendar feed tokens', () => {
  it('a token issued for the current version names its user', async () => {
    const token = tokens.issue('user-1', 1);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await tokens.verify(token, current)).toBe('user-1');
    // stable: the same URL can be shown again
    expect(tokens.issue('user-1', 1)).toBe(token);
  });

  it('after a reset the old token fails and the new one works', async () => {
    const old = tokens.issue('user-1', 1);
    versions.set('user-1', 2);
    expect(await tokens.verify(old, current)).toBeNull();
    expect(await tokens.verify(tokens.issue('user-1', 2), current)).toBe('user-1');
    versions.set('user-1', 1);
  });

  it('refuses a tampered MAC, another user id, another secret and junk', async () => {
    const token = tokens.issue('user-1', 1);
    const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    expect(await tokens.verify(flipped, current)).toBeNull();
    versions.set('user-2', 1);
    const swapped = token.slice(0, 43) + Buffer.from('user-2').toString('base64url');
    expect(await tokens.verify(swapped, current)).toBeNull();
    expect(await tokens.verify(createFeedTokens('another-secret-of-enough-length').issue('user-1', 1), current)).toBeNull();
    expect(await tokens.verify('short', current)).toBeNull();
    expect(await tokens.verify(token.slice(0, 43), current)).toBeNull();
    expect(await tokens.verify(tokens.issue('nobody', 1), current)).toBeNull();
  });
});
