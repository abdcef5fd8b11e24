import { atom, getDefaultStore } from 'jotai';
import type { AiEngineInfo, AiMeta } from '@ats/contracts';

/**
 * The engine named by the latest AI reply of this session. Shared (not in features/ai) because
 * AI calls live where their result is shown (a job's analysis in jobs/) and Integrations reads it.
 */
export const lastAiEngineAtom = atom<AiEngineInfo | null>(null);

/** Records which engine answered; returns the reply unchanged so it chains after a call. */
export function noteAiEngine<T extends Pick<AiMeta, 'engine'>>(reply: T): T {
  getDefaultStore().set(lastAiEngineAtom, reply.engine);
  return reply;
}

/** Which engine produced a result, for a small badge: "Built-in engine" or "LLM · gpt-4o-mini". */
export function engineLabel(engine: Pick<AiEngineInfo, 'engine' | 'model'> | null | undefined): string | null {
  if (!engine) return null;
  return engine.engine === 'llm' ? `LLM · ${engine.model}` : 'Built-in engine';
}
