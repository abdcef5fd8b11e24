export * from './server';
export * from './config';
