import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import type { CurrentUser } from '@ats/contracts';
import type { Call } from '../domain/context';

/** Who, when and which request: the metadata every command carries. */
export function callOf(ctx: Context, user: CurrentUser, now: () => Date = () => new Date()): Call {
  const requestId = ctx.get('X-Request-Id');
  return {
    correlationId: /^[\w-]{8,64}$/.test(requestId) ? requestId : randomUUID(),
    metadata: {
      now: now().toISOString(),
      actor: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), role: user.role },
    },
  };
}
