import type { Socket } from 'socket.io-client';
import { socketEvents, type Room } from '@ats/contracts';

/**
 * The one Socket.IO connection of a signed-in tab and the rooms it is in. Rooms are reference
 * counted (several screens may want `jobs`) and rejoined after every reconnect.
 *
 * Socket.IO's client is its own chunk (B8): it is fetched and run when the signed-in shell first
 * connects, beside the first screen's reads, not parsed and run with the app's entry. Until it has
 * loaded there is no socket (`getSocket()` is null); `withSocket` runs its code once there is.
 */
export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

type JoinAck = { ok: true } | { ok: false; error?: string };

let socket: Socket | null = null;
let loading: Promise<Socket> | null = null;
/** connectSocket was called and disconnectSocket not since: connect once the client has loaded */
let wanted = false;
let status: SocketStatus = 'idle';
const rooms = new Map<Room, number>();
const statusListeners = new Set<() => void>();
const readyListeners = new Set<(s: Socket) => void>();

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

/** Loads Socket.IO's client (once) and makes the tab's socket, not yet connected. */
export function loadSocket(): Promise<Socket> {
  loading ??= import('socket.io-client').then(
    ({ io }) => {
      const s = io({ path: '/socket.io', withCredentials: true, autoConnect: false });
      s.on('connect', () => {
        setStatus('connected');
        for (const room of rooms.keys()) emitJoin(s, room);
      });
      s.on('disconnect', () => setStatus('disconnected'));
      s.on('connect_error', () => setStatus('disconnected'));
      s.io.on('reconnect_attempt', () => setStatus('connecting'));
      socket = s;
      for (const listener of readyListeners) listener(s);
      return s;
    },
    (error: unknown) => {
      // the chunk did not load (a deploy replaced it, the network dropped): a later call tries again
      loading = null;
      if (wanted) setStatus('disconnected');
      throw error;
    },
  );
  return loading;
}

/** The tab's socket, or null while Socket.IO's client has not loaded yet. */
export function getSocket(): Socket | null {
  return socket;
}

/** Calls `listener` with the socket as soon as it exists (at once when it already does). */
export function onSocketReady(listener: (s: Socket) => void): () => void {
  if (socket) listener(socket);
  else readyListeners.add(listener);
  return () => readyListeners.delete(listener);
}

/**
 * Runs `use` with the socket once it exists; the returned function undoes what `use` did (its
 * returned cleanup), or cancels it when the socket has not come yet.
 */
export function withSocket(use: (s: Socket) => (() => void) | void): () => void {
  let cleanup: (() => void) | void;
  let done = false;
  const stop = onSocketReady((s) => {
    if (!done) cleanup = use(s);
  });
  return () => {
    done = true;
    stop();
    cleanup?.();
  };
}

export function connectSocket(): void {
  wanted = true;
  if (socket?.connected || socket?.active) return;
  setStatus('connecting');
  loadSocket().then(
    (s) => {
      if (wanted && !s.connected && !s.active) s.connect();
    },
    () => undefined,
  );
}

export function disconnectSocket(): void {
  wanted = false;
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
