import { describe, expect, it } from 'vitest';
import { ConfigError } from '@ats/http-kit';
import { loadConfig } from './config';

describe('the standalone configuration: the embedded store memory', () => {
  it('runs the embedded store with 32MB of shared_buffers unless told otherwise', () => {
    expect(loadConfig({}).ATS_PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(loadConfig({ ATS_PGLITE_SHARED_BUFFERS: '128MB' }).ATS_PGLITE_SHARED_BUFFERS).toBe('128MB');
  });

  it('refuses a size PostgreSQL would not read, naming the variable', () => {
    expect(() => loadConfig({ ATS_PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(ConfigError);
    expect(() => loadConfig({ ATS_PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(/ATS_PGLITE_SHARED_BUFFERS/);
  });
});
