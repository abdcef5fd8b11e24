import { z } from 'zod';
import { ServiceEnvSchema, parseConfig, port } from '@ats/http-kit';

const EnvSchema = ServiceEnvSchema.and(z.object({ PORT: port(3002) }));

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(EnvSchema, env);
}
