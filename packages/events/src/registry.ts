import type { z } from 'zod';
import { AiAnalysisRecordedSchema } from './catalogue/ai';
import {
  ApplicationCreatedSchema,
  ApplicationDetachedSchema,
  ApplicationPairReleasedSchema,
  ApplicationPairReservedSchema,
  ApplicationRestoredSchema,
  ApplicationStageChangedSchema,
  PlacementRecordedSchema,
  ApplicationSourceChangedSchema,
} from './catalogue/application';
import {
  CandidateDeletedSchema,
  CandidateResumeUploadedSchema,
  CandidateEmailReleasedSchema,
  CandidateEmailReservedSchema,
  CandidateRegisteredSchema,
  CandidateUpdatedSchema,
  CandidateRestoredSchema,
  CandidateStatusFollowedPlacementSchema,
} from './catalogue/candidate';
import {
  ClientContactAddedSchema,
  ClientContactDeletedSchema,
  ClientCreatedSchema,
  ClientDeletedSchema,
  ClientUpdatedSchema,
  ClientRestoredSchema,
  ClientContactRestoredSchema,
} from './catalogue/client';
import { CommunicationRecordedSchema } from './catalogue/communication';
import {
  InterviewCancelledSchema,
  InterviewCompletedSchema,
  InterviewDetailsChangedSchema,
  InterviewReinstatedSchema,
  InterviewRescheduledSchema,
  InterviewScheduledSchema,
} from './catalogue/interview';
import { CalendarFeedTokenRotatedSchema, InterviewInvitationSentSchema } from './catalogue/calendar';
import { LinkedinJobIdReservedSchema, LinkedinJobPostedSchema } from './catalogue/linkedin';
import {
  TaskCreatedSchema,
  TaskDeletedSchema,
  TaskDetailsChangedSchema,
  TaskReassignedSchema,
  TaskRestoredSchema,
  TaskStatusChangedSchema,
} from './catalogue/task';
import { DemoDataSeededSchema, IdReservedSchema, IdsReservedSchema } from './catalogue/ids';
import { JobCreatedSchema, JobDeletedSchema, JobRestoredSchema, JobUpdatedSchema } from './catalogue/job';
import { NoteAddedSchema } from './catalogue/note';
import {
  AllNotificationsReadSchema,
  NotificationPreferencesChangedSchema,
  NotificationsReadSchema,
  RecordFollowedSchema,
  RecordUnfollowedSchema,
} from './catalogue/notification';
import { AuditLogExportedSchema } from './catalogue/audit-log';
import { RecordsAccessedSchema } from './catalogue/access';
import { CandidateAnonymisedSchema, CandidateErasedSchema, ClientContactErasedSchema, EventLogMigratedSchema } from './catalogue/privacy';
import { ImportCompletedSchema, ImportRowsProcessedSchema, ImportStartedSchema, ImportUploadedSchema } from './catalogue/data-import';
import {
  CandidateConsentRecordedSchema,
  CandidateRetentionExtendedSchema,
  CandidatesMergedSchema,
  CandidatesUnmergedSchema,
  RetentionPolicySetSchema,
} from './catalogue/data-protection';
import {
  UserDeactivatedSchema,
  UserEmailReservedSchema,
  UserPasswordResetSchema,
  UserReactivatedSchema,
  UserRegisteredSchema,
  UserRoleChangedSchema,
} from './catalogue/user';

/**
 * Every event type with its current schema and version. A changed shape bumps `version`, keeps
 * the old schema under `previous`, and adds an upcaster in `upcasters.ts`.
 */
