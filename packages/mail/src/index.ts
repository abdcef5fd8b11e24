export * from './port';
export * from './outbox';
export * from './postmark';
export * from './templates';
