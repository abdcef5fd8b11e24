import type { Server, Socket } from 'socket.io';
import {
  PlaceSchema,
  PresenceHideSchema,
  PresenceJoinSchema,
  PresenceUpdateSchema,
  socketEvents,
  type CurrentUser,
  type Place,
  type PresenceActivity,
  type PresenceMember,
  type PresenceMessage,
  type Room,
} from '@ats/contracts';
import type { Logger } from '@ats/http-kit';
import { canJoin } from './rooms';

/**
 * Presence: who is on a place (the board, a job's board, a candidate, a client) and what they
 * are doing there. Ephemeral: held in Socket.IO itself (a room per place, each socket's state in
 * `socket.data`), read across query-api instances with `fetchSockets` through the adapter (Redis
 * in distributed mode), never written as events. A closed tab leaves at once (disconnect); a
 * dropped connection leaves when the heartbeat (ping) expires.
 */

/** the presence part of a socket's data (plain JSON: the adapter hands it to other instances) */
export interface PresenceState {
  hidden: boolean;
  places: Record<string, PresenceActivity>;
}
interface PresenceSocketData {
  user: CurrentUser;
  presence?: PresenceState;
}

export const PRESENCE_ROOM_PREFIX = 'presence:';
/** presence places one socket may be on at once (a tab is on one or two) */
export const MAX_PLACES_PER_SOCKET = 20;
export const presenceRoom = (place: Place) => `${PRESENCE_ROOM_PREFIX}${place}`;

/** The room whose permission a place needs: the board is the pipeline's, records are their own. */
export const permissionRoom = (place: Place): Room => (place === 'board' ? 'pipeline' : (place as Room));

/** The place of a presence room, null for any other room. */
export function placeOfRoom(room: string): Place | null {
  if (!room.startsWith(PRESENCE_ROOM_PREFIX)) return null;
  const parsed = PlaceSchema.safeParse(room.slice(PRESENCE_ROOM_PREFIX.length));
  return parsed.success ? parsed.data : null;
}

const user = (socket: Socket) => (socket.data as PresenceSocketData).user;

