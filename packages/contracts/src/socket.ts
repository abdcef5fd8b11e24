import { z } from 'zod';
import { ReadModelNameSchema } from './read-models';

/** Rooms a socket may join after the server's permission check. */
export const RoomSchema = z.union([
  z.enum(['pipeline', 'feed', 'dashboard', 'candidates', 'clients', 'jobs', 'team']),
  z.string().regex(/^(candidate|client|job):\d{1,15}$/),
]);
export type Room = z.infer<typeof RoomSchema>;

/** One changed document in a `changed` message: its id, the values that changed, and their revision. */
export const NoticePatchSchema = z.object({
  id: z.union([z.string(), z.number()]),
  /** the event-log position of the event that set these values: a later one wins */
  revision: z.number(),
  fields: z.record(z.string(), z.unknown()),
});
export type NoticePatch = z.infer<typeof NoticePatchSchema>;

/** Server → client: something in a read model changed. */
export const ChangedMessageSchema = z.object({
  position: z.number(),
  readModel: ReadModelNameSchema,
  ids: z.array(z.union([z.string(), z.number()])),
  eventType: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  /**
   * The changed documents' new values, for screens to draw the change at once (then read again in
   * the background): per document its changed top-level fields and the event position that set
   * them. Only for applications, candidates, jobs and clients; absent = read again only.
   */
  patches: z.array(NoticePatchSchema).max(500).optional(),
});
export type ChangedMessage = z.infer<typeof ChangedMessageSchema>;

export const socketEvents = {
  /** client → server, with ack `{ ok: true } | { ok: false, error }` */
  join: 'join',
  leave: 'leave',
  /** server → client */
  changed: 'changed',
} as const;
