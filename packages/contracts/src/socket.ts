import { z } from 'zod';
import { ReadModelNameSchema } from './read-models';

/** Rooms a socket may join after the server's permission check. */
export const RoomSchema = z.union([
  z.enum(['pipeline', 'feed', 'dashboard', 'candidates', 'clients', 'jobs', 'team']),
  z.string().regex(/^(candidate|client|job):\d{1,15}$/),
]);
export type Room = z.infer<typeof RoomSchema>;

/** Server → client: something in a read model changed. */
export const ChangedMessageSchema = z.object({
  position: z.number(),
  readModel: ReadModelNameSchema,
  ids: z.array(z.union([z.string(), z.number()])),
  eventType: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ChangedMessage = z.infer<typeof ChangedMessageSchema>;

export const socketEvents = {
  /** client → server, with ack `{ ok: true } | { ok: false, error }` */
  join: 'join',
  leave: 'leave',
  /** server → client */
  changed: 'changed',
} as const;
