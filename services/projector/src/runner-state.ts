import { describeError } from './dead-letters';

/** What the runner's parts share about one runner: where it is and how it is doing. */
export class RunnerState {
  /** the checkpoint: last event whose effects are committed */
  position = 0;
  /** the head of the log as last seen */
  head = 0;
  running = false;
  rebuilding = false;
  /** read models added since the checkpoint was written: rebuilt from the log after start */
  backfill: string[] = [];
  /** dead letters written since this runner started */
  deadLettered = 0;
  lastError: string | null = null;

  sawHead(position: number): void {
    this.head = Math.max(this.head, position);
  }

  failed(error: unknown): void {
    this.lastError = describeError(error);
  }
}
