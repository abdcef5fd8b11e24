export * from './facts';
export * from './text';
export * from './port';
export * from './builtin-engine';
export * from './builtin';
export * from './llm-engine';
export * from './parse-resume';
export * from './pdf-text';
