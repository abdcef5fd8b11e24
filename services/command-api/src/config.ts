import { z } from 'zod';
import { NewPasswordSchema } from '@ats/contracts';
import { ServiceEnvSchema, parseConfig, port } from '@ats/http-kit';
import { INTEGRATION_ENV_MESSAGE, IntegrationEnvShape, refineIntegrationEnv } from './integrations';

const EnvSchema = ServiceEnvSchema.and(
  z
    .object({
      PORT: port(3001),
      /** the first admin, created when no account exists */
      ATS_ADMIN_EMAIL: z.string().email().optional(),
      ATS_ADMIN_PASSWORD: NewPasswordSchema.optional(),
      /** where resume files are kept (a shared volume when several command-api instances run) */
      BLOB_DIR: z.string().min(1).default('./data/blobs'),
      ...IntegrationEnvShape,
    })
    .refine(refineIntegrationEnv, INTEGRATION_ENV_MESSAGE),
);

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(EnvSchema, env);
}
