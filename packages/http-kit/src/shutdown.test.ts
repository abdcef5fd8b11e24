import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onShutdownSignal } from './shutdown';

const log = { info() {}, error() {} };

function setup(close: () => Promise<void>, timeoutMs = 1000) {
  const target = new EventEmitter();
  const exit = vi.fn<(code: number) => void>();
  onShutdownSignal(close, { log, timeoutMs, exit, target: target as unknown as Pick<NodeJS.Process, 'on' | 'off'> });
  return { target, exit };
}

describe('onShutdownSignal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes once and exits 0 when the close is done', async () => {
    let release!: () => void;
    const close = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const { target, exit } = setup(close);
    target.emit('SIGTERM', 'SIGTERM');
    expect(close).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(exit).not.toHaveBeenCalled();
    release();
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
  });

  it('exits 1 at once on a second signal while closing', () => {
    const close = vi.fn(() => new Promise<void>(() => {}));
    const { target, exit } = setup(close);
    target.emit('SIGTERM', 'SIGTERM');
    target.emit('SIGINT', 'SIGINT');
    expect(close).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('exits 1 when the close takes longer than the timeout', () => {
    vi.useFakeTimers();
    const { target, exit } = setup(() => new Promise<void>(() => {}), 5000);
    target.emit('SIGINT', 'SIGINT');
    vi.advanceTimersByTime(4999);
    expect(exit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('exits 1 when the close fails', async () => {
    const { target, exit } = setup(() => Promise.reject(new Error('store gone')));
    target.emit('SIGTERM', 'SIGTERM');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
  });
});
