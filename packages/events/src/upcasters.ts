import { upcastCommunicationRecordedV1 } from './catalogue/communication';

/**
 * Upcasters turn an older schema version of an event's data into the next one, on read. Key:
 * `${type}@${fromVersion}`. The codec applies them in a loop so a v1 event reads as the current
 * version.
 */
export type Upcaster = (data: unknown) => unknown;
export const upcasters: Record<string, Upcaster> = {
  'CommunicationRecorded@1': upcastCommunicationRecordedV1,
};
