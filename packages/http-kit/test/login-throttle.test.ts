import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../src/errors';
import { LOGIN_LIMITS, createLoginThrottle, loginClientOf, progressiveDelayMs } from '../src/auth/throttle';
import { createMemoryRateLimitStore } from '../src/rate-limit/store';

const noSleep = async () => {};
const refused = (p: Promise<unknown>) =>
  p.then(
    () => false,
    (e: unknown) => e instanceof TooManyRequestsError,
  );

describe('login throttle', () => {
  it('delays from the fourth failure of a client on an account, doubling up to 4 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => progressiveDelayMs(n, 3))).toEqual([0, 0, 0, 250, 500, 1000, 2000, 4000, 4000]);
  });

  describe('when an account is attacked from many addresses', () => {
    const attack = async () => {
      const throttle = createLoginThrottle(createMemoryRateLimitStore(), noSleep);
      // 11 addresses × 10 guesses: each pair stays within its own budget, the account goes over 100
      for (let c = 0; c < 11; c++)
        for (let i = 0; i < LOGIN_LIMITS.accountClient.points; i++)
          await throttle.begin('boss@agency.example', `10.0.0.${c}`).catch(() => {});
      return throttle;
    };

    it('only slows a client with no failures on it (the owner still gets in)', async () => {
      const throttle = await attack();
      const attempt = await throttle.begin('Boss@Agency.example ', '192.168.1.20');
      expect(attempt.delayMs).toBe(1000);
    });

    it('refuses clients that already failed on it', async () => {
      const throttle = await attack();
      await throttle.begin('boss@agency.example', '192.168.1.21');
      expect(await refused(throttle.begin('boss@agency.example', '192.168.1.21'))).toBe(true);
    });
  });

  it('a success clears the pair and gives the attempt back', async () => {
    const throttle = createLoginThrottle(createMemoryRateLimitStore(), noSleep);
    for (let i = 0; i < 9; i++) await throttle.begin('ada@example.com', '10.1.1.1');
    const ok = await throttle.begin('ada@example.com', '10.1.1.1');
    await ok.succeeded();
    expect((await throttle.begin('ada@example.com', '10.1.1.1')).delayMs).toBe(0);
  });
});

describe('the client a sign-in counts against', () => {
  it('is an IPv4 address itself (also IPv4-mapped) and an IPv6 address by its /64', () => {
    expect(loginClientOf('10.0.0.1')).toBe('10.0.0.1');
    expect(loginClientOf('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(loginClientOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(loginClientOf('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(loginClientOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(loginClientOf('2001:db8:0:0:1::')).toBe('2001:db8:0:0::/64');
    expect(loginClientOf('::1')).toBe('0:0:0:0::/64');
    expect(loginClientOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(loginClientOf('2001:db8:1:3::1')).not.toBe(loginClientOf('2001:db8:1:2::1'));
  });

  it('refuses password spraying from fresh addresses of one /64 as from one address', async () => {
    const throttle = createLoginThrottle(createMemoryRateLimitStore(), noSleep);
    for (let i = 1; i <= LOGIN_LIMITS.client.points; i++) await throttle.begin(`user${i}@example.com`, `2001:db8:7:7::${i.toString(16)}`);
    expect(await refused(throttle.begin('next@example.com', '2001:db8:7:7:dead:beef:0:1'))).toBe(true);
    // another network is another client
    expect(await refused(throttle.begin('next@example.com', '2001:db8:7:8::1'))).toBe(false);
  });
});
