import { createHash } from 'node:crypto';
import { AiEngineError, WorkLimitError, type EngineInfo } from '@ats/ai';
import type { AiAnalysisRecorded } from '@ats/events';
import { DomainError } from '@ats/http-kit';
import type { Call, Deps } from '../context';
import { workLimitProblem } from '../../files/work-errors';
import { recordAiAnalysis } from './handlers';

/** JSON with object keys sorted at every level, so equal inputs hash equally. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

const FAILURE_TITLES: Record<AiEngineError['kind'], string> = {
  timeout: 'The AI engine did not answer in time.',
  bad_output: 'The AI engine returned an answer in the wrong shape.',
  refused: 'The AI engine declined to answer.',
  unavailable: 'The AI engine is unavailable.',
};

/** An engine failure: 502, the kind named, nothing recorded. */
export class AiEngineFailedError extends DomainError {
  constructor(error: AiEngineError) {
    super(
      502,
      'ai_engine_failed',
      'AI engine failed',
      `${FAILURE_TITLES[error.kind]} ${error.message === FAILURE_TITLES[error.kind] ? '' : `${error.message} `}Nothing was recorded; please try again.`
        .replace(/\s+/g, ' ')
        .trim(),
      {
        kind: error.kind,
      },
    );
  }
}

export interface AnalysisSpec<R extends Record<string, unknown>> {
  analysisType: AiAnalysisRecorded['analysisType'];
  entityType: AiAnalysisRecorded['entityType'];
  entityId: number | null;
  /** everything the engine sees: hashed into `inputHash` */
  input: unknown;
  run: () => Promise<R>;
  score?: (result: R) => number | null;
  confidence?: (result: R) => number | null;
  /** extra keys kept beside the result in the event (e.g. the job a match was about) */
  context?: Record<string, unknown>;
}

export interface AnalysisReply<R> {
  result: R;
  engine: EngineInfo;
  analysisId: number;
  position: number;
}

const clampTo = (v: number | null, max: number) => (v === null || !Number.isFinite(v) ? null : Math.min(max, Math.max(0, v)));

/**
 * Runs an engine call and records its result as ONE AiAnalysisRecorded event (engine, model,
 * prompt version, input hash). An engine failure appends nothing and becomes a 502.
 */
export async function runAnalysis<R extends Record<string, unknown>>(
  deps: Deps,
  call: Call,
  spec: AnalysisSpec<R>,
): Promise<AnalysisReply<R>> {
  const engine = deps.integrations.ai;
  let result: R;
  try {
    result = await spec.run();
  } catch (error) {
    if (error instanceof AiEngineError) throw new AiEngineFailedError(error);
    // the built-in engine runs in the worker pool: a scan over its limits is the input's fault
    if (error instanceof WorkLimitError) throw workLimitProblem(error, 'The analysis');
    throw error;
  }
  const info: EngineInfo = { ...engine.info };
  const recorded = await recordAiAnalysis(deps, call, {
    engine: info.engine,
    model: info.model,
    promptVersion: info.promptVersion,
    inputHash: sha256Hex(canonicalJson({ analysisType: spec.analysisType, input: spec.input })),
    analysisType: spec.analysisType,
    entityType: spec.entityType,
    entityId: spec.entityId,
    results: { ...result, ...(spec.context ?? {}) },
    score: clampTo(spec.score?.(result) ?? null, 100),
    confidence: clampTo(spec.confidence?.(result) ?? null, 1),
  });
  return { result, engine: info, analysisId: recorded.id!, position: recorded.position };
}
