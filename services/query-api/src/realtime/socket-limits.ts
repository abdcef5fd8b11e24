import type { Socket } from 'socket.io';
import { MAX_PLACES_PER_SOCKET, PRESENCE_ROOM_PREFIX } from './presence';
import { isPrivateRoom } from './rooms';

/**
 * What one socket may ask of the server. A tab joins a handful of rooms and presence places at a
 * time and sends a few events a second; a script without limits joined 100,000 rooms on one
 * socket (+75 MB, other users' requests waited 3.6 s meanwhile, sweep two).
 */
export const SOCKET_LIMITS = {
  /** rooms a client asked to join (`join`), besides its private and presence rooms */
  rooms: 100,
  /** presence places at once (`presence:join`) */
  places: MAX_PLACES_PER_SOCKET,
  /** events per second, sustained, and the burst above it */
  eventsPerSecond: 50,
  burst: 200,
  /** events refused in a row past the budget before the socket is disconnected */
  refusedBeforeDisconnect: 200,
} as const;

/** the rooms this socket joined on request (not its own id, private or presence rooms) */
export function joinedRoomCount(socket: Socket): number {
  let count = 0;
  for (const room of socket.rooms) if (room !== socket.id && !isPrivateRoom(room) && !room.startsWith(PRESENCE_ROOM_PREFIX)) count += 1;
  return count;
}

/**
 * A token bucket on every incoming event of the socket: past the budget an event is dropped
 * (its acknowledgement, if any, answers `rate limited`), and a client that keeps on is
 * disconnected (ours reconnects, rejoins and is under budget again).
 */
export function limitSocketEvents(
  socket: Socket,
  limits: Pick<typeof SOCKET_LIMITS, 'eventsPerSecond' | 'burst' | 'refusedBeforeDisconnect'> = SOCKET_LIMITS,
) {
  let tokens: number = limits.burst;
  let last = performance.now();
  let refused = 0;
  socket.use((packet, next) => {
    const now = performance.now();
    tokens = Math.min(limits.burst, tokens + ((now - last) / 1000) * limits.eventsPerSecond);
    last = now;
    if (tokens >= 1) {
      tokens -= 1;
      refused = 0;
      return next();
    }
    const ack = packet.at(-1);
    if (typeof ack === 'function') (ack as (reply: unknown) => void)({ ok: false, error: 'rate limited' });
    refused += 1;
    if (refused >= limits.refusedBeforeDisconnect) socket.disconnect(true);
  });
}

/**
 * Every event of ours takes one payload and, last, an optional acknowledgement. A client may send
 * any number of arguments of any type: a packet is cut to that shape before a handler sees it, so
 * a non-function in the acknowledgement's place is dropped (sweep six: `emit('join', 'x', 'text')`
 * made the handler call a string, a TypeError thrown out of Socket.IO's dispatch that ended the
 * whole process) and extra arguments are never read.
 */
export function shapeSocketPackets(socket: Socket) {
  socket.use((packet, next) => {
    const last = packet.length > 1 ? packet.at(-1) : undefined;
    const ack = typeof last === 'function' ? last : undefined;
    const payload = packet.length > 1 && typeof packet[1] !== 'function' ? packet[1] : undefined;
    packet.length = 1;
    packet.push(payload);
    if (ack) packet.push(ack);
    next();
  });
}
