export * from './projection';
export * from './runner';
export * from './projections';
