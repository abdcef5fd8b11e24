import { z } from 'zod';
import { DEFAULT_WORK_POOL_OPTIONS, configureWorkPool, createLlmEngine, createPooledBuiltinEngine, type AiEngine } from '@ats/ai';
import { createOutbox, createPostmarkSender, type EmailSender } from '@ats/mail';
import { createFsBlobStore, type BlobStore } from '@ats/storage';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim().length > 0 ? v.trim() : undefined));

/**
 * Environment of the AI, e-mail and file adapters, shared by the command-api and the standalone
 * server (spread into their config schemas).
 */
export const IntegrationEnvShape = {
  /** set = the LLM engine (any OpenAI-compatible server); unset = the built-in rules engine */
  OPENAI_API_KEY: optionalText,
  /** e.g. http://localhost:11434/v1 for a local OpenAI-compatible server */
  OPENAI_BASE_URL: optionalText.pipe(z.string().url().optional()),
  /** default gpt-4o-mini */
  OPENAI_MODEL: optionalText,
  /** per-call timeout of the LLM engine (default 30000) */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** set = send e-mail through Postmark; unset = the local outbox (recorded, not delivered) */
  POSTMARK_SERVER_TOKEN: optionalText,
  /** the sender address (a Postmark sender signature); required with POSTMARK_SERVER_TOKEN */
  EMAIL_FROM: optionalText.pipe(z.string().email().optional()),
  /** the sender display name and the team named in sign-offs (default TalentFlow) */
  EMAIL_FROM_NAME: optionalText,
  /** threads of the worker pool that reads files, parses resumes and runs the built-in engine (default 2) */
  WORK_POOL_THREADS: z.coerce.number().int().min(1).max(64).default(DEFAULT_WORK_POOL_OPTIONS.maxThreads),
  /** time limit of one job in the pool; over it the request is a 422 (default 10000) */
  WORK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_WORK_POOL_OPTIONS.timeoutMs),
  /** heap limit of each pool thread in MB; over it the request is a 413 (default 256) */
  WORK_MEMORY_MB: z.coerce.number().int().min(32).max(16_384).default(DEFAULT_WORK_POOL_OPTIONS.memoryMb),
} as const;

export const IntegrationEnvSchema = z.object(IntegrationEnvShape);
export type IntegrationEnv = z.infer<typeof IntegrationEnvSchema>;

export const refineIntegrationEnv = <T extends { POSTMARK_SERVER_TOKEN?: string | undefined; EMAIL_FROM?: string | undefined }>(env: T) =>
  !env.POSTMARK_SERVER_TOKEN || Boolean(env.EMAIL_FROM);
export const INTEGRATION_ENV_MESSAGE = { message: 'EMAIL_FROM is required with POSTMARK_SERVER_TOKEN', path: ['EMAIL_FROM'] };

export const DEFAULT_TEAM_NAME = 'TalentFlow';

export interface Integrations {
  ai: AiEngine;
  mail: EmailSender;
  blobs: BlobStore;
  /** the team named in e-mail sign-offs */
  /** the agency named under the sender in e-mail sign-offs (EMAIL_FROM_NAME); null: none configured */
  teamName: string | null;
}

/** Builds the adapters from the parsed environment (and sets the worker pool's limits). */
export function createIntegrations(env: IntegrationEnv, blobDir: string): Integrations {
  configureWorkPool({ maxThreads: env.WORK_POOL_THREADS, timeoutMs: env.WORK_TIMEOUT_MS, memoryMb: env.WORK_MEMORY_MB });
  const ai = env.OPENAI_API_KEY
    ? createLlmEngine({
        apiKey: env.OPENAI_API_KEY,
        baseURL: env.OPENAI_BASE_URL,
        model: env.OPENAI_MODEL,
        timeoutMs: env.OPENAI_TIMEOUT_MS,
      })
    : createPooledBuiltinEngine();
  const mail =
    env.POSTMARK_SERVER_TOKEN && env.EMAIL_FROM
      ? createPostmarkSender({ serverToken: env.POSTMARK_SERVER_TOKEN, from: env.EMAIL_FROM, fromName: env.EMAIL_FROM_NAME })
      : createOutbox();
  return { ai, mail, blobs: createFsBlobStore(blobDir), teamName: env.EMAIL_FROM_NAME?.trim() || null };
}