const nameOf = (user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/**
 * Pure: the members of a place from its sockets' data: one per user (several tabs merge: dragging
 * or typing in any), auditors marked read-only, hidden auditors left out, sorted by name.
 */
export function presenceMembers(place: Place, sockets: ReadonlyArray<Partial<PresenceSocketData>>): PresenceMember[] {
  const byUser = new Map<string, PresenceMember>();
  for (const data of sockets) {
    const user = data.user;
    const activity = data.presence?.places[place];
    if (!user || !activity) continue;
    const readOnly = user.role === 'auditor';
    if (readOnly && data.presence?.hidden) continue;
    const seen = byUser.get(user.id);
    if (!seen) {
      byUser.set(user.id, { userId: user.id, name: nameOf(user), readOnly, activity: { ...activity } });
      continue;
    }
    const a = seen.activity;
    seen.activity = {
      cardId: a.cardId ?? activity.cardId ?? null,
      dragging: Boolean(a.dragging || activity.dragging),
      typing: Boolean(a.typing || activity.typing),
    };
  }
  return [...byUser.values()].sort((x, y) => x.name.localeCompare(y.name) || x.userId.localeCompare(y.userId));
}

/** the join reply: who is there, and who the caller is (to tell themself apart; auditors may hide) */
type JoinAck = (
  reply: { ok: true; members: PresenceMember[]; you: { userId: string; canHide: boolean } } | { ok: false; error: string },
) => void;
type Ack = (reply: { ok: true } | { ok: false; error: string }) => void;

export function createPresence(io: Server, log: Logger) {
  const stateOf = (socket: Socket): PresenceState => {
    const data = socket.data as PresenceSocketData;
    return (data.presence ??= { hidden: false, places: {} });
  };

  async function members(place: Place): Promise<PresenceMember[]> {
    const sockets = await io.in(presenceRoom(place)).fetchSockets();
    return presenceMembers(
      place,
      sockets.map((s) => s.data as PresenceSocketData),
    );
  }

  /** Tells everyone on the place (on every instance) who is there now; coalesced per place. */
  const pending = new Map<Place, ReturnType<typeof setTimeout>>();
  function announce(place: Place): void {
    if (pending.has(place)) return;
    pending.set(
      place,
      setTimeout(() => {
        pending.delete(place);
        members(place)
          .then((list) => {
            const message: PresenceMessage = { place, members: list };
            io.to(presenceRoom(place)).emit(socketEvents.presence, message);
          })
          .catch((error: unknown) => log.warn('presence announcement failed', { error, place }));
      }, 20),
    );
  }

  function attach(socket: Socket): void {
    socket.on(socketEvents.presenceJoin, async (payload: unknown, ack?: JoinAck) => {
      const parsed = PresenceJoinSchema.safeParse(payload);
      if (!parsed.success) return ack?.({ ok: false, error: 'invalid presence' });
      const { place, activity } = parsed.data;
      if (!canJoin(user(socket), permissionRoom(place))) return ack?.({ ok: false, error: 'forbidden' });
      const places = stateOf(socket).places;
      if (!(place in places) && Object.keys(places).length >= MAX_PLACES_PER_SOCKET) return ack?.({ ok: false, error: 'too many places' });
      places[place] = activity ?? {};
      await socket.join(presenceRoom(place));
      announce(place);
      const you = { userId: user(socket).id, canHide: user(socket).role === 'auditor' };
      try {
        ack?.({ ok: true, members: await members(place), you });
      } catch (error) {
        log.warn('presence members failed', { error, place });
        ack?.({ ok: true, members: [], you });
      }
    });
    socket.on(socketEvents.presenceUpdate, (payload: unknown, ack?: Ack) => {
      const parsed = PresenceUpdateSchema.safeParse(payload);
      if (!parsed.success) return ack?.({ ok: false, error: 'invalid presence' });
      const { place, activity } = parsed.data;
      const state = stateOf(socket);
      if (!(place in state.places) || !socket.rooms.has(presenceRoom(place))) return ack?.({ ok: false, error: 'not on this place' });
      state.places[place] = activity;
      announce(place);
      ack?.({ ok: true });
    });
    socket.on(socketEvents.presenceLeave, (payload: unknown, ack?: Ack) => {
      const parsed = PlaceSchema.safeParse(payload);
      if (!parsed.success) return ack?.({ ok: false, error: 'invalid presence' });
      leave(socket, parsed.data);
      ack?.({ ok: true });
    });
    socket.on(socketEvents.presenceHide, (payload: unknown, ack?: Ack) => {
      const parsed = PresenceHideSchema.safeParse(payload);
      if (!parsed.success) return ack?.({ ok: false, error: 'invalid presence' });
      // only auditors may be invisible; everyone else who works on a record is shown
      if (user(socket).role !== 'auditor') return ack?.({ ok: false, error: 'forbidden' });
      const state = stateOf(socket);
      state.hidden = parsed.data.hidden;
      for (const place of Object.keys(state.places)) announce(place);
      ack?.({ ok: true });
    });
    socket.on('disconnect', () => {
      // the socket has left its rooms: the others see it gone
      for (const place of Object.keys(stateOf(socket).places)) announce(place);
    });
  }

  function leave(socket: Socket, place: Place): void {
    const state = stateOf(socket);
    delete state.places[place];
    void socket.leave(presenceRoom(place));
    announce(place);
  }

  return {
    attach,
    /** after a role change: leave the places the role no longer allows, re-announce the rest (read-only mark) */
    reauthorise(socket: Socket): void {
      for (const place of Object.keys(stateOf(socket).places)) {
        if (!canJoin(user(socket), permissionRoom(place))) leave(socket, place);
        else announce(place);
      }
    },
    close(): void {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
