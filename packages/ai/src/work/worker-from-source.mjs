// Worker entry when the server runs from TypeScript source (tests, dev): Node 20 ignores
// `--import tsx` in a worker's execArgv, so the worker loads worker.ts through tsx's API.
// Production bundles use dist/ai-worker.js instead (scripts/build.mjs).
import { tsImport } from 'tsx/esm/api';

const jobs = await tsImport('./worker.ts', import.meta.url);

export const { parseResumeJob, documentTextJob, builtinJob, selfTestJob, warmJob } = jobs;
