import type { ReadModelName } from '@ats/contracts';

/**
 * Change notices travel from the projector to every query-api instance: in memory inside the
 * standalone process, through Redis pub/sub between processes.
 */
export interface ChangeNotice {
  /** projector checkpoint after the batch that produced this notice */
  position: number;
  readModel: ReadModelName;
  ids: Array<string | number>;
  eventType: string;
  actor: { id: string; name: string } | null;
  /** extra routing hints, e.g. { candidateId: 3 } */
  refs?: Record<string, Array<string | number>>;
}

export interface ChangeBus {
  publish(notices: readonly ChangeNotice[], checkpoint: number): Promise<void>;
  /** handler receives every published batch, with the projector checkpoint after it */
  subscribe(handler: (notices: ChangeNotice[], checkpoint: number) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
