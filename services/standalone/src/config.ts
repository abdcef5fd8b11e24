import { z } from 'zod';
import { NewPasswordSchema } from '@ats/contracts';
import { SHARED_BUFFERS_PATTERN } from '@ats/storage';
import { HttpTrustEnvShape, MetricsEnvShape, parseConfig, port } from '@ats/http-kit';
import { INTEGRATION_ENV_MESSAGE, IntegrationEnvShape, refineIntegrationEnv } from '@ats/command-api';

const EnvSchema = z
  .object({
    /** HTTP port (default 3000) */
    PORT: port(3000),
    /** where the embedded PGlite store, blobs and generated secrets live */
    ATS_DATA_DIR: z.string().min(1).default('./data'),
    /** where the Backups screen's "Back up now" writes (default <data dir>/backups; best another disk) */
    ATS_BACKUP_DIR: z.string().min(1).optional(),
    /** the first admin; when unset a demo admin is created and its credentials are printed */
    ATS_ADMIN_EMAIL: z.string().email().optional(),
    ATS_ADMIN_PASSWORD: NewPasswordSchema.optional(),
    /** signs session cookies; generated and kept in the data dir when unset */
    SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** the Ed25519 private key (PKCS#8 PEM or its base64 DER) signing the event log; generated into the data dir when unset */
    ATS_SIGNING_KEY: z.string().min(40).optional(),
    /** load the demo agency on first start (default true) */
    ATS_DEMO_DATA: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /**
     * PostgreSQL's shared_buffers in the embedded store: resident for the life of the process
     * (WebAssembly memory never shrinks); what does not fit is read from the OS page cache
     * (README, B7). PostgreSQL's own default is 128MB.
     */
    ATS_PGLITE_SHARED_BUFFERS: z.string().regex(SHARED_BUFFERS_PATTERN, 'must look like 32MB (a number with kB, MB or GB)').default('32MB'),
    /** the built SPA (default web/dist beside the repo root) */
    ATS_WEB_DIR: z.string().optional(),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    /** TRUST_PROXY, SECURE_COOKIES, PUBLIC_ORIGIN (see @ats/http-kit web-security.ts) */
    ...HttpTrustEnvShape,
    /** METRICS_TOKEN: who may read /metrics besides a signed-in admin */
    ...MetricsEnvShape,
    /** OPENAI_*, POSTMARK_SERVER_TOKEN, EMAIL_FROM, EMAIL_FROM_NAME (see the command-api) */
    ...IntegrationEnvShape,
  })
  .refine(refineIntegrationEnv, INTEGRATION_ENV_MESSAGE)
  .refine((env) => !env.ATS_ADMIN_EMAIL === !env.ATS_ADMIN_PASSWORD, {
    message: 'ATS_ADMIN_EMAIL and ATS_ADMIN_PASSWORD must be set together',
    path: ['ATS_ADMIN_PASSWORD'],
  });

export type StandaloneConfig = z.infer<typeof EnvSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<StandaloneConfig> {
  return parseConfig(EnvSchema, env);
}