export const eventRegistry = {
  IdReserved: { version: 1, schema: IdReservedSchema },
  DemoDataSeeded: { version: 1, schema: DemoDataSeededSchema },
  UserRegistered: { version: 1, schema: UserRegisteredSchema },
  CandidateRegistered: { version: 1, schema: CandidateRegisteredSchema },
  CandidateDeleted: { version: 1, schema: CandidateDeletedSchema },
  CandidateEmailReserved: { version: 1, schema: CandidateEmailReservedSchema },
  CandidateEmailReleased: { version: 1, schema: CandidateEmailReleasedSchema },
  NoteAdded: { version: 1, schema: NoteAddedSchema },
  ClientCreated: { version: 1, schema: ClientCreatedSchema },
  ClientContactAdded: { version: 1, schema: ClientContactAddedSchema },
  JobCreated: { version: 1, schema: JobCreatedSchema },
  ApplicationCreated: { version: 1, schema: ApplicationCreatedSchema },
  ApplicationStageChanged: { version: 1, schema: ApplicationStageChangedSchema },
  ApplicationPairReserved: { version: 1, schema: ApplicationPairReservedSchema },
  UserRoleChanged: { version: 1, schema: UserRoleChangedSchema },
  UserDeactivated: { version: 1, schema: UserDeactivatedSchema },
  UserReactivated: { version: 1, schema: UserReactivatedSchema },
  UserPasswordReset: { version: 1, schema: UserPasswordResetSchema },
  CandidateUpdated: { version: 1, schema: CandidateUpdatedSchema },
  ClientUpdated: { version: 1, schema: ClientUpdatedSchema },
  ClientDeleted: { version: 1, schema: ClientDeletedSchema },
  ClientContactDeleted: { version: 1, schema: ClientContactDeletedSchema },
  JobUpdated: { version: 1, schema: JobUpdatedSchema },
  JobDeleted: { version: 1, schema: JobDeletedSchema },
  ApplicationDetached: { version: 1, schema: ApplicationDetachedSchema },
  ApplicationPairReleased: { version: 1, schema: ApplicationPairReleasedSchema },
  PlacementRecorded: { version: 1, schema: PlacementRecordedSchema },
  InterviewScheduled: { version: 1, schema: InterviewScheduledSchema },
  TaskCreated: { version: 1, schema: TaskCreatedSchema },
  TaskStatusChanged: { version: 1, schema: TaskStatusChangedSchema },
  CommunicationRecorded: { version: 2, schema: CommunicationRecordedSchema },
  AiAnalysisRecorded: { version: 1, schema: AiAnalysisRecordedSchema },
  LinkedinJobPosted: { version: 1, schema: LinkedinJobPostedSchema },
  LinkedinJobIdReserved: { version: 1, schema: LinkedinJobIdReservedSchema },
  CandidateResumeUploaded: { version: 1, schema: CandidateResumeUploadedSchema },
  CandidateRestored: { version: 1, schema: CandidateRestoredSchema },
  ClientRestored: { version: 1, schema: ClientRestoredSchema },
  ClientContactRestored: { version: 1, schema: ClientContactRestoredSchema },
  JobRestored: { version: 1, schema: JobRestoredSchema },
  CandidateStatusFollowedPlacement: { version: 1, schema: CandidateStatusFollowedPlacementSchema },
  RecordFollowed: { version: 1, schema: RecordFollowedSchema },
  RecordUnfollowed: { version: 1, schema: RecordUnfollowedSchema },
  NotificationsRead: { version: 1, schema: NotificationsReadSchema },
  AllNotificationsRead: { version: 1, schema: AllNotificationsReadSchema },
  NotificationPreferencesChanged: { version: 1, schema: NotificationPreferencesChangedSchema },
  ApplicationRestored: { version: 1, schema: ApplicationRestoredSchema },
  InterviewRescheduled: { version: 1, schema: InterviewRescheduledSchema },
  InterviewCancelled: { version: 1, schema: InterviewCancelledSchema },
  InterviewReinstated: { version: 1, schema: InterviewReinstatedSchema },
  InterviewCompleted: { version: 1, schema: InterviewCompletedSchema },
  InterviewDetailsChanged: { version: 1, schema: InterviewDetailsChangedSchema },
  CalendarFeedTokenRotated: { version: 1, schema: CalendarFeedTokenRotatedSchema },
  InterviewInvitationSent: { version: 1, schema: InterviewInvitationSentSchema },
  TaskDetailsChanged: { version: 1, schema: TaskDetailsChangedSchema },
  TaskReassigned: { version: 1, schema: TaskReassignedSchema },
  TaskDeleted: { version: 1, schema: TaskDeletedSchema },
  TaskRestored: { version: 1, schema: TaskRestoredSchema },
  AuditLogExported: { version: 1, schema: AuditLogExportedSchema },
  RecordsAccessed: { version: 1, schema: RecordsAccessedSchema },
  ApplicationSourceChanged: { version: 1, schema: ApplicationSourceChangedSchema },
  CandidateErased: { version: 1, schema: CandidateErasedSchema },
  ClientContactErased: { version: 1, schema: ClientContactErasedSchema },
  EventLogMigrated: { version: 1, schema: EventLogMigratedSchema },
  ImportUploaded: { version: 1, schema: ImportUploadedSchema },
  ImportStarted: { version: 1, schema: ImportStartedSchema },
  ImportRowsProcessed: { version: 1, schema: ImportRowsProcessedSchema },
  ImportCompleted: { version: 1, schema: ImportCompletedSchema },
  CandidateConsentRecorded: { version: 1, schema: CandidateConsentRecordedSchema },
  RetentionPolicySet: { version: 1, schema: RetentionPolicySetSchema },
  CandidateRetentionExtended: { version: 1, schema: CandidateRetentionExtendedSchema },
  CandidatesMerged: { version: 1, schema: CandidatesMergedSchema },
  CandidatesUnmerged: { version: 1, schema: CandidatesUnmergedSchema },
  CandidateAnonymised: { version: 1, schema: CandidateAnonymisedSchema },
  IdsReserved: { version: 1, schema: IdsReservedSchema },
  UserEmailReserved: { version: 1, schema: UserEmailReservedSchema },
} as const satisfies Record<string, { version: number; schema: z.ZodType }>;

export type EventRegistry = typeof eventRegistry;
export type EventType = keyof EventRegistry;
export const EVENT_TYPES = Object.keys(eventRegistry) as EventType[];

/** A domain event: a type and its data, before it is recorded. */
export type DomainEvent = {
  [K in EventType]: { type: K; data: z.infer<EventRegistry[K]['schema']> };
}[EventType];

export type EventOfType<K extends EventType> = Extract<DomainEvent, { type: K }>;
export type EventData<K extends EventType> = EventOfType<K>['data'];

export function isEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(eventRegistry, type);
}
