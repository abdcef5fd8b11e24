export * from './projection';
export * from './projector-api';
export * from './runner';
export * from './checkpoint';
export * from './dead-letters';
export * from './notices';
export { REBUILD_SUFFIX } from './rebuild';
export * from './projections';
export * from './history';
