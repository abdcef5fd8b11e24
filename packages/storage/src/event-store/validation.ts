import type { ExpectedRevision, NewEvent, ReadAllOptions, StreamAppend } from './port';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Argument checks shared by all adapters, so they reject the same inputs the same way. */
export function assertAppendArguments(stream: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): void {
  if (typeof stream !== 'string' || stream.length === 0 || stream.startsWith('$')) {
    throw new TypeError(`Invalid stream name: ${JSON.stringify(stream)}`);
  }
  if (
    expectedRevision !== 'any' &&
    expectedRevision !== 'no_stream' &&
    !(Number.isSafeInteger(expectedRevision) && expectedRevision >= 0)
  ) {
    throw new TypeError(`Invalid expected revision: ${JSON.stringify(expectedRevision)}`);
  }
  const ids = new Set<string>();
  for (const event of events) {
    if (typeof event.id !== 'string' || !UUID.test(event.id)) throw new TypeError(`Event id is not a UUID: ${JSON.stringify(event.id)}`);
    if (typeof event.type !== 'string' || event.type.length === 0 || event.type.startsWith('$')) {
      throw new TypeError(`Invalid event type: ${JSON.stringify(event.type)}`);
    }
    const id = event.id.toLowerCase();
    if (ids.has(id)) throw new TypeError(`Duplicate event id in one append: ${event.id}`);
    ids.add(id);
  }
}

export function assertReadAllOptions(options: ReadAllOptions): void {
  if (options.after !== undefined && !(Number.isFinite(options.after) && options.after >= 0)) {
    throw new TypeError(`Invalid readAll after: ${options.after}`);
  }
  if (options.limit !== undefined && !(Number.isSafeInteger(options.limit) && options.limit > 0)) {
    throw new TypeError(`Invalid readAll limit: ${options.limit}`);
  }
}

/** `appendMany` names each stream once (its expected revision would be ambiguous otherwise). */
export function assertDistinctStreams(appends: readonly StreamAppend[]): void {
  const streams = new Set<string>();
  for (const { stream, events, expectedRevision } of appends) {
    assertAppendArguments(stream, events, expectedRevision);
    if (streams.has(stream)) throw new TypeError(`Stream named twice in one appendMany: ${stream}`);
    streams.add(stream);
  }
}
