import type { Server } from 'node:http';

interface ShutdownLogger {
  info(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export interface ShutdownOptions {
  log: ShutdownLogger;
  /** after this long the process exits anyway (default 10 s) */
  timeoutMs?: number;
  signals?: readonly NodeJS.Signals[];
  /** tests pass their own emitter and exit */
  target?: Pick<NodeJS.Process, 'on' | 'off'>;
  exit?: (code: number) => void;
}

/**
 * Clean shutdown on SIGTERM/SIGINT: runs `close` once and exits 0 when it is done. A second
 * signal, a failing close or the timeout exits 1 at once (a stuck close must not keep a
 * container from stopping). Returns a function that removes the handlers.
 */
export function onShutdownSignal(close: (signal: NodeJS.Signals) => Promise<void>, options: ShutdownOptions): () => void {
  const { log, timeoutMs = 10_000, signals = ['SIGTERM', 'SIGINT'], target = process, exit = (code) => process.exit(code) } = options;
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.error('second signal while shutting down: exiting now', { signal });
      exit(1);
      return;
    }
    stopping = true;
    log.info('shutting down', { signal });
    const timer = setTimeout(() => {
      log.error('shutdown timed out: exiting now', { timeoutMs });
      exit(1);
    }, timeoutMs);
    timer.unref?.();
    close(signal).then(
      () => {
        clearTimeout(timer);
        log.info('shut down', { signal });
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(timer);
        log.error('shutdown failed', { err: error });
        exit(1);
      },
    );
  };
  for (const signal of signals) target.on(signal, onSignal);
  return () => {
    for (const signal of signals) target.off(signal, onSignal);
  };
}

/** Stops accepting connections, drops idle keep-alive ones and resolves when in-flight requests are done. */
export function closeHttpServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING' ? reject(error) : resolve()));
    server.closeIdleConnections();
  });
}
