import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { socketEvents, type Place, type PresenceActivity, type PresenceMember } from '@ats/contracts';
import { createTypingSignal, membersByCard, othersOf } from './presence-text';
import { getSocket, onSocketReady } from './socket';
import { asPresenceJoined, asPresenceMessage } from './wire-checks';

/**
 * Presence of the tab: the places its screens are on (reference counted, like rooms), what the
 * user is doing there, and who else is there. Held by the query-api in Socket.IO, never stored;
 * joined again after every reconnect. An auditor's "hidden" choice is kept in this browser.
 */
interface PlaceState {
  count: number;
  activity: PresenceActivity;
  members: PresenceMember[];
  /** colleagues (not the user) by the card they drag or have open: one stable array per card */
  byCard: Map<number, PresenceMember[]>;
}
const places = new Map<Place, PlaceState>();
const listeners = new Set<() => void>();
let you: { userId: string; canHide: boolean } | null = null;
const HIDDEN_KEY = 'ats.presence.hidden';
let hidden = readHidden();
let wired: Socket | null = null;

function readHidden(): boolean {
  try {
    return globalThis.localStorage?.getItem(HIDDEN_KEY) === 'true';
  } catch {
    return false;
  }
}

function setMembers(state: PlaceState, members: PresenceMember[]): void {
  state.members = members;
  state.byCard = membersByCard(othersOf(members, you?.userId ?? null));
}

function notify(): void {
  for (const listener of listeners) listener();
}

function emitJoin(socket: Socket, place: Place, state: PlaceState): void {
  socket.timeout(10_000).emit(socketEvents.presenceJoin, { place, activity: state.activity }, (err: Error | null, reply: unknown) => {
    if (err) return;
    const joined = asPresenceJoined(reply);
    if (!joined) return;
    you = joined.you;
    const current = places.get(place);
    if (current) setMembers(current, joined.members);
    notify();
  });
}

/** The socket with presence's handlers on it; null while Socket.IO's client is still loading. */
function wire(): Socket | null {
  const socket = getSocket();
  if (!socket || wired === socket) return socket;
  wired = socket;
  socket.on(socketEvents.presence, (payload: unknown) => {
    const message = asPresenceMessage(payload);
    if (!message) return;
    const state = places.get(message.place);
    if (!state) return;
    setMembers(state, message.members);
    notify();
  });
  socket.on('connect', () => {
    if (hidden) socket.emit(socketEvents.presenceHide, { hidden: true });
    for (const [place, state] of places) emitJoin(socket, place, state);
  });
  socket.on('disconnect', () => {
    // nobody is known to be here while we are away; the rejoin tells again
    for (const state of places.values()) setMembers(state, []);
    notify();
  });
  return socket;
}

// the places held so far are joined on the socket's first connect
onSocketReady(() => void wire());

/** Puts the tab on a place (once however many screens ask); returns the matching leave. */
export function joinPlace(place: Place): () => void {
  const socket = wire();
  const state = places.get(place);
  if (state) state.count++;
  else {
    const fresh: PlaceState = { count: 1, activity: {}, members: [], byCard: new Map() };
    places.set(place, fresh);
    if (socket?.connected) {
      if (hidden) socket.emit(socketEvents.presenceHide, { hidden: true });
      emitJoin(socket, place, fresh);
    }
  }
  let left = false;
  return () => {
    if (left) return;
    left = true;
    const current = places.get(place);
    if (!current) return;
    if (--current.count > 0) return;
    places.delete(place);
    const now = wire();
    if (now?.connected) now.emit(socketEvents.presenceLeave, place);
    notify();
  };
}

/** What the user does on a place now (the card they drag or have open, typing). */
export function setPlaceActivity(place: Place, activity: PresenceActivity): void {
  const state = places.get(place);
  if (!state || JSON.stringify(state.activity) === JSON.stringify(activity)) return;
  state.activity = activity;
  const socket = wire();
  if (socket?.connected) socket.emit(socketEvents.presenceUpdate, { place, activity });
}

/** A board card the user has open (focused, picked up with the keyboard or clicked); null when they leave it. */
export function setOpenCard(place: Place, cardId: number | null, leaving?: number): void {
  const state = places.get(place);
  if (!state || state.activity.dragging) return;
  if (cardId !== null) return setPlaceActivity(place, { cardId });
  if (state.activity.cardId === leaving) setPlaceActivity(place, {});
}

/** An auditor hides from (or shows to) others on every place; kept in this browser. */
export function setPresenceHidden(next: boolean): void {
  hidden = next;
  try {
    globalThis.localStorage?.setItem(HIDDEN_KEY, String(next));
  } catch {
    /* private mode: for this tab only */
  }
  const socket = wire();
  if (socket?.connected) socket.emit(socketEvents.presenceHide, { hidden: next });
  notify();
}

const EMPTY: PresenceMember[] = [];
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export interface Presence {
  /** everyone else on the place (one per user) */
  others: PresenceMember[];
  /** the signed-in user may hide (auditors), and whether they do */
  canHide: boolean;
  hidden: boolean;
}

/** Keeps the tab on `place` while mounted (null: nowhere) and tells who else is there. */
export function usePresence(place: Place | null): Presence {
  useEffect(() => (place ? joinPlace(place) : undefined), [place]);
  const members = useSyncExternalStore(
    subscribe,
    () => (place ? (places.get(place)?.members ?? EMPTY) : EMPTY),
    () => EMPTY,
  );
  const userId = useSyncExternalStore(
    subscribe,
    () => you?.userId ?? null,
    () => null,
  );
  const canHide = useSyncExternalStore(
    subscribe,
    () => you?.canHide ?? false,
    () => false,
  );
  const isHidden = useSyncExternalStore(
    subscribe,
    () => hidden,
    () => false,
  );
  const others = useMemo(() => othersOf(members, userId), [members, userId]);
  return { others, canHide, hidden: isHidden };
}

/** The colleagues dragging or having open one card of a place (re-renders only when they change). */
export function useCardPresence(place: Place, cardId: number): PresenceMember[] {
  return useSyncExternalStore(
    subscribe,
    () => places.get(place)?.byCard.get(cardId) ?? EMPTY,
    () => EMPTY,
  );
}

/** The typing signal for a place's note box: `typed()` on input, `stop()` on send. */
export function useTypingSignal(place: Place | null) {
  const signal = useMemo(
    () => (place ? createTypingSignal({ send: (typing) => setPlaceActivity(place, typing ? { typing: true } : {}) }) : null),
    [place],
  );
  useEffect(() => () => signal?.stop(), [signal]);
  const typed = useCallback(() => signal?.typed(), [signal]);
  const stop = useCallback(() => signal?.stop(), [signal]);
  return { typed, stop };
}
