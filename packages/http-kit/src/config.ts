import { z } from 'zod';

/** Thrown at start-up when the environment is invalid; lists every bad variable at once. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parses `env` with a zod object schema; fails listing every bad variable; result is frozen. */
export function parseConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): Readonly<z.infer<S>> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return Object.freeze(result.data);
}

/** Common env fields shared by the services. */
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
export const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v && v.length > 0 ? v : undefined));
