export * from './match-keys';
export * from './privacy';
export * from './audit-subjects';
