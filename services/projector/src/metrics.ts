import { sampledGauge } from '@ats/http-kit';
import type { ProjectionAdmin } from './projection-admin';

/**
 * Per read model, read from the projection health the admin screen shows, when scraped: the lag
 * (events behind the head), the state, dead letters, and the progress of a rebuild (0–1).
 */
export function registerProjectionMetrics(admin: Pick<ProjectionAdmin, 'overview'>): void {
  let pending: ReturnType<ProjectionAdmin['overview']> | null = null;
  // one overview per scrape, shared by the gauges below
  const overview = () => {
    pending ??= admin.overview().finally(() => setTimeout(() => (pending = null), 0));
    return pending;
  };
  sampledGauge('ats_projection_lag_events', 'Events the read model is behind the head of the log', ['read_model'], async () =>
    (await overview()).readModels.map((rm) => ({ labels: { read_model: rm.name }, value: rm.lag })),
  );
  sampledGauge('ats_projection_state', 'The read model is in this state (1)', ['read_model', 'state'], async () =>
    (await overview()).readModels.map((rm) => ({ labels: { read_model: rm.name, state: rm.state }, value: 1 })),
  );
  sampledGauge('ats_projection_dead_letters', 'Dead-lettered events of the read model', ['read_model'], async () =>
    (await overview()).readModels.map((rm) => ({ labels: { read_model: rm.name }, value: rm.deadLetters.length })),
  );
  sampledGauge(
    'ats_projection_rebuild_progress_ratio',
    'Progress (0–1) of the running or last rebuild, per read model',
    ['read_model'],
    async () => {
      const rebuild = (await overview()).rebuild;
      if (!rebuild) return [];
      return rebuild.readModels.map((name) => ({ labels: { read_model: name }, value: rebuild.percent / 100 }));
    },
  );
}
