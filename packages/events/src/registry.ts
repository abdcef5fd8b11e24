import type { z } from 'zod';
import { ApplicationCreatedSchema, ApplicationPairReservedSchema, ApplicationStageChangedSchema } from './catalogue/application';
import {
  CandidateDeletedSchema,
  CandidateEmailReleasedSchema,
  CandidateEmailReservedSchema,
  CandidateRegisteredSchema,
} from './catalogue/candidate';
import { ClientContactAddedSchema, ClientCreatedSchema } from './catalogue/client';
import { DemoDataSeededSchema, IdReservedSchema } from './catalogue/ids';
import { JobCreatedSchema } from './catalogue/job';
import { NoteAddedSchema } from './catalogue/note';
import { UserRegisteredSchema } from './catalogue/user';

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
