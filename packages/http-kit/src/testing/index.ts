// `@ats/http-kit/testing`: helpers for tests, drills and benchmarks of any service; never imported
// by production code (so never bundled into a service).
export { Client } from './http-client';
