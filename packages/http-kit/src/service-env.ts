import { z } from 'zod';
import { HttpTrustEnvShape } from './web-security';
import { MetricsEnvShape } from './metrics';

/**
 * Environment shared by the separately deployed services: which stores to use and how they
 * talk. PostgreSQL mode: DATABASE_URL. Production mode: EVENTSTORE_URL + MONGODB_URL.
 */
export const ServiceEnvSchema = z
  .object({
    DATABASE_URL: z.string().url().optional(),
    EVENTSTORE_URL: z.string().min(1).optional(),
    MONGODB_URL: z.string().min(1).optional(),
    /** change notices between processes (required when the services run apart) */
    REDIS_URL: z.string().url(),
    /** the Redis channel change notices travel on */
    CHANGES_CHANNEL: z.string().min(1).default('ats:changes'),
    /** signs session cookies; the same value on every command-api and query-api instance */
    SESSION_SECRET: z.string().min(16, 'must be at least 16 characters'),
    /** TRUST_PROXY, SECURE_COOKIES, PUBLIC_ORIGIN (see web-security.ts) */
    ...HttpTrustEnvShape,
    /** METRICS_TOKEN: who may read /metrics besides a signed-in admin */
    ...MetricsEnvShape,
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    /** the installation's Ed25519 private key (PKCS#8 PEM or base64 DER): signs the event log's checkpoints and exports; the same on every instance */
    ATS_SIGNING_KEY: z.string().min(40).optional(),
  })
  .refine((env) => env.DATABASE_URL || (env.EVENTSTORE_URL && env.MONGODB_URL), {
    message: 'set DATABASE_URL (PostgreSQL mode) or both EVENTSTORE_URL and MONGODB_URL (production mode)',
    path: ['DATABASE_URL'],
  });

export type StorageConfig = { kind: 'postgres'; url: string } | { kind: 'production'; eventStoreUrl: string; mongoUrl: string };

export function storageConfigOf(env: {
  DATABASE_URL?: string | undefined;
  EVENTSTORE_URL?: string | undefined;
  MONGODB_URL?: string | undefined;
}): StorageConfig {
  if (env.EVENTSTORE_URL && env.MONGODB_URL) return { kind: 'production', eventStoreUrl: env.EVENTSTORE_URL, mongoUrl: env.MONGODB_URL };
  return { kind: 'postgres', url: env.DATABASE_URL! };
}
