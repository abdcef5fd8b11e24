export * from './installation';
export * from './plan';
export * from './check';
