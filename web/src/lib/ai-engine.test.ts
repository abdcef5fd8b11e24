import { getDefaultStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { engineLabel, lastAiEngineAtom, noteAiEngine } from './ai-engine';

describe('AI engine', () => {
  it('names the engine', () => {
    expect(engineLabel({ engine: 'builtin', model: 'rules' })).toBe('Built-in engine');
    expect(engineLabel({ engine: 'llm', model: 'gpt-4o-mini' })).toBe('LLM · gpt-4o-mini');
    expect(engineLabel(undefined)).toBeNull();
  });
  it('remembers the engine of the latest reply and passes the reply on', () => {
    const reply = { score: 80, engine: { engine: 'llm' as const, model: 'gpt-4o-mini', promptVersion: '1' } };
    expect(noteAiEngine(reply)).toBe(reply);
    expect(getDefaultStore().get(lastAiEngineAtom)).toEqual(reply.engine);
  });
});
