import { z } from 'zod';
import { ReadModelNameSchema } from './read-models';

/** Rooms a socket may join after the server's permission check. */
export const RoomSchema = z.union([
  z.enum(['pipeline', 'feed', 'dashboard', 'candidates', 'clients', 'jobs', 'team', 'calendar', 'communications', 'analytics']),
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

/**
 * Presence (ephemeral: Socket.IO rooms, never events). A place is a screen people can be on
 * together: the pipeline board, a job's board, a candidate's or a client's record.
 */
export const PlaceSchema = z.union([z.literal('board'), z.string().regex(/^(job|candidate|client):\d{1,15}$/)]);
export type Place = z.infer<typeof PlaceSchema>;

/** What someone is doing on a place: the board card they drag or have open, typing a note. */
export const PresenceActivitySchema = z
  .object({
    cardId: z.number().int().positive().nullable().optional(),
    dragging: z.boolean().optional(),
    typing: z.boolean().optional(),
  })
  .strict();
export type PresenceActivity = z.infer<typeof PresenceActivitySchema>;

/** client → server `presence:join` (ack: `{ ok: true, members } | { ok: false, error }`) and `presence:update` */
export const PresenceJoinSchema = z.object({ place: PlaceSchema, activity: PresenceActivitySchema.optional() }).strict();
export const PresenceUpdateSchema = z.object({ place: PlaceSchema, activity: PresenceActivitySchema }).strict();
/** client → server `presence:hide`: an auditor hides (or shows) themself on every place of the tab */
export const PresenceHideSchema = z.object({ hidden: z.boolean() }).strict();

export const PresenceMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** auditors: present read-only */
  readOnly: z.boolean(),
  activity: PresenceActivitySchema,
});
export type PresenceMember = z.infer<typeof PresenceMemberSchema>;

/** the reply to `presence:join` */
export const PresenceJoinAckSchema = z.union([
  z.object({
    ok: z.literal(true),
    members: z.array(PresenceMemberSchema),
    /** the caller: to tell themself apart; auditors may hide */
    you: z.object({ userId: z.string(), canHide: z.boolean() }),
  }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

/** server → client `presence`: everyone on a place now (one entry per user, however many tabs) */
export const PresenceMessageSchema = z.object({ place: PlaceSchema, members: z.array(PresenceMemberSchema).max(500) });
export type PresenceMessage = z.infer<typeof PresenceMessageSchema>;

export const socketEvents = {
  /** client → server, with ack `{ ok: true } | { ok: false, error }` */
  join: 'join',
  leave: 'leave',
  /** server → client */
  changed: 'changed',
  /** presence, client → server (validated by the Presence*Schema) */
  presenceJoin: 'presence:join',
  presenceLeave: 'presence:leave',
  presenceUpdate: 'presence:update',
  presenceHide: 'presence:hide',
  /** presence, server → client (PresenceMessageSchema) */
  presence: 'presence',
} as const;
