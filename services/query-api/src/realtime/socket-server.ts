import { ServerResponse, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import { Server, type Socket } from 'socket.io';
import { RoomSchema, socketEvents, type ChangedMessage, type CurrentUser } from '@ats/contracts';
import type { ChangeBus, ChangeNotice, DocumentStore } from '@ats/storage';
import {
  SECURITY_HEADERS,
  SESSION_ENDED,
  ambiguousRequest,
  answerProblem,
  rawProblem,
  toOriginForm,
  metrics,
  sampledGauge,
  sessionKeyOf,
  type Auth,
  type Logger,
} from '@ats/http-kit';
import { handshakeOriginAllowed } from './handshake-origin';
import { createPresence, placeOfRoom, permissionRoom } from './presence';
import { canJoin, isPrivateRoom, roomsFor } from './rooms';
import { createSocketRegistry } from './socket-registry';
import { SOCKET_LIMITS, joinedRoomCount, limitSocketEvents, shapeSocketPackets } from './socket-limits';

type Ack = (reply: { ok: true } | { ok: false; error: string }) => void;

interface SocketData {
  user: CurrentUser;
  sessionKey: string;
}

/**
 * Engine.IO reads the raw request target before any other handler: an absolute-form one
 * (`GET http://host/socket.io/?EIO=4…`, RFC 9112 §3.2.2) missed it and got the web app's page
 * (sweep four). It becomes its path here first, as the HTTP handlers do (toOriginForm); a target
 * or Host they would refuse is left as it is, so that they answer it with their 400 problem.
 */
function absoluteTargetToPath(req: IncomingMessage): void {
  // (toOriginForm changes nothing when it refuses)
  if (req.url !== undefined && !req.url.startsWith('/') && !ambiguousRequest(req)) toOriginForm(req);
}

/** how long a refused connection's transport stays open for the refusal to reach the client */
const REFUSED_TRANSPORT_CLOSE_MS = 500;

/**
 * Socket.IO on the query-api: the handshake checks the Origin and the session cookie, rooms are
 * joined after a permission check against the socket's current role, and each change notice
 * becomes one `changed` message to the rooms it concerns. Every instance listens to the change bus
 * itself and acts on its own sockets only (`local`), so with several instances behind Redis each
 * client gets one message, and a logout, deactivation or role change reaches every instance.
 */
export function createSocketServer(options: {
  httpServer: HttpServer;
  app: Koa;
  auth: Auth;
  bus: ChangeBus;
  log: Logger;
  adapter?: Parameters<Server['adapter']>[0];
  /** the users read model, for re-authorising sockets on a role change (default: the account store) */
  documents?: DocumentStore;
  /** origins besides the app's own that may open sockets (as for state-changing HTTP requests) */
  allowedOrigins?: readonly string[];
  /** Socket.IO's heartbeat (default 4 s + 4 s) */
  pingIntervalMs?: number;
  pingTimeoutMs?: number;
}) {
  const io = new Server(options.httpServer, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: false },
    // the heartbeat: a connection that dropped without closing (and its presence) ends within 8 s
    pingInterval: options.pingIntervalMs ?? 4_000,
    pingTimeout: options.pingTimeoutMs ?? 4_000,
  });
  if (options.adapter) io.adapter(options.adapter);
  sampledGauge('ats_socket_connections', 'Socket.IO connections open on this process', [], async () => [
    { labels: {}, value: io.engine.clientsCount },
  ]);
  const presence = createPresence(io, options.log);
  // Engine.IO answers /socket.io requests itself, outside Koa (its errors too, with no hook for
  // their headers): set the same security headers first, on every such request
  options.httpServer.prependListener('request', (req, res) => {
    absoluteTargetToPath(req);
    if (req.url?.startsWith('/socket.io')) for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  });
  options.httpServer.prependListener('upgrade', (req) => absoluteTargetToPath(req));
  // A request the HTTP side refuses as ambiguous (HTTP/1.1 without Host, two Hosts, a malformed
  // one) got Engine.IO's 200 and a session on /socket.io (sweep five): the same 400 problem here,
  // before Engine.IO looks at it (its own refusals are a 403 or a bare 400 of its own shape)
  io.engine.use((req: IncomingMessage, res: ServerResponse | { socket: Duplex }, next: (error?: unknown) => void) => {
    const problem = ambiguousRequest(req);
    if (!problem) return next();
    if (res instanceof ServerResponse) return answerProblem(res, 400, 'Bad Request', 'bad_request', problem);
    // an upgrade: no response object owns the socket yet
    res.socket.on('error', () => res.socket.destroy());
    res.socket.end(rawProblem(400, 'Bad Request', 'bad_request', problem));
  });
  const registry = createSocketRegistry<Socket>();
  const dataOf = (socket: Socket) => socket.data as SocketData;

  // A refused handshake answers the client's connect with the reason; our client then closes its
  // transport itself, but one that does not would hold the connection open answering pings. The
  // app has one namespace, so a refused connection has nothing left to carry: close it after the
  // reason has gone out.
  const refuse = (socket: Socket, next: (err?: Error) => void, reason: string) => {
    next(new Error(reason));
    setTimeout(() => socket.conn.close(), REFUSED_TRANSPORT_CLOSE_MS).unref();
  };
  io.use(async (socket, next) => {
    try {
      if (!handshakeOriginAllowed(options.app, socket.request, options.allowedOrigins)) return refuse(socket, next, 'forbidden origin');
      const user = await options.auth.authenticateRequest(options.app, socket.request);
      const sid = options.auth.sessionIdOf(options.app, socket.request);
      if (!user || !sid) return refuse(socket, next, 'unauthorized');
      const data: SocketData = { user, sessionKey: sessionKeyOf(sid) };
      socket.data = data;
      next();
    } catch (error) {
      options.log.warn('socket handshake failed', { error });
      refuse(socket, next, 'unauthorized');
    }
  });

  io.on('connection', (socket) => {
    const { user, sessionKey } = dataOf(socket);
    registry.add(socket, user.id, sessionKey);
    socket.on('disconnect', () => registry.remove(socket, user.id, sessionKey));
    void socket.join(`user:${user.id}`);
    limitSocketEvents(socket);
    shapeSocketPackets(socket);
    presence.attach(socket);
    socket.on(socketEvents.join, (room: unknown, ack?: Ack) => {
      const parsed = RoomSchema.safeParse(room);
      if (!parsed.success) return ack?.({ ok: false, error: 'unknown room' });
      // the role as of now: a role change re-authorises the socket (see reauthorise)
      if (!canJoin(dataOf(socket).user, parsed.data)) return ack?.({ ok: false, error: 'forbidden' });
      if (!socket.rooms.has(parsed.data) && joinedRoomCount(socket) >= SOCKET_LIMITS.rooms)
        return ack?.({ ok: false, error: 'too many rooms' });
      void socket.join(parsed.data);
      ack?.({ ok: true });
    });
    socket.on(socketEvents.leave, (room: unknown, ack?: Ack) => {
      if (typeof room !== 'string') return ack?.({ ok: false, error: 'unknown room' });
      if (isPrivateRoom(room)) return ack?.({ ok: false, error: 'private room' });
      void socket.leave(room);
      ack?.({ ok: true });
    });
  });

  const disconnectAll = (sockets: Socket[]) => {
    for (const socket of sockets) socket.disconnect(true);
  };

  /** The user's sockets on this instance take the new role and leave rooms it no longer allows; an inactive user's close. */
  async function reauthorise(userId: string) {
    const sockets = registry.ofUser(userId);
    if (sockets.length === 0) return;
    // the read model is at least as new as the notice; the account store is written right after the event
    const doc = options.documents
      ? await options.documents.collection<{ id: string; role: CurrentUser['role']; active: boolean }>('users').get(userId)
      : await options.auth.accounts.get(userId);
    if (!doc || !doc.active) return disconnectAll(sockets);
    for (const socket of sockets) {
      const user: CurrentUser = { ...dataOf(socket).user, role: doc.role };
      socket.data = { ...dataOf(socket), user };
      presence.reauthorise(socket);
      for (const room of socket.rooms) {
        if (room === socket.id || isPrivateRoom(room)) continue;
        const place = placeOfRoom(room);
        if (place) {
          if (!canJoin(user, permissionRoom(place))) void socket.leave(room);
          continue;
        }
        const parsed = RoomSchema.safeParse(room);
        if (!parsed.success || !canJoin(user, parsed.data)) void socket.leave(room);
      }
    }
  }

  function onUserNotice(notice: ChangeNotice) {
    for (const id of notice.ids.map(String)) {
      // deactivation ends the sockets at once; a new handshake finds no session
      if (notice.eventType === 'UserDeactivated') disconnectAll(registry.ofUser(id));
      else
        reauthorise(id).catch((error: unknown) => {
          options.log.warn('socket re-authorisation failed; closing the sockets', { error, userId: id });
          disconnectAll(registry.ofUser(id));
        });
    }
  }

  let unsubscribe: (() => Promise<void>) | null = null;
  return {
    io,
    async start() {
      unsubscribe = await options.bus.subscribe((notices) => {
        for (const notice of notices) {
          if (notice.readModel === SESSION_ENDED.readModel) {
            if (notice.eventType === SESSION_ENDED.eventType)
              for (const key of notice.ids) {
                // a request with this session is refused from now on, not after the session cache's second
                options.auth.sessions.forget({ sessionKeys: [String(key)] });
                disconnectAll(registry.ofSession(String(key)));
              }
            continue;
          }
          if (notice.readModel === 'users') onUserNotice(notice);
          const rooms = roomsFor(notice);
          if (rooms.length === 0) continue;
          const message: ChangedMessage = {
            position: notice.position,
            readModel: notice.readModel,
            ids: notice.ids,
            eventType: notice.eventType,
            actor: notice.actor,
            ...(notice.patches?.length ? { patches: notice.patches } : {}),
          };
          io.local.to(rooms).emit(socketEvents.changed, message);
          metrics.noticesSent.inc({ read_model: notice.readModel });
        }
      });
    },
    async stop() {
      await unsubscribe?.();
      presence.close();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
export type SocketServer = ReturnType<typeof createSocketServer>;
