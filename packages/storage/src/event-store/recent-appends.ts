import type { RecordedEvent } from './port';
import type { WrittenEvent } from './sql-append';

/** events held at most, and their JSON text at most (characters) */
const MAX_EVENTS = 1000;
const MAX_CHARS = 4_000_000;

/**
 * The events this process appended lately to one events table of the embedded store, in
 * position order, as written (JSON text). PGlite lives in this process only, so a subscription
 * there can take what was just appended from here instead of reading it back by position: only
 * a run that starts right after its cursor and has no gap, so an event appended some other way
 * (none is, but the 1 s poll would still find it) is read from the table as before.
 */
export class RecentAppends {
  private events: WrittenEvent[] = [];
  private chars = 0;

  /** committed events (any order across calls; positions are unique) */
  add(written: readonly WrittenEvent[]): void {
    if (written.length === 0) return;
    const last = this.events.at(-1);
    for (const event of written) {
      this.events.push(event);
      this.chars += event.data.length + event.metadata.length;
    }
    if (last && written[0]!.position < last.position) this.events.sort((a, b) => a.position - b.position);
    let drop = Math.max(0, this.events.length - MAX_EVENTS);
    while (drop < this.events.length - 1 && this.chars > MAX_CHARS) drop++;
    if (drop > 0) {
      for (const event of this.events.slice(0, drop)) this.chars -= event.data.length + event.metadata.length;
      this.events = this.events.slice(drop);
    }
  }

  /** the position of the last event held (0: none) */
  get last(): number {
    return this.events.at(-1)?.position ?? 0;
  }

  /**
   * The events at `after + 1`, `after + 2`, … as long as they are held without a gap, at most
   * `max`, parsed afresh (each subscription gets its own objects, as from a read); [] when
   * `after + 1` is not held.
   */
  after(after: number, max: number): RecordedEvent[] {
    const events = this.events;
    let lo = 0;
    let hi = events.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (events[mid]!.position <= after) lo = mid + 1;
      else hi = mid;
    }
    const run: RecordedEvent[] = [];
    for (let i = lo; i < events.length && run.length < max; i++) {
      const event = events[i]!;
      if (event.position !== after + 1 + run.length) break;
      run.push({
        // the uuid column's text: lower case (ids are validated as UUIDs with hyphens)
        id: event.id.toLowerCase(),
        type: event.type,
        data: JSON.parse(event.data) as unknown,
        metadata: JSON.parse(event.metadata) as RecordedEvent['metadata'],
        stream: event.stream,
        revision: event.revision,
        position: event.position,
      });
    }
    return run;
  }
}
