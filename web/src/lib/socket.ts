import { io, type Socket } from 'socket.io-client';
import { socketEvents, type Room } from '@ats/contracts';

/**
 * The one Socket.IO connection of a signed-in tab and the rooms it is in. Rooms are reference
 * counted (several screens may want `jobs`) and rejoined after every reconnect.
 */
export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

type JoinAck = { ok: true } | { ok: false; error?: string };

let socket: Socket | null = null;
let status: SocketStatus = 'idle';
const rooms = new Map<Room, number>();
const statusListeners = new Set<() => void>();

function setStatus(next: SocketStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function emitJoin(s: Socket, room: Room): void {
  s.timeout(10_000).emit(socketEvents.join, room, (err: Error | null, ack?: JoinAck) => {
    if (err) console.warn(`[realtime] join ${room} timed out`);
    else if (ack && !ack.ok) console.warn(`[realtime] join ${room} refused: ${ack.error ?? 'unknown'}`);
  });
}

export function getSocket(): Socket {
  if (socket) return socket;
  const s = io({ path: '/socket.io', withCredentials: true, autoConnect: false });
  s.on('connect', () => {
    setStatus('connected');
    for (const room of rooms.keys()) emitJoin(s, room);
  });
  s.on('disconnect', () => setStatus('disconnected'));
  s.on('connect_error', () => setStatus('disconnected'));
  s.io.on('reconnect_attempt', () => setStatus('connecting'));
  socket = s;
  return s;
}

export function connectSocket(): Socket {
  const s = getSocket();
  if (!s.connected && !s.active) {
    setStatus('connecting');
    s.connect();
  }
  return s;
}

export function disconnectSocket(): void {
  socket?.disconnect();
  setStatus('idle');
}

/** Joins a room (once per tab however many screens ask); returns the matching leave. */
export function joinRoom(room: Room): () => void {
  const count = rooms.get(room) ?? 0;
  rooms.set(room, count + 1);
  if (count === 0 && socket?.connected) emitJoin(socket, room);
  let left = false;
  return () => {
    if (left) return;
    left = true;
    const current = rooms.get(room) ?? 0;
    if (current <= 1) {
      rooms.delete(room);
      if (socket?.connected) socket.emit(socketEvents.leave, room);
    } else {
      rooms.set(room, current - 1);
    }
  };
}

export function getSocketStatus(): SocketStatus {
  return status;
}

export function subscribeSocketStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}
