import { z } from 'zod';
import { ServiceEnvSchema, parseConfig, port } from '@ats/http-kit';

const EnvSchema = ServiceEnvSchema.and(
  z.object({
    PORT: port(3002),
    /** the command-api's resume files (one shared volume), served by resume downloads */
    BLOB_DIR: z.string().min(1).default('./data/blobs'),
  }),
);

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(EnvSchema, env);
}
