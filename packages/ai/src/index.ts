export * from './facts';
export * from './text';
export * from './port';
export * from './builtin-engine';
export * from './builtin';
export * from './llm-engine';
export * from './parse-resume';
export * from './pdf-text';
export { listZipEntries, type ZipEntry } from './documents/zip';
export { docxText, xmlToText } from './documents/docx';
export { docText } from './documents/doc';
export { MAX_RESUME_TEXT, MAX_DOCX_XML_BYTES, MAX_PDF_TOTAL_BYTES } from './documents/limits';
export type { DocumentKind, DocumentTextResult } from './documents/extract';
export {
  DEFAULT_WORK_POOL_OPTIONS,
  WorkLimitError,
  closeWorkPool,
  configureWorkPool,
  holdWorkPool,
  warmWorkPool,
  runJob,
  workPoolOptions,
  type WorkPoolOptions,
} from './work/work-pool';
export { createPooledBuiltinEngine } from './work/pooled-engine';
export { LLM_CONFIDENCE, mergeResumeReadings, readResume, RESUME_RULES_ENGINE, type ResumeReading } from './resume/read-resume';
