export * from './app';
export * from './realtime/socket-server';
export * from './realtime/rooms';
export * from './read-models/names';
export * from './read-models/position-tracker';
export * from './read-models/queries';
export * from './access-log';
export type { SubjectSources } from './routes/subject-access';
