import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { prefetchWhenSignedIn } from './prefetch';
import { queryKeys } from './query-keys';

const user = { id: 'u1', email: 'ann@agency.example' };
const screen = (queryFn: () => Promise<string>) => ({ queryKey: ['screen'], queryFn });

describe('prefetchWhenSignedIn', () => {
  it('starts at once for a signed-in user', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.auth.user(), user);
    const queryFn = vi.fn(async () => 'data');
    prefetchWhenSignedIn(client, screen(queryFn));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('waits for the session check still on its way, then starts', async () => {
    const client = new QueryClient();
    let answer!: (value: unknown) => void;
    void client.prefetchQuery({ queryKey: queryKeys.auth.user(), queryFn: () => new Promise((resolve) => (answer = resolve)) });
    const queryFn = vi.fn(async () => 'data');
    prefetchWhenSignedIn(client, screen(queryFn));
    expect(queryFn).not.toHaveBeenCalled();
    answer(user);
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
  });

  it('never starts for a signed-out visitor', async () => {
    const client = new QueryClient();
    let answer!: (value: unknown) => void;
    void client.prefetchQuery({ queryKey: queryKeys.auth.user(), queryFn: () => new Promise((resolve) => (answer = resolve)) });
    const queryFn = vi.fn(async () => 'data');
    prefetchWhenSignedIn(client, screen(queryFn));
    answer(null);
    await vi.waitFor(() => expect(client.getQueryState(queryKeys.auth.user())?.status).toBe('success'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queryFn).not.toHaveBeenCalled();
    prefetchWhenSignedIn(client, screen(queryFn));
    expect(queryFn).not.toHaveBeenCalled();
  });
});
