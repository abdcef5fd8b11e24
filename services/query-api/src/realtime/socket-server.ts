import type { Server as HttpServer } from 'node:http';
import type Koa from 'koa';
import { Server } from 'socket.io';
import { RoomSchema, socketEvents, type ChangedMessage, type CurrentUser } from '@ats/contracts';
import type { ChangeBus } from '@ats/storage';
import type { Auth, Logger } from '@ats/http-kit';
import { canJoin, roomsFor } from './rooms';

const ENDS_SOCKETS = new Set(['UserDeactivated', 'UserRoleChanged']);

type Ack = (reply: { ok: true } | { ok: false; error: string }) => void;

/**
 * Socket.IO on the query-api: the handshake is authenticated with the session cookie, rooms are
 * joined after a permission check, and each change notice becomes one `changed` message to the
 * rooms it concerns. Every instance listens to the change bus itself and emits to its own
 * sockets only (`local`), so with several instances behind Redis each client gets one message.
 */
export function createSocketServer(options: {
  httpServer: HttpServer;
  app: Koa;
  auth: Auth;
  bus: ChangeBus;
  log: Logger;
  adapter?: Parameters<Server['adapter']>[0];
}) {
  const io = new Server(options.httpServer, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  if (options.adapter) io.adapter(options.adapter);

  io.use(async (socket, next) => {
    try {
      const user = await options.auth.authenticateRequest(options.app, socket.request);
      if (!user) return next(new Error('unauthorized'));
      socket.data.user = user;
      next();
    } catch (error) {
      options.log.warn('socket handshake failed', { error });
      next(new Error('unauthorized'));
    }
  });

  io.on('connection', (socket) => {
    const user = socket.data.user as CurrentUser;
    void socket.join(`user:${user.id}`);
    socket.on(socketEvents.join, (room: unknown, ack?: Ack) => {
      const parsed = RoomSchema.safeParse(room);
      if (!parsed.success) return ack?.({ ok: false, error: 'unknown room' });
      if (!canJoin(user, parsed.data)) return ack?.({ ok: false, error: 'forbidden' });
      void socket.join(parsed.data);
      ack?.({ ok: true });
    });
    socket.on(socketEvents.leave, (room: unknown, ack?: Ack) => {
      if (typeof room === 'string') void socket.leave(room);
      ack?.({ ok: true });
    });
  });

  let unsubscribe: (() => Promise<void>) | null = null;
  return {
    io,
    async start() {
      unsubscribe = await options.bus.subscribe((notices) => {
        for (const notice of notices) {
          // a deactivated user (or one whose role changed) loses their sockets at once; a new
          // handshake checks the account again, so only a still-active user comes back, with the new role
          if (notice.readModel === 'users' && ENDS_SOCKETS.has(notice.eventType)) {
            for (const id of notice.ids) io.in(`user:${id}`).disconnectSockets(true);
          }
          const rooms = roomsFor(notice);
          if (rooms.length === 0) continue;
          const message: ChangedMessage = {
            position: notice.position,
            readModel: notice.readModel,
            ids: notice.ids,
            eventType: notice.eventType,
            actor: notice.actor,
          };
          io.local.to(rooms).emit(socketEvents.changed, message);
        }
      });
    },
    async stop() {
      await unsubscribe?.();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
export type SocketServer = ReturnType<typeof createSocketServer>;
