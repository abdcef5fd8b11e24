export * from './fold';
export * from './field-changes';
export * from './record-history';
export * from './as-of';
