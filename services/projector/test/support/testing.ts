// `@ats/projector/testing`: event fixtures and real test stores for other packages' tests (drills).
export * from './events';
export * from './fixtures';
export * from './stores';
