import type { AsOf } from '@ats/contracts';
import type { ProjectedEvent, Projection } from '../projection';
import type { RecordEventDoc } from '../projections/record-events';
import { createFold } from './fold';
import { RECORD_PROJECTIONS } from './record-history';

/** A kept event back in the form projections receive it. */
export function toProjectedEvent(doc: RecordEventDoc): ProjectedEvent {
  return {
    id: doc.eventId,
    type: doc.type,
    stream: doc.stream,
    revision: doc.revision,
    position: doc.position,
    data: doc.data,
    metadata: doc.metadata,
  } as ProjectedEvent;
}

/** Whether an event had happened at the `asOf` moment (at or before the position / time). */
export function happenedBy(event: { position: number; metadata: { occurredAt: string } }, asOf: AsOf): boolean {
  return 'position' in asOf ? event.position <= asOf.position : event.metadata.occurredAt <= asOf.time;
}

/**
 * The records (candidates, clients, jobs, applications and the restore snapshots) as they were
 * at `asOf`: the events up to that moment, in position order, folded by the projections' own
 * `evolve`. The same fold the History uses, so a record's past state and its changes agree.
 */
export function foldRecordsAsOf(events: readonly ProjectedEvent[], asOf: AsOf, extra: readonly Projection[] = []) {
  const fold = createFold([...RECORD_PROJECTIONS, ...extra]);
  for (const event of events) if (happenedBy(event, asOf)) fold.apply(event);
  return fold;
}
