/**
 * The event-store port. Every adapter (PGlite, PostgreSQL, EventStoreDB) implements it and
 * passes the shared contract suite in `../../test/event-store.contract.ts`.
 *
 * Revisions are 0-based per stream (the first event of a stream has revision 0), like
 * EventStoreDB. Positions are global, strictly increasing numbers (> 0); they need not be dense.
 */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface EventActor {
  /** user id, or 'system' for seeding and bootstrap */
  id: string;
  name: string;
  role?: string;
}

export interface EventMetadata {
  actor: EventActor;
  correlationId: string;
  causationId: string | null;
  /** ISO-8601 time */
  occurredAt: string;
  schemaVersion: number;
}

export interface NewEvent {
  /** UUID; re-appending an id already in the stream is a no-op */
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface RecordedEvent extends NewEvent {
  stream: string;
  revision: number;
  position: number;
}

export interface AppendResult {
  /** revision of the stream's last event after the append */
  nextExpectedRevision: number;
  /** global position of the stream's last appended event */
  position: number;
}

export interface ReadAllOptions {
  /** exclusive: only events with position > after (default 0 = from the start) */
  after?: number;
  limit?: number;
  /** only these event types */
  types?: readonly string[];
}

export interface SubscribeOptions {
  after?: number;
  types?: readonly string[];
  /** called for each event in strictly increasing position order; awaited before the next */
  onEvent: (event: RecordedEvent) => Promise<void> | void;
  onError?: (error: unknown) => void;
}

export interface Subscription {
  /** resolves when the catch-up phase has delivered everything that existed at subscribe time */
  caughtUp: Promise<void>;
  stop(): Promise<void>;
}

/** One stream's part of an `appendMany`. */
export interface StreamAppend {
  stream: string;
  events: readonly NewEvent[];
  expectedRevision: ExpectedRevision;
}

export interface EventStore {
  append(stream: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /**
   * Appends to several streams, each at its own expected revision, all or nothing (SQL adapters:
   * one transaction, one walk of the hash chain; EventStoreDB: one append per stream in order,
   * so there a failure can leave the earlier streams written). A stream may appear once only.
   * Throws ConcurrencyError naming the first stream whose expected revision does not hold.
   * Results are in the order of `appends`.
   */
  appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  /** events of a stream in revision order; [] when the stream does not exist */
  readStream(stream: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** catch-up then live; never delivers an event after one with a higher position */
  subscribe(options: SubscribeOptions): Subscription;
  /** the position of the newest event in the store (0 when empty) */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}

/** Thrown by `append` when the expected revision does not hold. */
export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    /** revision of the stream's last event, or -1 when the stream does not exist */
    readonly actual: number,
  ) {
    super(`Concurrency conflict on ${stream}: expected ${String(expected)}, actual ${actual}`);
  }
}

/** Thrown when the backing store cannot be reached (maps to 503). */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}
