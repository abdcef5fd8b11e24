import type { BusSignal, ReadModelName } from '@ats/contracts';

/**
 * Change notices travel from the projector to every query-api instance: in memory inside the
 * standalone process, through Redis pub/sub between processes.
 */
export interface ChangeNotice {
  /** projector checkpoint after the batch that produced this notice */
  position: number;
  /** a read model, or a signal that is not about one (see BUS_SIGNALS) */
  readModel: ReadModelName | BusSignal;
  ids: Array<string | number>;
  eventType: string;
  actor: { id: string; name: string } | null;
  /** extra routing hints, e.g. { candidateId: 3 } */
  refs?: Record<string, Array<string | number>>;
  /**
   * What a screen needs to draw the change without reading again: per changed document, its
   * changed top-level fields with their new values and the event position that set them
   * (`revision`). Only for read models every role may read (see the projector's `noticePatch`).
   */
  patches?: NoticePatch[];
}

export interface NoticePatch {
  id: string | number;
  /** the event-log position of the event that produced these values */
  revision: number;
  fields: Record<string, unknown>;
}

export interface ChangeBus {
  publish(notices: readonly ChangeNotice[], checkpoint: number): Promise<void>;
  /** handler receives every published batch, with the projector checkpoint after it */
  subscribe(handler: (notices: ChangeNotice[], checkpoint: number) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
