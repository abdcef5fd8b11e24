export * from './match-keys';
export * from './privacy';
