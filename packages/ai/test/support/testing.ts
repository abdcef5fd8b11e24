// `@ats/ai/testing`: ZIP and DOCX writers for other packages' tests (resume uploads, drills).
export * from './zip-writer';
