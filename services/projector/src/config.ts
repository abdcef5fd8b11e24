import { z } from 'zod';
import { MetricsEnvShape, parseConfig, port } from '@ats/http-kit';

const EnvSchema = z
  .object({
    DATABASE_URL: z.string().url().optional(),
    EVENTSTORE_URL: z.string().min(1).optional(),
    MONGODB_URL: z.string().min(1).optional(),
    /** change notices to the query-api instances */
    REDIS_URL: z.string().url(),
    /** the Redis channel change notices travel on */
    CHANGES_CHANNEL: z.string().min(1).default('ats:changes'),
    /** /healthz with the projection lag */
    PORT: port(3003),
    BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
    /** METRICS_TOKEN: bearer token for /metrics (unset: /metrics answers 401) */
    ...MetricsEnvShape,
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  })
  .refine((env) => env.DATABASE_URL || (env.EVENTSTORE_URL && env.MONGODB_URL), {
    message: 'set DATABASE_URL (PostgreSQL mode) or both EVENTSTORE_URL and MONGODB_URL (production mode)',
    path: ['DATABASE_URL'],
  });

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(EnvSchema, env);
}
