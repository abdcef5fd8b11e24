import { getContainerRuntimeClient } from 'testcontainers';

/** Why a container-based suite cannot run here, or undefined when a container runtime answers. */
export async function containerRuntimeUnavailable(timeoutMs = 5_000): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return undefined;
  } catch (error) {
    return `no container runtime (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    clearTimeout(timer);
  }
}

/** Prints why a suite is skipped, so a skip is never silent. */
export function warnSkip(suite: string, reason: string | undefined): string | undefined {
  if (reason) console.warn(`[skip] ${suite}: ${reason}`);
  return reason;
}
