import { z } from 'zod';

/**
 * Every read model the projector keeps, by the name its change notices carry. Both ends of the
 * live path switch over these names (the query-api's rooms, the browser's query keys), so a
 * free string would let them drift apart; each such switch ends in `unknownReadModel(name)`,
 * and the compiler names any read model a switch forgets.
 */
export const READ_MODELS = [
  'users',
  'candidates',
  'notes',
  'clients',
  'jobs',
  'applications',
  'interviews',
  'tasks',
  'communications',
  'linkedin_job_posts',
  'placements',
  'ai_stats',
  'activities',
  'deleted_records',
  'activity_lookup',
  'notifications',
  'notification_inboxes',
  'notification_subjects',
  'calendar_feeds',
  'interview_invitations',
  'record_events',
  'analytics_activity',
  'analytics_job_health',
  'analytics_applications',
  'analytics_jobs',
  'analytics_candidates',
  'candidate_match_keys',
  'candidate_privacy',
  'privacy_settings',
  'audit_subjects',
] as const;
export type ReadModelName = (typeof READ_MODELS)[number];
export const ReadModelNameSchema = z.enum(READ_MODELS);

/** Read models the projector keeps for itself (tombstones, the feed's name lookup): never announced. */
export const INTERNAL_READ_MODELS = [
  'deleted_records',
  'activity_lookup',
  'notification_subjects',
  'calendar_feeds',
  'candidate_match_keys',
  'audit_subjects',
] as const satisfies readonly ReadModelName[];

/**
 * Change-bus topics that are not read models: `sessions` (a signed-out session, so every
 * query-api instance closes its sockets). They never reach a browser.
 */
export const BUS_SIGNALS = ['sessions'] as const;
export type BusSignal = (typeof BUS_SIGNALS)[number];

export function isReadModelName(value: unknown): value is ReadModelName {
  return (READ_MODELS as readonly unknown[]).includes(value);
}

/**
 * The `default:` of a switch over read-model names. At compile time `name` is `never` only when
 * every name has its case; at run time a name this build does not know (a newer projector during
 * a rolling deploy) concerns nothing here.
 */
export function unknownReadModel(name: never): [] {
  void name;
  return [];
}
