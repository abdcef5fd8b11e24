/**
 * This instance's sockets by user and by session, kept by the server (never from rooms a client
 * could leave), so ending a user's or a session's sockets cannot be dodged.
 */
export function createSocketRegistry<S extends { id: string }>() {
  const byUser = new Map<string, Set<S>>();
  const bySession = new Map<string, Set<S>>();
  const add = (map: Map<string, Set<S>>, key: string, socket: S) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(socket);
  };
  const remove = (map: Map<string, Set<S>>, key: string, socket: S) => {
    const set = map.get(key);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) map.delete(key);
  };
  return {
    add(socket: S, userId: string, sessionKey: string) {
      add(byUser, userId, socket);
      add(bySession, sessionKey, socket);
    },
    remove(socket: S, userId: string, sessionKey: string) {
      remove(byUser, userId, socket);
      remove(bySession, sessionKey, socket);
    },
    /** a copy: callers disconnect sockets, which removes them while iterating */
    ofUser: (userId: string): S[] => [...(byUser.get(userId) ?? [])],
    ofSession: (sessionKey: string): S[] => [...(bySession.get(sessionKey) ?? [])],
  };
}
