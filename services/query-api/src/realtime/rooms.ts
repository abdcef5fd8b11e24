import { unknownReadModel, type CurrentUser, type Room } from '@ats/contracts';
import type { ChangeNotice } from '@ats/storage';

/** Which rooms a role may join. Every role may read, the team room is for admins; the check runs per join. */
export function canJoin(user: CurrentUser, room: Room): boolean {
  // the team (users and their roles) is an admin screen, like GET /api/users
  if (room === 'team') return user.role === 'admin';
  return ['admin', 'manager', 'recruiter', 'auditor'].includes(user.role) && room.length > 0;
}

/** Rooms the server puts a socket in for its own bookkeeping: a client can neither join nor leave them. */
export const isPrivateRoom = (room: string) => room.startsWith('user:') || room.startsWith('session:');

const refRooms = (notice: ChangeNotice, key: string, prefix: string) => (notice.refs?.[key] ?? []).map((id) => `${prefix}:${id}`);

/** The rooms a change notice concerns (a case per read model: see `READ_MODELS`). */
export function roomsFor(notice: ChangeNotice): string[] {
  const ids = notice.ids;
  const readModel = notice.readModel;
  switch (readModel) {
    case 'applications':
      return ['pipeline', 'dashboard', 'jobs', ...refRooms(notice, 'candidateId', 'candidate'), ...refRooms(notice, 'jobId', 'job')];
    case 'candidates':
      return ['candidates', 'pipeline', 'dashboard', ...ids.map((id) => `candidate:${id}`)];
    case 'notes':
      return refRooms(notice, 'candidateId', 'candidate');
    case 'clients':
      return ['clients', 'jobs', 'pipeline', ...ids.map((id) => `client:${id}`)];
    case 'jobs':
      return ['jobs', 'pipeline', 'dashboard', ...ids.map((id) => `job:${id}`)];
    case 'activities':
      return ['feed', 'dashboard'];
    case 'interviews':
      return ['dashboard', 'calendar', ...refRooms(notice, 'candidateId', 'candidate'), ...refRooms(notice, 'jobId', 'job')];
    case 'tasks':
      // the dashboard and the Tasks screen (which joins the dashboard room), and the related record's page
      return [
        'dashboard',
        ...refRooms(notice, 'candidateId', 'candidate'),
        ...refRooms(notice, 'jobId', 'job'),
        ...refRooms(notice, 'clientId', 'client'),
      ];
    case 'placements':
    case 'ai_stats':
      return ['dashboard'];
    case 'communications':
      return ['communications', ...refRooms(notice, 'candidateId', 'candidate'), ...refRooms(notice, 'clientId', 'client')];
    case 'linkedin_job_posts':
      return ['jobs', ...refRooms(notice, 'jobId', 'job')];
    case 'users':
      return ['team', ...ids.map((id) => `user:${id}`)];
    case 'notifications':
    case 'notification_inboxes':
      // one user's bell: their private room only
      return refRooms(notice, 'userId', 'user');
    case 'interview_invitations':
      // whether the candidate's calendar is current: shown with the interview
      return ['dashboard', 'calendar', ...refRooms(notice, 'candidateId', 'candidate')];
    case 'candidate_privacy':
      // a candidate's Privacy card and the retention review (which joins the candidates room)
      return ['candidates', ...ids.map((id) => `candidate:${id}`)];
    case 'privacy_settings':
      return ['candidates'];
    case 'deleted_records':
    case 'activity_lookup':
    case 'notification_subjects':
    case 'calendar_feeds':
    case 'candidate_match_keys':
      // the projector's own helpers: never announced
      return [];
    case 'record_events':
      // the records' History tabs (an application's History is on its job's board)
      return [
        ...refRooms(notice, 'candidateId', 'candidate'),
        ...refRooms(notice, 'clientId', 'client'),
        ...refRooms(notice, 'jobId', 'job'),
      ];
    case 'analytics_activity':
      return ['analytics'];
    case 'analytics_job_health':
      // the Analytics screen, and the stale chips of the jobs list
      return ['analytics', 'jobs', ...refRooms(notice, 'jobId', 'job')];
    case 'analytics_applications':
    case 'analytics_candidates':
      // the Analytics screen joins the dashboard room (its figures reconcile with the dashboard's);
      // source effectiveness reads these two too
      return ['dashboard', 'analytics'];
    case 'analytics_jobs':
      // the Analytics screen joins the dashboard room (its figures reconcile with the dashboard's)
      return ['dashboard'];
    case 'audit_subjects':
      // the audit search's person index: never announced
      return [];
    case 'sessions':
      // a signal between instances (a signed-out session's sockets close), not a change to show
      return [];
    default:
      return unknownReadModel(readModel);
  }
}
