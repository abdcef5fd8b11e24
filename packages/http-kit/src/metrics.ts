import { timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { z } from 'zod';
import type { EventStore } from '@ats/storage';

/**
 * Prometheus metrics of this process (prom-client), one registry per process: the standalone
 * server's three services share it, each separately deployed service has its own. Labels are
 * bounded: the route template (`/api/candidates/:id`, never the raw path), the problem code, the
 * command, the read model.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'ats_' }); // heap, event-loop lag, GC, CPU

export const METRICS_PATH = '/metrics';

export const MetricsEnvShape = {
  /** a bearer token that may read /metrics (besides a signed-in admin); unset: admins only */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
};

export const metrics = {
  requests: new Counter({
    name: 'ats_http_requests_total',
    help: 'HTTP requests by service, method, route template and status',
    labelNames: ['service', 'method', 'route', 'status'] as const,
    registers: [metricsRegistry],
  }),
  latency: new Histogram({
    name: 'ats_http_request_duration_seconds',
    help: 'HTTP request latency by service, method and route template',
    labelNames: ['service', 'method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metricsRegistry],
  }),
  errors: new Counter({
    name: 'ats_http_errors_total',
    help: 'Error replies (problem+json) by service, status and code',
    labelNames: ['service', 'status', 'code'] as const,
    registers: [metricsRegistry],
  }),
  commands: new Counter({
    name: 'ats_commands_total',
    help: 'Commands (write requests on a command route) by method and route template, and outcome (accepted, rejected)',
    labelNames: ['command', 'outcome'] as const,
    registers: [metricsRegistry],
  }),
  eventsAppended: new Counter({
    name: 'ats_events_appended_total',
    help: 'Events appended to the log by commands',
    registers: [metricsRegistry],
  }),
  noticesSent: new Counter({
    name: 'ats_socket_notices_sent_total',
    help: 'Socket.IO "changed" notices emitted, by read model',
    labelNames: ['read_model'] as const,
    registers: [metricsRegistry],
  }),
};

/** A gauge whose value is read when scraped (projection lag, socket connections, …). */
export function sampledGauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  sample: () => Promise<Array<{ labels: Partial<Record<L, string>>; value: number }>>,
): void {
  metricsRegistry.removeSingleMetric(name);
  new Gauge<L>({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      for (const { labels, value } of await sample()) this.set(labels, value);
    },
  });
}

/** Route label: the router's matched template, else one bucket for everything unmatched. */
function routeOf(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (typeof matched === 'string') return matched;
  return ctx.path === '/healthz' || ctx.path === METRICS_PATH ? ctx.path : 'unmatched';
}

/** Records one finished request (called by the request log middleware). */
export function observeRequest(service: string, ctx: Context, seconds: number): void {
  const route = routeOf(ctx);
  const status = String(ctx.status);
  metrics.requests.inc({ service, method: ctx.method, route, status });
  metrics.latency.observe({ service, method: ctx.method, route }, seconds);
  // a write request on a command route is a command
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && route !== 'unmatched')
    metrics.commands.inc({ command: `${ctx.method} ${route}`, outcome: ctx.status < 400 ? 'accepted' : 'rejected' });
  if (ctx.status >= 400) {
    const body = ctx.body as { code?: unknown } | null | undefined;
    const problemCode = (ctx.state as { problemCode?: unknown }).problemCode;
    const code =
      typeof problemCode === 'string'
        ? problemCode
        : body && typeof body === 'object' && typeof body.code === 'string'
          ? body.code
          : 'none';
    metrics.errors.inc({ service, status, code });
  }
}

function tokenMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus text format, for a signed-in admin or `Authorization: Bearer
 * <METRICS_TOKEN>`; 401 otherwise (403 for a signed-in non-admin). Install after the session
 * middleware so ctx.state.user is known.
 */
export function metricsEndpoint(options: { token?: string | undefined }) {
  return async (ctx: Context, next: Next) => {
    if (ctx.path !== METRICS_PATH) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const bearer = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1];
    const user = ctx.state.user as { role?: string } | undefined;
    const allowed = (options.token && bearer && tokenMatches(bearer, options.token)) || user?.role === 'admin';
    if (!allowed) {
      const status = user ? 403 : 401;
      ctx.status = status;
      ctx.type = 'application/problem+json';
      ctx.body = {
        type: `https://ats.example/problems/${user ? 'forbidden' : 'unauthorized'}`,
        title: user ? 'Forbidden' : 'Unauthorized',
        status,
        detail: user ? 'Metrics are for admins.' : 'Sign in as an admin or send the metrics token.',
        code: user ? 'forbidden' : 'unauthorized',
      };
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metricsRegistry.contentType;
    ctx.body = await metricsRegistry.metrics();
  };
}

/** The event store, counting what it appends (`ats_events_appended_total`); every other member as is. */
export function countingAppends(eventStore: EventStore): EventStore {
  const append: EventStore['append'] = async (stream, events, options) => {
    const result = await eventStore.append(stream, events, options);
    metrics.eventsAppended.inc(events.length);
    return result;
  };
  const appendMany: EventStore['appendMany'] = async (appends) => {
    const results = await eventStore.appendMany(appends);
    metrics.eventsAppended.inc(appends.reduce((n, a) => n + a.events.length, 0));
    return results;
  };
  return new Proxy(eventStore, {
    get(target, prop, receiver) {
      if (prop === 'append') return append;
      if (prop === 'appendMany') return appendMany;
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
